/**
 * @jest-environment node
 */
import path from "node:path"
import { build } from "esbuild"
import { JSDOM } from "jsdom"
import {
  handshakeScript,
  problemPage as cmsProblemPage,
  signedInPage,
} from "../src/cmsAuth/signInPages"
import { cmsAuthTexts } from "../src/cmsAuth/signInTexts"
import { cmsAuthHeaders, endpointHeaders } from "../src/shared/policy"
import {
  confirmationPage,
  notAFormPage,
  problemPage,
} from "../src/membership/web/signup/signupPages"
import { signupTexts } from "../src/membership/web/signup/signupTexts"
import { fixedFontFiles } from "../src/theme/fontFaces"
import contact from "../data/contact.json"
import site from "../data/site.json"
import { filled } from "./setup/content"

// The endpoints' own pages (src/endpointPages/): the site's frame, rendered by React on the server.

const root = path.join(__dirname, "..")
const settings = filled(site)
const address = `ann.example.com"><script>alert(1)</script>`

const pages = {
  "thank-you": () => confirmationPage(signupTexts),
  problem: () => problemPage(signupTexts, "invalid", address),
  "not a form": () => notAFormPage(signupTexts),
  "CMS problem": () => cmsProblemPage("refused", { githubSaid: "redirect_uri_mismatch" }),
  "CMS signed in": () => signedInPage("gho_token"),
}

function parse(html: string) {
  return new JSDOM(html).window.document
}

describe.each(Object.entries(pages))("the %s page", (_name, render) => {
  const html = render()
  const document = parse(html)

  it("is a whole document in English, kept out of search, sized for a phone", () => {
    expect(html.startsWith('<!doctype html>\n<html lang="en">')).toBe(true)
    expect(document.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex")
    expect(document.querySelector('meta[name="viewport"]')?.getAttribute("content")).toBe(
      "width=device-width, initial-scale=1",
    )
    expect(document.title).toMatch(new RegExp(` \\| ${settings.brandName}$`))
  })

  it("has the site's header, with every link shown and the menu button hidden, and its footer", () => {
    const header = document.querySelector("header[data-site-header]")
    expect(header?.querySelector('a[href="/"]')?.textContent).toBe(settings.brandName)
    // The menu button could open nothing: the page's styles hide it below the desktop width.
    expect(header?.querySelector("button")?.hasAttribute("data-menu-button")).toBe(true)
    const styles = [...document.head.querySelectorAll("style")].map((style) => style.textContent)
    expect(styles.join("")).toMatch(/\[data-site-header\] \[data-menu-button\]\{display:none;?\}/)
    const menu = header?.querySelector(`nav[aria-label="${settings.navigationLabel}"]`)
    expect(
      [...(menu?.querySelectorAll("a") ?? [])].map((link) => link.getAttribute("href")),
    ).toEqual(settings.navigation.map((link) => link.path))
    // No page of the site is this one.
    expect(document.querySelector('[aria-current="page"]')).toBeNull()
    const footer = document.querySelector("footer")
    expect(footer?.textContent).toContain(settings.tagline)
    expect(footer?.textContent).toContain(settings.footer.copyright)
    expect(document.querySelector('a[href="#content"]')?.textContent).toBe(settings.skipLinkLabel)
  })

  it("has one h1, in <main>", () => {
    expect(document.querySelectorAll("h1")).toHaveLength(1)
    expect(document.querySelector("main#content h1")).not.toBeNull()
  })

  it("keeps every style in the head, and uses the site's faces from their fixed address", () => {
    expect(document.body.querySelector("style")).toBeNull()
    const styles = [...document.head.querySelectorAll("style")].map((style) => style.textContent)
    expect(styles.join("")).toContain(`url(${fixedFontFiles.body.url})`)
    expect(styles.join("")).toContain(`url(${fixedFontFiles.display.url})`)
    expect(styles.join("")).toContain('"Cormorant Garamond Fallback"')
  })
})

describe("scripts", () => {
  it.each(Object.entries(pages).filter(([name]) => name !== "CMS signed in"))(
    "the %s page has none",
    (_name, render) => {
      expect(render()).not.toContain("<script")
    },
  )

  it("the signed-in page has the hand-over alone, as its hash allows it, and the token as data", () => {
    const html = signedInPage("x</script><script>alert(1)//")
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1])
    expect(inline).toEqual([handshakeScript])
    expect(html.match(/<script/g)).toHaveLength(2)
    expect(html).toContain(
      '<script type="application/json" id="cms-auth-result">{"token":"x\\u003c/script>\\u003cscript>alert(1)//","provider":"github"}</script>',
    )
    // Shown by the script only if the hand-over fails.
    expect(parse(html).getElementById("cms-auth-lost")?.hasAttribute("hidden")).toBe(true)
  })
})

describe("the sign-up's pages", () => {
  it("thank-you: the toast's words and the way home", () => {
    const html = confirmationPage(signupTexts)
    const document = parse(html)
    expect(document.querySelector("h1")?.textContent).toBe(filled(contact.toast.title))
    expect(document.querySelector("main")?.textContent).toContain(filled(contact.toast.description))
    expect(html).toContain(`<a href="/">${contact.continueLabel}</a>`)
  })

  it("problem: the site's own form, with the problem beside the field and her address in it", () => {
    const html = problemPage(signupTexts, "invalid", address)
    const document = parse(html)
    expect(document.title).toBe(
      `${filled(contact.messages.heading)}: ${contact.messages.invalid} | ${settings.brandName}`,
    )
    expect(document.querySelectorAll("form")).toHaveLength(1)
    const form = document.querySelector("form")
    expect(form?.getAttribute("method")).toBe("post")
    expect(form?.getAttribute("action")).toBe("/api/subscribe")
    const field = document.getElementById("signup-email") as HTMLInputElement
    expect(field.name).toBe("email")
    expect(field.value).toBe(address)
    expect(field.hasAttribute("autofocus")).toBe(true)
    expect(field.getAttribute("aria-invalid")).toBe("true")
    expect(field.getAttribute("aria-describedby")?.split(" ")).toEqual([
      "signup-problem",
      "privacy-note",
    ])
    expect(document.getElementById("signup-problem")?.textContent).toBe(contact.messages.invalid)
    expect(document.querySelector(`label[for="signup-email"]`)?.textContent).toBe(
      contact.emailLabel,
    )
    // The trap field, out of sight and reach as on the site's form.
    const trap = document.querySelector('input[name="website"]')
    expect(trap?.getAttribute("tabindex")).toBe("-1")
    expect(trap?.closest('[aria-hidden="true"]')).not.toBeNull()
    // What she typed is text, never markup.
    expect(html).not.toContain("<script")
    expect(html).toContain('value="ann.example.com&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"')
  })

  it("not a form: the reason, and the way to the form", () => {
    const document = parse(notAFormPage(signupTexts))
    expect(document.querySelector("main")?.textContent).toContain(filled(contact.messages.rejected))
    expect(document.querySelector(`main a[href="${contact.path}"]`)?.textContent).toBe(
      filled(contact.heading),
    )
  })
})

describe("the CMS sign-in's problem page", () => {
  it("names the settings and GitHub's own words as code", () => {
    const html = cmsProblemPage("notConfigured")
    expect(html).toContain(`<h1>${cmsAuthTexts.problems.notConfigured.title}</h1>`)
    expect(html).toContain(
      "<code>GITHUB_OAUTH_CLIENT_ID</code> and <code>GITHUB_OAUTH_CLIENT_SECRET</code>",
    )
    expect(cmsProblemPage("refused", { variables: ["A", "B", "C"] })).toContain(
      "<code>A</code>, <code>B</code> and <code>C</code>",
    )
    expect(cmsProblemPage("badState", { githubSaid: "<b>x</b>" })).toContain(
      `${cmsAuthTexts.githubSaid} <code>&lt;b&gt;x&lt;/b&gt;</code>`,
    )
  })
})

describe("the policy of the endpoints' pages", () => {
  it("allows the site's fonts and no script but the hand-over's hash", () => {
    for (const headers of [endpointHeaders(), cmsAuthHeaders()]) {
      const policy = headers["Content-Security-Policy"]
      expect(policy).toContain("font-src 'self'")
      expect(policy).toContain("default-src 'none'")
      expect(policy).not.toContain("script-src")
    }
  })
})

describe("what the pages are built from", () => {
  // The hosts' bundlers: a Gatsby Function resolves .ts and .js only (no .tsx, no JSX), workerd
  // takes the browser's builds and has no Node modules; no host has Gatsby's data layer.
  // The route table takes in every page an endpoint answers with (the sign-up's, her links', the
  // sign-in's): the site's components they render are written without JSX (src/components/layout/links.ts).
  it.each(["src/server/app.ts"])(
    "%s and all it renders: .ts and .js files only, nothing of Gatsby's or Node's",
    async (entry) => {
      const result = await build({
        entryPoints: [path.join(root, entry)],
        bundle: true,
        write: false,
        metafile: true,
        logLevel: "silent",
        platform: "neutral",
        format: "esm",
        conditions: ["workerd", "worker", "browser"],
        mainFields: ["browser", "module", "main"],
        resolveExtensions: [".ts", ".js", ".mjs", ".json"],
        define: { "process.env.NODE_ENV": '"production"' },
      })
      const inputs = Object.keys(result.metafile.inputs)
      expect(inputs.filter((input) => /\.[jt]sx$/.test(input))).toEqual([])
      expect(inputs.filter((input) => /(^|\/)node_modules\/gatsby\//.test(input))).toEqual([])
      const imports = Object.values(result.metafile.inputs).flatMap((input) =>
        input.imports.map((imported) => imported.path),
      )
      expect(imports.filter((imported) => imported.startsWith("node:"))).toEqual([])
    },
  )
})
