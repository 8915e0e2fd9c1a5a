import { jsx } from "@emotion/react"
import contact from "../../../../data/contact.json"
import site from "../../../../data/site.json"
import {
  SignupFormView,
  type SignupTexts as FormTexts,
} from "../../../components/contact/SignupFormView"
import { fillAllPlaceholders } from "../../../content/placeholders"
import { renderEndpointPage } from "../../../endpointPages/endpointPage"
import { content, formCard, onward, privacyNote } from "../../../endpointPages/styles"
import type { SignupProblem, SignupTexts } from "./signupTexts"

/**
 * The pages the endpoint answers a plain form post with (a browser with JavaScript off, or a
 * visitor who pressed the button before the page's script ran): the thank-you page, or the site's
 * own sign-up form again (src/components/contact/SignupFormView.ts) with the problem named beside the
 * field and her address still in it. In the site's frame (src/endpointPages/), with no scripts.
 */

const PRIVACY_NOTE_ID = "privacy-note"

// The form's words that only its script shows (the button while sending, the welcome toast):
// never on these pages, but part of what the form is given.
const scriptOnly = fillAllPlaceholders(
  { sendingLabel: contact.sendingLabel, toast: contact.toast },
  site,
)

function formTexts({ form, messages }: SignupTexts): FormTexts {
  const { emailLabel, emailPlaceholder, submitLabel } = form
  return { ...scriptOnly, emailLabel, emailPlaceholder, submitLabel, messages }
}

/** The thank-you page: the toast's own title and text. */
export function confirmationPage(texts: SignupTexts): string {
  const { title, text, linkLabel } = texts.confirmation
  return renderEndpointPage({
    heading: title,
    intro: text,
    children: jsx(
      "div",
      { css: onward },
      jsx("p", null, jsx("a", { href: texts.homePath }, linkLabel)),
    ),
  })
}

/** The site's sign-up form, with what the endpoint answered beside the field, if anything. */
function formSection(texts: SignupTexts, answered?: { problem: SignupProblem; address: string }) {
  const { form } = texts
  return jsx(
    "div",
    { css: content },
    jsx(
      "section",
      { css: formCard, "aria-labelledby": "signup-heading" },
      jsx("h2", { id: "signup-heading" }, form.heading),
      jsx(SignupFormView, { texts: formTexts(texts), describedById: PRIVACY_NOTE_ID, answered }),
      jsx(
        "p",
        { id: PRIVACY_NOTE_ID, css: privacyNote },
        `${form.privacyNote} `,
        jsx("a", { href: form.privacyLink.path }, form.privacyLink.label),
      ),
    ),
  )
}

/** The form again, the problem beside the field (and in the tab's title), the address kept. */
export function problemPage(texts: SignupTexts, problem: SignupProblem, address: string): string {
  const { messages } = texts
  return renderEndpointPage({
    title: `${messages.heading}: ${messages[problem]}`,
    heading: messages.heading,
    children: formSection(texts, { problem, address }),
  })
}

/**
 * The form's address opened (a tab restored after a sign-up without JavaScript, her history, a
 * bookmark): the form, with no problem named, since nothing was sent.
 */
export function formPage(texts: SignupTexts): string {
  return renderEndpointPage({ heading: texts.form.heading, children: formSection(texts) })
}

/** A method other than POST, GET or HEAD: a short page that leads to the form. */
export function notAFormPage(texts: SignupTexts): string {
  const { form, messages } = texts
  return renderEndpointPage({
    heading: messages.heading,
    intro: messages.rejected,
    children: jsx(
      "div",
      { css: onward },
      jsx("p", null, jsx("a", { href: texts.contactPath }, form.heading)),
    ),
  })
}
