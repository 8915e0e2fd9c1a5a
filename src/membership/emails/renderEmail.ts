import { render } from "@react-email/render"
import { createElement } from "react"
import { membershipTexts, type MembershipTexts } from "./emailTexts"
import { ConfirmationEmail } from "./ConfirmationEmail"
import { blockLinkClass } from "./EmailFrame"
import { WelcomeEmail } from "./WelcomeEmail"

const h = createElement

/** Where an e-mail's links lead: each is her own, made by the sender. */
export interface EmailLinks {
  /** The confirmation's button; the confirmation e-mail needs it. */
  confirm?: string
  /** The page where she leaves the list, at the foot of every e-mail. */
  leave: string
  /** The website's home page. */
  site: string
}

export interface RenderedEmail {
  subject: string
  html: string
  text: string
}

/** A node of html-to-text's DOM, as its formatters are given it. */
interface TextNode {
  attribs?: Record<string, string>
  children?: unknown[]
}

interface TextBuilder {
  openBlock(options: { leadingLineBreaks: number }): void
  closeBlock(options: { trailingLineBreaks: number }): void
  addInline(text: string, options?: { noWordTransform?: boolean }): void
  addLineBreak(): void
}

/**
 * The plain-text part, read in a text-only client or aloud: headings as written (not in capitals),
 * and each button and the link to leave the list as its label, then its address in full on a
 * line of its own.
 */
const plainTextOptions = {
  formatters: {
    blockLink(
      elem: TextNode,
      walk: (nodes: unknown[], builder: TextBuilder) => void,
      builder: TextBuilder,
    ) {
      builder.openBlock({ leadingLineBreaks: 2 })
      walk(elem.children ?? [], builder)
      builder.addInline(":")
      builder.addLineBreak()
      builder.addInline(elem.attribs?.href ?? "", { noWordTransform: true })
      builder.closeBlock({ trailingLineBreaks: 2 })
    },
  },
  selectors: [
    { selector: `a.${blockLinkClass}`, format: "blockLink" },
    ...["h1", "h2"].map((selector) => ({
      selector,
      options: { uppercase: false, leadingLineBreaks: 2, trailingLineBreaks: 2 },
    })),
  ],
}

/** Which e-mail: the double opt-in's confirmation, or the welcome with the gift once confirmed. */
export type EmailKind = "confirmation" | "welcome"

/**
 * One of the list's e-mails, ready to send: its subject, the HTML and the plain-text part, with
 * her links. `texts` defaults to the words in data/ (the CMS preview passes the entry it edits).
 */
export async function renderEmail(
  kind: EmailKind,
  links: EmailLinks,
  texts: MembershipTexts = membershipTexts,
): Promise<RenderedEmail> {
  let element
  let subject: string
  if (kind === "confirmation") {
    const { confirm } = links
    if (!confirm) throw new Error("renderEmail: the confirmation e-mail needs links.confirm")
    element = h(ConfirmationEmail, { texts, links: { ...links, confirm } })
    subject = texts.confirmationEmail.subject
  } else {
    element = h(WelcomeEmail, { texts, links })
    subject = texts.welcomeEmail.subject
  }
  const [html, text] = await Promise.all([
    render(element),
    render(element, { plainText: true, htmlToTextOptions: plainTextOptions }),
  ])
  return { subject, html, text: text.trim() }
}
