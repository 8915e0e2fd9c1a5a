/**
 * @jest-environment node
 */
import { JSDOM } from "jsdom"
import membership from "../data/membership.json"
import site from "../data/site.json"
import { renderEmail, type EmailLinks } from "../src/membership/emails/renderEmail"
import type { EmailKind } from "../src/membership/emails/renderEmail"
import { membershipTexts } from "../src/membership/emails/emailTexts"
import { confirmEndpoint, leaveEndpoint, tokenField } from "../src/shared/endpoints"
import { filled } from "./setup/content"

// The list's two e-mails (src/membership/emails/) as she reads them: what each says comes from
// data/, so every expectation is read from there too (rendered as the sender renders them, through
// __tests__/setup/emailRender.ts).

const words = filled(membership)
const links: Required<EmailLinks> = {
  // A query with & in it, which the HTML must escape and the text must not.
  confirm: `https://www.evergrace.example${confirmEndpoint}?${tokenField}=01J9Z8Q4X7.c2lnbmF0&from=mail`,
  leave: `https://www.evergrace.example${leaveEndpoint}?${tokenField}=01J9Z8Q4X7.bGVhdmU&from=mail`,
  site: "https://www.evergrace.example/",
}

const kinds: EmailKind[] = ["confirmation", "welcome"]

async function rendered(kind: EmailKind) {
  const email = await renderEmail(kind, links)
  const document = new JSDOM(email.html).window.document
  /** What a reader sees: the body's text, spaces and line breaks as one space. */
  const seen = (document.body.textContent ?? "").replace(/\s+/g, " ")
  /** Each visible link: its words and where it leads. */
  const anchors = [...document.querySelectorAll("a")].map((a) => ({
    text: (a.textContent ?? "").replace(/\s+/g, " ").trim(),
    href: a.getAttribute("href"),
  }))
  return { ...email, document, seen, anchors }
}

/** The plain-text part with its lines' spaces tidied. */
const textLines = (text: string) => text.split("\n").map((line) => line.trim())

describe("the confirmation e-mail", () => {
  it("has the subject and preview line from data/", async () => {
    const email = await rendered("confirmation")
    expect(email.subject).toBe(words.confirmationEmail.subject)
    expect(email.subject).toContain(site.brandName)
    expect(email.document.title).toBe(words.confirmationEmail.subject)
    expect(email.seen).toContain(words.confirmationEmail.preview)
  })

  it("asks her to confirm, with one button that leads to her confirmation link", async () => {
    const email = await rendered("confirmation")
    expect(email.seen).toContain(words.confirmationEmail.heading)
    expect(email.seen).toContain(words.confirmationEmail.text)
    const button = email.anchors.find((a) => a.text === words.confirmationEmail.buttonLabel)
    expect(button?.href).toBe(links.confirm)
    expect(email.html).toContain(links.confirm.replace(/&/g, "&amp;"))
    // The link written out too, for when the button does not work.
    expect(email.anchors).toContainEqual({ text: links.confirm, href: links.confirm })
    expect(email.seen).toContain(words.confirmationEmail.linkNote)
  })

  it("tells her that if she did not ask, she can ignore it", async () => {
    const email = await rendered("confirmation")
    expect(email.seen).toContain(words.confirmationEmail.ignoreNote)
    expect(email.text).toContain(words.confirmationEmail.ignoreNote)
  })

  it("carries no offer: neither the gift nor its code", async () => {
    const email = await rendered("confirmation")
    expect(email.seen).not.toContain(membership.gift.code)
    expect(email.text).not.toContain(membership.gift.code)
    expect(email.seen).not.toContain(words.gift.description)
  })

  it("has a plain-text part with the button's label and the link in full, once", async () => {
    const { text } = await rendered("confirmation")
    const lines = textLines(text)
    const label = lines.indexOf(`${words.confirmationEmail.buttonLabel}:`)
    expect(label).toBeGreaterThan(-1)
    expect(lines[label + 1]).toBe(links.confirm)
    expect(text.split(links.confirm)).toHaveLength(2)
    // Headings as written, not in capitals.
    expect(lines).toContain(words.confirmationEmail.heading)
    expect(text).toContain(words.confirmationEmail.text)
  })

  it("needs her confirmation link", async () => {
    await expect(
      renderEmail("confirmation", { leave: links.leave, site: links.site }),
    ).rejects.toThrow(/links\.confirm/)
  })
})

describe("the welcome e-mail", () => {
  it("has the subject and preview line from data/", async () => {
    const email = await rendered("welcome")
    expect(email.subject).toBe(words.welcomeEmail.subject)
    expect(email.seen).toContain(words.welcomeEmail.preview)
  })

  it("welcomes her and gives her the gift: what it is, its code and its terms", async () => {
    const email = await rendered("welcome")
    for (const shown of [
      words.welcomeEmail.heading,
      words.welcomeEmail.text,
      words.welcomeEmail.giftHeading,
      words.gift.description,
      words.gift.terms,
    ]) {
      expect(email.seen).toContain(shown)
      expect(email.text).toContain(shown)
    }
    expect(email.document.querySelector(".eg-code")?.textContent).toBe(membership.gift.code)
    expect(textLines(email.text)).toContain(membership.gift.code)
  })

  it("has no confirmation link, and its button leads to the website", async () => {
    const email = await rendered("welcome")
    expect(email.html).not.toContain("confirm?")
    const button = email.anchors.find((a) => a.text === words.welcomeEmail.buttonLabel)
    expect(button?.href).toBe(links.site)
    const lines = textLines(email.text)
    expect(lines[lines.indexOf(`${words.welcomeEmail.buttonLabel}:`) + 1]).toBe(links.site)
  })
})

describe.each(kinds)("the %s e-mail's footer", (kind) => {
  it("says why she gets it and has a visible link to leave the list", async () => {
    const email = await rendered(kind)
    const reason =
      kind === "confirmation" ? words.confirmationEmail.reason : words.welcomeEmail.reason
    expect(email.seen).toContain(reason)
    expect(email.text).toContain(reason)
    expect(email.anchors).toContainEqual({ text: words.emailFooter.leaveLabel, href: links.leave })
    const lines = textLines(email.text)
    expect(lines[lines.indexOf(`${words.emailFooter.leaveLabel}:`) + 1]).toBe(links.leave)
  })

  it("gives the boutique's postal address and contact address", async () => {
    const email = await rendered(kind)
    const addressLines = site.postalAddress.split("\n")
    expect(addressLines.length).toBeGreaterThan(1)
    for (const line of addressLines) {
      expect(email.seen).toContain(line)
      expect(textLines(email.text)).toContain(line)
    }
    expect(email.anchors).toContainEqual({
      text: site.contactEmail,
      href: `mailto:${site.contactEmail}`,
    })
    expect(email.seen).toContain(`${words.emailFooter.contactText} ${site.contactEmail}`)
    expect(email.text).toContain(site.contactEmail)
  })
})

describe.each(kinds)("the %s e-mail's HTML", (kind) => {
  it("has every placeholder filled in", async () => {
    const email = await rendered(kind)
    expect(email.html).not.toMatch(/\{(product|email|partner)\}/)
    expect(email.text).not.toMatch(/\{(product|email|partner)\}/)
  })

  it("loads nothing from elsewhere and runs no script", async () => {
    const { document, html } = await rendered(kind)
    expect(document.querySelectorAll("img, script, iframe, object, embed, link")).toHaveLength(0)
    expect(html).not.toMatch(/<script|@import|url\(|javascript:/i)
    expect(document.querySelectorAll("[src], [srcset], [background]")).toHaveLength(0)
    // Every link leads to one of hers, the website or the contact address.
    const allowed = [links.confirm, links.leave, links.site, `mailto:${site.contactEmail}`]
    for (const a of document.querySelectorAll("a")) {
      expect(allowed).toContain(a.getAttribute("href"))
    }
  })

  it("sets all of its text at 16px or more, the letter itself at 18px, with room between lines", async () => {
    const { document, html } = await rendered(kind)
    const sizes = [...html.matchAll(/font-size:\s*([\d.]+)(px|rem|em|pt|%)/g)]
    expect(sizes.length).toBeGreaterThan(0)
    for (const [, value, unit] of sizes) {
      expect(unit).toBe("px")
      expect(Number(value)).toBeGreaterThanOrEqual(16)
    }
    const paragraphs = [...document.querySelectorAll("p")].filter((p) => p.textContent?.trim())
    expect(paragraphs.length).toBeGreaterThan(3)
    for (const p of paragraphs) {
      const size = parseFloat(p.style.fontSize)
      expect(size).toBeGreaterThanOrEqual(16)
      // In pixels (for Outlook) or as a ratio: generous for reading text, never cramped.
      const lineHeight = p.style.lineHeight.endsWith("px")
        ? parseFloat(p.style.lineHeight) / size
        : parseFloat(p.style.lineHeight)
      expect(lineHeight).toBeGreaterThanOrEqual(size <= 18 ? 1.5 : 1.2)
    }
    const letter = document.querySelector(".eg-card p")
    expect(letter?.getAttribute("style")).toMatch(/font-size:18px/)
  })

  it("is at most 600px wide and declares its dark mode", async () => {
    const { document, html } = await rendered(kind)
    expect(document.querySelector('meta[name="color-scheme"]')?.getAttribute("content")).toBe(
      "light dark",
    )
    expect(
      document.querySelector('meta[name="supported-color-schemes"]')?.getAttribute("content"),
    ).toBe("light dark")
    const style = document.querySelector("head style")?.textContent ?? ""
    expect(style).toMatch(/@media \(prefers-color-scheme: dark\)\s*\{[\s\S]*\.eg-text \{ color:/)
    expect(document.querySelectorAll(".eg-text").length).toBeGreaterThan(0)
    expect(html).toMatch(/max-width:600px/)
    expect(document.documentElement.getAttribute("lang")).toBe("en")
  })
})

it("renders the words it is given (the CMS preview passes the entry being edited)", async () => {
  const texts = {
    ...membershipTexts,
    gift: { ...membershipTexts.gift, code: "AUTUMN20" },
    welcomeEmail: { ...membershipTexts.welcomeEmail, subject: "A gift for autumn" },
  }
  const email = await renderEmail("welcome", links, texts)
  expect(email.subject).toBe("A gift for autumn")
  expect(email.text).toContain("AUTUMN20")
})
