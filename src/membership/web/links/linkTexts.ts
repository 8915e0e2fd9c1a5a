import { signupTexts } from "../signup/signupTexts"
import type { MembershipPageTexts } from "./linkPages"
import { membershipTexts, type MembershipTexts } from "../../emails/emailTexts"

/** The pages' words (./pages.ts) from data/membership.json; each page leads on as the sign-up's. */
export function pageTextsFrom(texts: MembershipTexts): MembershipPageTexts {
  const { confirmPage, expiredPage, invalidPage, leavePage } = texts
  const onward = { linkLabel: signupTexts.confirmation.linkLabel, linkPath: signupTexts.homePath }
  return {
    confirm: confirmPage,
    confirmed: {
      heading: confirmPage.confirmedHeading,
      text: confirmPage.confirmedText,
      ...onward,
    },
    expired: expiredPage,
    invalid: { ...invalidPage, ...onward },
    leave: leavePage,
    left: { heading: leavePage.leftHeading, text: leavePage.leftText, ...onward },
  }
}

export const membershipPageTexts = pageTextsFrom(membershipTexts)
