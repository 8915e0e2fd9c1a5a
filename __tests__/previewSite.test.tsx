/**
 * @jest-environment node
 */
import { renderToStaticMarkup } from "react-dom/server"
import { useStaticQuery } from "gatsby"
import contact from "../data/contact.json"
import site from "../data/site.json"
import { Layout } from "../src/components/layout/Layout"
import { Seo } from "../src/components/layout/Seo"
import { fillPlaceholders } from "../src/content/placeholders"
import { hostSignupProblem } from "../src/membership/web/providers/fromEnv"
import {
  hostPreview,
  isPreviewSite,
  previewNoticeId,
  previewSettingProblem,
} from "../src/previews/previewSite"
import { createApp } from "../src/server/app"
import type { Settings } from "../src/server/app"
import {
  confirmEndpoint,
  leaveEndpoint,
  membersCsvEndpoint,
  membersEndpoint,
  signupEndpoint,
} from "../src/shared/endpoints"
import { escapeRegExp } from "../src/utils/escapeRegExp"
import { staticQueryData } from "./setup/content"
import { runtimeWithoutList } from "./setup/servers"

// A preview of a draft (SITE_PREVIEW=1, src/previews/previewSite.ts): never indexed, no list of
// members, and a build the host makes a preview of stops until it is marked one.

describe("the setting", () => {
  test("SITE_PREVIEW=1 (or true, yes) marks a preview; unset or anything else does not", () => {
    for (const value of ["1", "true", "TRUE", " yes "]) {
      expect(isPreviewSite({ SITE_PREVIEW: value })).toBe(true)
    }
    for (const value of [undefined, "", "0", "false", "no"]) {
      expect(isPreviewSite({ SITE_PREVIEW: value })).toBe(false)
    }
  })

  test("hosts that build previews by themselves are recognised; their production builds are not", () => {
    expect(hostPreview({ NETLIFY: "true", CONTEXT: "deploy-preview" })).toMatch(/Netlify/)
    expect(hostPreview({ NETLIFY: "true", CONTEXT: "branch-deploy" })).toMatch(/Netlify/)
    expect(hostPreview({ NETLIFY: "true", CONTEXT: "production" })).toBeUndefined()
    expect(hostPreview({ CF_PAGES: "1", CF_PAGES_BRANCH: "cms/pages/shop" })).toMatch(
      /Cloudflare Pages builds branch cms\/pages\/shop, not main/,
    )
    expect(hostPreview({ CF_PAGES: "1", CF_PAGES_BRANCH: "main" })).toBeUndefined()
    expect(
      hostPreview({ CF_PAGES: "1", CF_PAGES_BRANCH: "live", GATSBY_CMS_BRANCH: "live" }),
    ).toBeUndefined()
  })

  test("a preview the host builds without SITE_PREVIEW stops the build, saying what to set", () => {
    const netlifyPreview = { NETLIFY: "true", CONTEXT: "deploy-preview" }
    expect(previewSettingProblem(netlifyPreview)).toMatch(
      /preview build \(Netlify builds its deploy-preview context\), but SITE_PREVIEW is not set.*Set SITE_PREVIEW=1/,
    )
    expect(previewSettingProblem({ ...netlifyPreview, SITE_PREVIEW: "1" })).toBeUndefined()
    expect(previewSettingProblem({ NETLIFY: "true", CONTEXT: "production" })).toBeUndefined()
    // A live site built from another branch than main is told how to say so, not to mark it a preview.
    expect(previewSettingProblem({ CF_PAGES: "1", CF_PAGES_BRANCH: "master" })).toMatch(
      /If master is the branch the live site is built from, set GATSBY_CMS_BRANCH=master for Production/,
    )
  })

  test("a live site on a host without a disk stops at its build without a provider for its sign-ups", () => {
    const live = { CF_PAGES: "1", CF_PAGES_BRANCH: "main" }
    expect(hostSignupProblem(live)).toMatch(
      /SIGNUP_PROVIDER is not set for this Cloudflare Pages build.*every sign-up would be lost.*Settings → Variables and Secrets/,
    )
    expect(hostSignupProblem({ NETLIFY: "true", CONTEXT: "production" })).toMatch(
      /SIGNUP_PROVIDER is not set for this Netlify build.*scopes Builds and Functions/,
    )
    expect(hostSignupProblem({ ...live, SIGNUP_PROVIDER: "sendgrid" })).toMatch(
      /SIGNUP_PROVIDER is "sendgrid", which is no known provider/,
    )
    expect(hostSignupProblem({ ...live, SIGNUP_PROVIDER: "Buttondown" })).toBeUndefined()
    // Previews keep no list; a server of the site's own keeps the embedded store on its disk.
    expect(hostSignupProblem({ ...live, SITE_PREVIEW: "1" })).toBeUndefined()
    expect(hostSignupProblem({ CF_PAGES: "1", CF_PAGES_BRANCH: "cms/pages/shop" })).toBeUndefined()
    expect(hostSignupProblem({ NETLIFY: "true", CONTEXT: "deploy-preview" })).toBeUndefined()
    expect(
      hostSignupProblem({ NETLIFY: "true", CONTEXT: "production", SIGNUP_PROVIDER: "mailchimp" }),
    ).toBeUndefined()
    expect(hostSignupProblem({})).toBeUndefined()
  })
})

describe("its pages", () => {
  afterEach(() => jest.mocked(useStaticQuery).mockImplementation(() => staticQueryData))

  const headOf = (preview: boolean) => {
    jest
      .mocked(useStaticQuery)
      .mockImplementation(() => ({ ...staticQueryData, site: { siteMetadata: { preview } } }))
    return renderToStaticMarkup(<Seo title="Shop" description="Dresses and more" path="/shop" />)
  }

  const pageOf = (preview: boolean) => {
    jest
      .mocked(useStaticQuery)
      .mockImplementation(() => ({ ...staticQueryData, site: { siteMetadata: { preview } } }))
    const html = renderToStaticMarkup(
      <Layout currentPath="/shop">
        <h1>Shop</h1>
      </Layout>,
    )
    // Read as text: React writes an apostrophe, a quote and an ampersand as entities.
    return html
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, "&")
  }

  test("say at their top that they are a preview, a link away from the same page on the live site; the live site's do not", () => {
    const { label, text, liveLinkLabel } = staticQueryData.siteJson.previewNotice
    const preview = pageOf(true)
    // A landmark of its own, named briefly for screen readers.
    expect(preview).toMatch(new RegExp(`<aside [^>]*aria-label="${escapeRegExp(label)}"`))
    const notice = preview.indexOf(`<p id="${previewNoticeId}">${text}</p>`)
    expect(notice).toBeGreaterThan(-1)
    expect(notice).toBeLessThan(preview.indexOf("<header"))
    const liveLink = new RegExp(
      `<a [^>]*href="${escapeRegExp(new URL("/shop", site.siteUrl).href)}"[^>]*>${escapeRegExp(liveLinkLabel)}</a>`,
    )
    expect(preview.slice(notice)).toMatch(liveLink)
    const live = pageOf(false)
    expect(live).toContain("<header")
    expect(live).not.toContain(text)
    expect(live).not.toContain(liveLinkLabel)
  })

  test("ask not to be indexed, and name no canonical address; the live site's do not", () => {
    const canonical = `<link rel="canonical" href="${new URL("/shop", site.siteUrl).href}"/>`
    expect(headOf(true)).toContain('<meta name="robots" content="noindex"/>')
    expect(headOf(true)).not.toContain('rel="canonical"')
    expect(headOf(false)).toContain(canonical)
    expect(headOf(false)).not.toContain('name="robots"')
  })
})

describe("its endpoints", () => {
  // A preview never reaches the list, nor opens the store.
  const app = (settings: Settings) => createApp(runtimeWithoutList(settings, "203.0.113.9"))
  const origin = site.siteUrl
  const signUp = (accept: string) =>
    app({ SITE_PREVIEW: "1" }).request(`${origin}${signupEndpoint}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: origin,
        Accept: accept,
      },
      body: "email=ann%40example.com",
    })
  const message = fillPlaceholders(contact.messages.preview, site)

  test("refuse a sign-up in plain words (the contact page's message), to the form's script and to a page", async () => {
    const json = await signUp("application/json")
    expect(json.status).toBe(403)
    expect(await json.json()).toEqual({ outcome: "problem", problem: "preview" })
    const page = await signUp("text/html")
    expect(page.status).toBe(403)
    // As React writes an apostrophe into HTML.
    expect((await page.text()).replace(/&#x27;/g, "'")).toContain(message)
  })

  test("have no members: her links and the staff's list are not there", async () => {
    for (const endpoint of [confirmEndpoint, leaveEndpoint, membersEndpoint, membersCsvEndpoint]) {
      const response = await app({ SITE_PREVIEW: "1" }).request(`${origin}${endpoint}`)
      expect(response.status).toBe(404)
    }
  })
})
