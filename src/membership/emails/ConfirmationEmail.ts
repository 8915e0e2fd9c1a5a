import { createElement } from "react"
import type { MembershipTexts } from "./emailTexts"
import {
  EmailButton,
  EmailFrame,
  EmailHeading,
  Paragraph,
  SmallPrint,
  TextLink,
} from "./EmailFrame"

const h = createElement

export interface ConfirmationEmailProps {
  texts: MembershipTexts
  links: { confirm: string; leave: string; site: string }
}

/**
 * The double opt-in's e-mail, sent as soon as someone signs up: plain, no offers, one button that
 * confirms the address, the link written out for when the button does not work, and what to do
 * if she did not ask (nothing).
 */
export function ConfirmationEmail({ texts, links }: ConfirmationEmailProps) {
  const words = texts.confirmationEmail
  return h(
    EmailFrame,
    { texts, words, links },
    h(EmailHeading, null, words.heading),
    h(Paragraph, null, words.text),
    h(EmailButton, { href: links.confirm }, words.buttonLabel),
    // The plain text has the link under the button's label already.
    h(
      "div",
      { "data-skip-in-text": true },
      h(
        SmallPrint,
        null,
        words.linkNote,
        " ",
        h(
          TextLink,
          { href: links.confirm, style: { wordBreak: "break-all", overflowWrap: "anywhere" } },
          links.confirm,
        ),
      ),
    ),
    h(Paragraph, null, words.ignoreNote),
  )
}
