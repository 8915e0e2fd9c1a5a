import { Body } from "@react-email/body"
import { Button } from "@react-email/button"
import { Container } from "@react-email/container"
import { Head } from "@react-email/head"
import { Heading } from "@react-email/heading"
import { Hr } from "@react-email/hr"
import { Html } from "@react-email/html"
import { Link } from "@react-email/link"
import { Preview } from "@react-email/preview"
import { Section } from "@react-email/section"
import { Text } from "@react-email/text"
import { createElement, Fragment, type CSSProperties, type ReactNode } from "react"
import { colors, fonts, fontSizes, lineHeights } from "../../theme/tokens"
import type { MembershipTexts } from "./emailTexts"

/*
 * The frame every e-mail of the list shares, and the parts both are made of. Written without JSX
 * (see src/components/layout/links.ts): Gatsby compiles its Functions from .ts and .js files only.
 * The light design is in inline styles, as react-email writes them and every client reads them;
 * the dark one is a <style> block of classes for the clients that honour prefers-color-scheme
 * (Apple Mail, iOS, Outlook for Mac), with !important to win over the inline styles. Clients that
 * invert on their own (Gmail's apps, Outlook) get text, never pictures of text, with enough
 * contrast either way.
 */

const h = createElement

/** A font stack of the site's, without the site's own @font-face fallbacks (no web fonts here). */
const stack = (family: string) =>
  family
    .split(", ")
    .filter((name) => !name.includes("Fallback"))
    .join(", ")

/**
 * A size of the tokens in pixels (some clients do not know rem): its rem, also where the token
 * caps it by the screen's width for the pages (`min(1.75rem, 11vw)`), which a letter does not do.
 */
function px(size: string): string {
  const rem = /(\d*\.?\d+)rem/.exec(size)?.[1]
  if (rem === undefined) throw new Error(`no rem size in the token ${JSON.stringify(size)}`)
  return `${parseFloat(rem) * 16}px`
}

export const emailFonts = {
  /** The brand name and headings: the site's serif, then Georgia. */
  display: stack(fonts.display),
  body: stack(fonts.body),
} as const

/** Body text 18px (the site's smallest size), small print 16px, never less. */
const emailSizes = {
  body: px(fontSizes.small),
  small: "16px",
  heading: px(fontSizes.h3),
  brand: px(fontSizes.logo),
  code: "26px",
} as const

/** Line height in pixels, for Outlook: the site's body line height. */
const lineHeight = (size: string) => `${Math.round(parseFloat(size) * lineHeights.body)}px`

/** The dark colours: the site's palette turned over, the ink as the background. */
const dark = {
  page: "#171214",
  card: colors.ink,
  text: colors.linen,
  soft: "#d8ccd1", // 11:1 on the card
  link: colors.blush,
  panel: "#3a2a31",
  rule: colors.gold,
} as const

/** Classes the dark-mode block re-colours; each element carries the light colours inline. */
const darkMode = `
.eg-page { background-color: ${dark.page} !important; }
.eg-card { background-color: ${dark.card} !important; border-color: ${dark.card} !important; }
.eg-text { color: ${dark.text} !important; }
.eg-soft { color: ${dark.soft} !important; }
.eg-link { color: ${dark.link} !important; }
.eg-button { background-color: ${colors.blush} !important; color: ${colors.accentDeep} !important; }
.eg-panel { background-color: ${dark.panel} !important; }
.eg-code { color: ${dark.link} !important; border-color: ${dark.link} !important; }
.eg-rule { border-color: ${dark.rule} !important; }
`

/** Outlook.com marks what it re-colours with data-ogsc (text) and data-ogsb (backgrounds). */
const outlookDark = darkMode
  .trim()
  .split("\n")
  .map((rule) => {
    const [selector, declarations] = rule.split(" {")
    return `[data-ogsc] ${selector}, [data-ogsb] ${selector} {${declarations}`
  })
  .join("\n")

const styleSheet = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
body { margin: 0; padding: 0; -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
@media (max-width: 600px) {
  .eg-pad { padding-left: 24px !important; padding-right: 24px !important; }
  .eg-card { border-radius: 0 !important; }
  .eg-panel-pad { padding-left: 18px !important; padding-right: 18px !important; }
}
@media (prefers-color-scheme: dark) {${darkMode}}
${outlookDark}
`

const textStyle = (size: string, color: string = colors.ink): CSSProperties => ({
  fontFamily: emailFonts.body,
  fontSize: size,
  lineHeight: lineHeight(size),
  color,
  margin: "0 0 20px",
})

/** A paragraph of the letter: 18px, the site's line height. */
export function Paragraph({ children, style }: { children?: ReactNode; style?: CSSProperties }) {
  return h(
    Text,
    { className: "eg-text", style: { ...textStyle(emailSizes.body), ...style } },
    children,
  )
}

/** Small print (16px), in the softer ink. */
export function SmallPrint({ children, style }: { children?: ReactNode; style?: CSSProperties }) {
  return h(
    Text,
    { className: "eg-soft", style: { ...textStyle(emailSizes.small, colors.inkSoft), ...style } },
    children,
  )
}

/** Text with line breaks where the content has "\n" (an address, a signature). */
export function lines(text: string): ReactNode {
  return text
    .split("\n")
    .map((line, index) => h(Fragment, { key: index }, index > 0 ? h("br") : null, line))
}

export function EmailHeading({ children }: { children?: ReactNode }) {
  return h(
    Heading,
    {
      as: "h1",
      className: "eg-text",
      style: {
        fontFamily: emailFonts.display,
        fontSize: emailSizes.heading,
        fontWeight: 600,
        lineHeight: "1.25",
        color: colors.ink,
        margin: "0 0 20px",
      },
    },
    children,
  )
}

/**
 * Links the plain text writes as "label:" with the address on its own line (./renderEmail.ts);
 * the others it writes as "label address".
 */
export const blockLinkClass = "eg-block-link"

/** A link in the text: the accent, underlined, so it is seen as one without colour. */
export function TextLink({
  href,
  children,
  style,
  block = false,
}: {
  href: string
  children?: ReactNode
  style?: CSSProperties
  /** Written on its own lines in the plain text. */
  block?: boolean
}) {
  return h(
    Link,
    {
      href,
      className: block ? `eg-link ${blockLinkClass}` : "eg-link",
      style: { color: colors.accent, textDecoration: "underline", ...style },
    },
    children,
  )
}

/** The one button of an e-mail: the site's primary button, 53px tall. */
export function EmailButton({ href, children }: { href: string; children?: ReactNode }) {
  return h(
    Section,
    { style: { margin: "8px 0 28px" } },
    h(
      Button,
      {
        href,
        className: `eg-button ${blockLinkClass}`,
        style: {
          backgroundColor: colors.accent,
          color: colors.white,
          fontFamily: emailFonts.body,
          fontSize: emailSizes.body,
          fontWeight: 600,
          letterSpacing: "0.02em",
          padding: "16px 32px",
          borderRadius: "999px",
          textAlign: "center",
        },
      },
      children,
    ),
  )
}

/** A panel in the letter (the welcome gift). */
export function Panel({ children }: { children?: ReactNode }) {
  return h(
    Section,
    {
      className: "eg-panel",
      style: {
        backgroundColor: colors.blush,
        borderRadius: "10px",
        borderLeft: `4px solid ${colors.gold}`,
        margin: "8px 0 28px",
      },
    },
    h("div", { className: "eg-panel-pad", style: { padding: "24px 24px 4px" } }, children),
  )
}

export const codeStyle: CSSProperties = {
  display: "inline-block",
  fontFamily: emailFonts.body,
  fontSize: emailSizes.code,
  fontWeight: 700,
  letterSpacing: "0.12em",
  lineHeight: "1.2",
  color: colors.accentDeep,
  border: `2px dashed ${colors.accent}`,
  borderRadius: "6px",
  padding: "8px 16px",
  margin: "0 0 20px",
  // A long code on a narrow screen breaks within the box rather than push the mail sideways.
  maxWidth: "100%",
  boxSizing: "border-box",
  wordBreak: "break-all",
}

/** The words of one e-mail the frame writes: each e-mail's own texts have them. */
export interface EmailFrameWords {
  /** The tab title of a web view, and the heading of the plain text. */
  subject: string
  /** The line inboxes show after the subject. */
  preview: string
  /** Why she gets this e-mail, at its foot. */
  reason: string
}

export interface EmailFrameProps {
  texts: MembershipTexts
  /** The e-mail's own words (texts.confirmationEmail, texts.welcomeEmail). */
  words: EmailFrameWords
  /** Her link to leave the list, and the website's home page. */
  links: { leave: string; site: string }
  children?: ReactNode
}

/** html, head and body: the brand's name over the letter, the footer under it. */
export function EmailFrame({ texts, words, links, children }: EmailFrameProps) {
  const footerText = textStyle(emailSizes.small, colors.inkSoft)
  return h(
    Html,
    { lang: "en", dir: "ltr" },
    h(
      Head,
      null,
      h("meta", { name: "viewport", content: "width=device-width, initial-scale=1" }),
      h("meta", { name: "color-scheme", content: "light dark" }),
      h("meta", { name: "supported-color-schemes", content: "light dark" }),
      h("title", null, words.subject),
      h("style", { dangerouslySetInnerHTML: { __html: styleSheet } }),
    ),
    h(
      Body,
      {
        className: "eg-page",
        style: { backgroundColor: colors.linen, margin: "0" },
      },
      h(Preview, null, words.preview),
      // react-email's Body puts its style on a cell too, which the dark block cannot reach: the
      // page's colour is this section's, inside it.
      h(
        Section,
        { className: "eg-page", style: { backgroundColor: colors.linen, padding: "24px 0" } },
        h(
          Container,
          { style: { maxWidth: "600px", width: "100%" } },
          // The boutique's name, set as its logo: text, never a picture.
          h(
            Section,
            { className: "eg-pad", style: { padding: "8px 40px 24px", textAlign: "center" } },
            h(
              Text,
              {
                className: "eg-text",
                style: {
                  fontFamily: emailFonts.display,
                  fontSize: emailSizes.brand,
                  fontWeight: 600,
                  letterSpacing: "0.06em",
                  lineHeight: "1.2",
                  color: colors.ink,
                  margin: "0",
                },
              },
              texts.brandName,
            ),
            h(
              Text,
              {
                className: "eg-soft",
                style: { ...footerText, fontStyle: "italic", margin: "4px 0 0" },
              },
              texts.tagline,
            ),
          ),
          h(
            Section,
            {
              className: "eg-card",
              style: {
                backgroundColor: colors.ivory,
                border: `1px solid ${colors.blush}`,
                borderRadius: "10px",
              },
            },
            h("div", { className: "eg-pad", style: { padding: "40px 40px 20px" } }, children),
          ),
          h(
            Section,
            { className: "eg-pad", style: { padding: "8px 40px 16px" } },
            h(Hr, {
              className: "eg-rule",
              style: { borderTop: `1px solid ${colors.gold}`, margin: "16px 0 24px" },
            }),
            h(Text, { className: "eg-soft", style: footerText }, words.reason),
            h(
              Text,
              { className: "eg-soft", style: footerText },
              h(TextLink, { href: links.leave, block: true }, texts.emailFooter.leaveLabel),
            ),
            h(
              Text,
              { className: "eg-soft", style: footerText },
              h(TextLink, { href: links.site, style: { fontWeight: 600 } }, texts.brandName),
              h("br"),
              lines(texts.postalAddress),
            ),
            h(
              Text,
              { className: "eg-soft", style: footerText },
              `${texts.emailFooter.contactText} `,
              h(TextLink, { href: `mailto:${texts.contactEmail}` }, texts.contactEmail),
            ),
          ),
        ),
      ),
    ),
  )
}
