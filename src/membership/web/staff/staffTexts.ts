import { resendLimit, type ActionAnswer, type StaffProblem } from "../../membersApi"
import type { SignupProvider } from "../providers/fromEnv"

/**
 * What the members' endpoints say to the staff (src/membership/web/staff/handleStaff.ts), in plain words: each
 * refusal says what happened and what to do; each action what became of it. The page shows them
 * as given.
 */
export const staffProblems: Record<StaffProblem["problem"], string> = {
  signIn: "Sign in with GitHub to see the members’ list.",
  refused:
    "GitHub no longer accepts this sign-in (it may have expired or been revoked). Sign in again.",
  noPush:
    "Your GitHub account can’t publish to the site’s repository, so it can’t see the members’ list. Ask whoever runs the site’s GitHub to give you write access, then sign in again.",
  otherApp:
    "This GitHub sign-in was not made by this site’s content editor, or not with the access it asks for. Sign in again from this page.",
  tooMany: "Too many sign-ins failed from here. Wait a few minutes, then try again.",
  notSetUp:
    "The members’ list needs GATSBY_CMS_REPO (the CMS’s repository) and the CMS sign-in’s GITHUB_OAUTH_CLIENT_ID and GITHUB_OAUTH_CLIENT_SECRET in the site’s settings on this host. Whoever runs the site can set them.",
  githubDown: "GitHub isn’t answering just now, so your sign-in can’t be checked. Try again soon.",
  otherSite: "That request came from another site, so nothing was done.",
  badRequest: "That request wasn’t understood. Reload the page and try again.",
}

export const staffResults: Record<ActionAnswer["result"], string> = {
  sent: "Her confirmation e-mail is on its way again.",
  waiting:
    "Her confirmation e-mail has not gone yet: it is waiting for the mail server, or for the few minutes after she joined again. It goes by itself; there is nothing to resend.",
  limited: `Her confirmation was sent only recently: it can go again ${resendLimit.minimumGapMs / 60_000} minutes after the last one, and ${resendLimit.perDay} times a day at most.`,
  notPending: "She has already confirmed, or has left: there is no confirmation to resend.",
  left: "She is off the list. Nothing more will be sent to her.",
  forgotten:
    "She is off the list. She had not confirmed, so nothing of her is kept: her sign-up is deleted, and nothing more will be sent to her.",
  erased: "She is erased: her record and any e-mail waiting for her are gone.",
  unknown: "That person is no longer on the list.",
}

/** Where each provider keeps its list, for the page's link. */
export const providerPages: Record<SignupProvider, { name: string; url: string }> = {
  buttondown: { name: "Buttondown", url: "https://buttondown.com/subscribers" },
  mailchimp: { name: "Mailchimp", url: "https://admin.mailchimp.com/audience/contacts" },
}
