import { Heading } from "@react-email/heading"
import { Text } from "@react-email/text"
import { createElement } from "react"
import { colors } from "../../theme/tokens"
import type { MembershipTexts } from "./emailTexts"
import {
  codeStyle,
  EmailButton,
  EmailFrame,
  emailFonts,
  EmailHeading,
  lines,
  Panel,
  Paragraph,
  SmallPrint,
} from "./EmailFrame"

const h = createElement

export interface WelcomeEmailProps {
  texts: MembershipTexts
  links: { leave: string; site: string }
}

/** Sent once she has confirmed: the welcome, and the gift with its code and terms. */
export function WelcomeEmail({ texts, links }: WelcomeEmailProps) {
  const words = texts.welcomeEmail
  const { gift } = texts
  return h(
    EmailFrame,
    { texts, words, links },
    h(EmailHeading, null, words.heading),
    h(Paragraph, null, words.text),
    h(
      Panel,
      null,
      h(
        Heading,
        {
          as: "h2",
          className: "eg-text",
          style: {
            fontFamily: emailFonts.display,
            fontSize: "24px",
            fontWeight: 600,
            lineHeight: "1.25",
            color: colors.ink,
            margin: "0 0 8px",
          },
        },
        words.giftHeading,
      ),
      h(Paragraph, { style: { fontWeight: 600, margin: "0 0 16px" } }, gift.description),
      h(SmallPrint, { style: { margin: "0 0 8px" } }, words.codeLabel),
      h(Text, { className: "eg-code", style: codeStyle }, gift.code),
      h(SmallPrint, null, gift.terms),
    ),
    h(EmailButton, { href: links.site }, words.buttonLabel),
    h(Paragraph, null, lines(words.signOff)),
  )
}
