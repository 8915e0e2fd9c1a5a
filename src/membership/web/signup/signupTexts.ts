import contact from "../../../../data/contact.json"
import site from "../../../../data/site.json"
import { fillAllPlaceholders } from "../../../content/placeholders"

/**
 * The sign-up's words, from data/ (edited in the CMS like every other text). Each host bundles
 * them into the endpoint when the site is built, so a published edit reaches the endpoint with
 * the next build, as it reaches the pages.
 */
export const signupTexts = {
  brandName: site.brandName,
  contactPath: contact.path,
  homePath: "/",
  form: fillAllPlaceholders(
    {
      heading: contact.heading,
      emailLabel: contact.emailLabel,
      emailPlaceholder: contact.emailPlaceholder,
      submitLabel: contact.submitLabel,
      privacyNote: contact.privacyNote,
      privacyLink: contact.privacyLink,
    },
    site,
  ),
  confirmation: fillAllPlaceholders(
    {
      title: contact.toast.title,
      text: contact.toast.description,
      linkLabel: contact.continueLabel,
    },
    site,
  ),
  messages: fillAllPlaceholders(contact.messages, site),
}

export type SignupTexts = typeof signupTexts

/**
 * Which wording of the sign-up she saw, kept with her consent: a short fingerprint (FNV-1a) of
 * what the form and its privacy note say, which changes whenever the staff change those words.
 */
export const wordingVersion = fingerprint(JSON.stringify(signupTexts.form))

function fingerprint(text: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash.toString(16).padStart(8, "0")
}

/** What the visitor is told when her sign-up could not be completed (data/contact.json `messages`). */
export type SignupProblem = Exclude<keyof SignupTexts["messages"], "heading" | "botFieldLabel">
