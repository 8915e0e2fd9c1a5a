import contact from "../../../data/contact.json"
import membership from "../../../data/membership.json"
import site from "../../../data/site.json"
import type { ContentShape } from "../../content/fields"
import type { contentModel } from "../../content/model"
import { fillAllPlaceholders } from "../../content/placeholders"

/**
 * The words of the list's two e-mails and of the pages their links lead to, from
 * data/membership.json, with the boutique's names and addresses from data/site.json and
 * {product}, {email} filled in (edited in the CMS like every other text; each host bundles them
 * when the site is built, as it does the sign-up's, src/membership/web/signup/signupTexts.ts). Web-standard: no
 * `node:` module, so it runs on workerd too.
 */

/** data/membership.json as the content model describes it. */
export type MembershipContent = ContentShape<(typeof contentModel)["membership"]["fields"], never>

/** What the e-mails need of data/site.json. */
export type MailSiteSettings = Pick<
  ContentShape<(typeof contentModel)["site"]["fields"], unknown>,
  "brandName" | "partnerName" | "contactEmail" | "postalAddress" | "siteUrl" | "tagline"
>

/**
 * The texts from a membership file and the site settings (the CMS preview passes the entry being
 * edited). `joinPath` is the sign-up page's address, where the "link has expired" page leads.
 */
export function membershipTextsFrom(
  content: MembershipContent,
  settings: MailSiteSettings,
  joinPath: string,
) {
  const filled = fillAllPlaceholders(content, settings)
  return {
    brandName: settings.brandName,
    contactEmail: settings.contactEmail,
    /** Lines separated by "\n". */
    postalAddress: settings.postalAddress,
    siteUrl: settings.siteUrl,
    tagline: fillAllPlaceholders(settings.tagline, settings),
    /** How many days an unconfirmed sign-up is kept. */
    pendingDays: content.pendingDays,
    gift: filled.gift,
    confirmationEmail: filled.confirmationEmail,
    welcomeEmail: filled.welcomeEmail,
    emailFooter: filled.emailFooter,
    confirmPage: filled.confirmPage,
    expiredPage: { ...filled.expiredPage, joinAgainPath: joinPath },
    invalidPage: filled.invalidPage,
    leavePage: filled.leavePage,
  }
}

export type MembershipTexts = ReturnType<typeof membershipTextsFrom>

export const membershipTexts: MembershipTexts = membershipTextsFrom(membership, site, contact.path)
