import type { AuditEntry, MailRefusal, ShownStatus } from "../membersApi"

/**
 * Every word of the staff's members page (/admin/members/), in one place. Its readers are the
 * boutique's staff, so the words live here rather than in data/, which only the CMS could change;
 * the server's refusals and the actions' results come with their own `message`, shown as given.
 */

const number = new Intl.NumberFormat("en-GB")
const people = (count: number) => `${number.format(count)} ${count === 1 ? "person" : "people"}`

export const pageTexts = {
  title: (brandName: string) => `Members — ${brandName}`,
  description: "The Society’s mailing list, for the boutique’s staff.",
  skipLink: "Skip to content",
  staffLabel: "Staff",
  headerLabel: "Staff links",
  heading: "Members",
  intro: "Everyone who has joined the Society, or asked to, and what the team has done lately.",
  loading: "Loading the list…",
  noScript:
    "This page needs JavaScript to show the list. Please turn JavaScript on in your browser’s settings, then reload the page.",

  identity: {
    signedInAs: (login: string) => `Signed in as ${login}`,
    local: "On this computer — no sign-in needed",
  },
  backToEditor: "Back to the editor",
  signOut: "Sign out",

  signIn: {
    heading: "Please sign in",
    button: "Sign in with GitHub",
    waiting: "A GitHub window has opened. Finish signing in there and the list will appear here.",
    signedOut: "You have signed out. Sign in with GitHub to see the list again.",
    failures: {
      blocked:
        "Your browser stopped the sign-in window from opening. Please allow pop-up windows for this site, then try again.",
      closed:
        "The sign-in window was closed before you were signed in. Try again when you are ready.",
      refused: "GitHub did not sign you in. Please try again.",
    },
  },

  refused: {
    heading: "This account cannot see the list",
    switchAccount: "Sign in as someone else",
    switched:
      "You have signed out here. GitHub may still know you as the same person: to use another account, sign out at github.com first, then sign in with GitHub below.",
  },
  unavailable: {
    heading: "The list cannot be shown just now",
    offline:
      "The page could not reach the site. Please check your internet connection, then try again.",
    unexpected:
      "Something went wrong on the site’s side. Please try again in a moment; if it keeps happening, let whoever manages the site know.",
    tryAgain: "Try again",
  },

  elsewhere: {
    heading: "Where the list is kept",
    provider: (name: string) =>
      `The Society’s list is kept at ${name}, which sends the confirmation and welcome e-mails. Everyone on it, their details and any downloads are there.`,
    providerLink: (name: string) => `Open the list at ${name}`,
    none: "Sign-ups are not being kept on this host: it has nowhere of its own to store them, and no mailing-list service has been chosen.",
    noneFix:
      "Whoever manages the site can choose one (Buttondown or Mailchimp) by setting SIGNUP_PROVIDER and its key in the host’s settings. The guide docs/signups.md, in the site’s repository, shows how, step by step.",
  },

  counts: {
    heading: "At a glance",
    members: "Members",
    pending: "Waiting to confirm",
    refused: "E-mail refused",
    left: "Have left",
    joinedThisWeek: "Joined in the last 7 days",
    joinedThisMonth: "Joined in the last 30 days",
    /** E-mails the mail server has not taken yet (src/membership/membersApi.ts, MailDelay). */
    mailDelay: (waiting: number, since: string) =>
      `${waiting === 1 ? "1 e-mail has" : `${number.format(waiting)} e-mails have`} not gone out yet: the mail server has not taken ${waiting === 1 ? "it" : "them"} since ${since}. They are tried again by themselves, and the people waiting for them still show as “Waiting to confirm”. If this lasts more than an hour, please tell whoever runs the server.`,
    mailAnswer: (answer: string) => `The mail server’s last answer: “${answer}”`,
    /** The server has no mail server set (src/membership/membersApi.ts, `mailOff`). */
    mailOff:
      "No e-mails are being sent: this server has no mail server set up, so no one who signs up receives her confirmation or welcome, and everyone who signs up stays “Waiting to confirm”.",
    mailOffFix:
      "Whoever manages the server can set one up by setting SMTP_URL and MAIL_FROM in its settings. The guide docs/email.md, in the site’s repository, shows how, step by step.",
  },

  downloads: {
    heading: "Download the list",
    text: "A spreadsheet file (CSV) to open in Excel, Numbers or Google Sheets. Please keep it somewhere safe, and delete it once you are done.",
    members: "Download members (CSV)",
    everyone: "Download everyone (CSV)",
    preparing: "Preparing your file…",
    saved: (fileName: string) => `Your file ${fileName} is downloading.`,
  },

  list: {
    heading: "Everyone on the list",
    searchLabel: "Find someone by e-mail address",
    shown: (shown: number, total: number) => `${number.format(shown)} of ${people(total)} shown`,
    caption: "Each person’s address, status and dates, newest sign-up first",
    columns: {
      address: "Address",
      status: "Status",
      joined: "Signed up",
      confirmed: "Confirmed",
      left: "Left",
      manage: "Manage",
    },
    noDate: "not yet",
    /** Under her status, when she had been a member before this sign-up. */
    leftBefore: "A member before; left",
    /**
     * Under her status, before the day a mail server refused one of her e-mails for good: hers, or
     * the one the site sends through (a relay may refuse an address itself, or be set up wrong).
     */
    refusedOn: (email: MailRefusal["email"]) => `The mail server refused the ${email} e-mail on`,
    /** After the day: what the mail server answered (her address shows as <address>). */
    refusedAnswer: (answer: string) => `: “${answer}”`,
    manage: "Manage",
    /** Read after "Manage" by screen readers, so each row's button says whom it is for. */
    manageFor: (address: string) => ` ${address}`,
    showMore: (count: number) => `Show ${number.format(count)} more`,
    empty: "No one has signed up yet.",
    noMatch: (search: string) => `No one’s address contains “${search}”.`,
  },

  status: {
    pending: "Waiting to confirm",
    refused: "E-mail refused",
    confirmed: "Member",
    left: "Left",
  } satisfies Record<ShownStatus, string>,

  actions: {
    intro: (status: string) => `Status: ${status}.`,
    /** In her panel, when a mail server refused her confirmation. */
    refusedAdvice:
      "If her address is mistyped or no longer exists, ask her to sign up again with the right one. If the answer speaks of the message itself (spam, policy), or many rows show this from the same day, it is the site's e-mail set-up: tell whoever runs the server, then resend once it is put right.",
    resend: "Resend her confirmation",
    takeOff: "Take her off the list",
    erase: "Erase her completely",
    close: "Close",
    confirmErase: (address: string) =>
      `Erase ${address}? Her record and any e-mail waiting for her are deleted for good. This cannot be undone.`,
    yesErase: "Yes, erase her",
    keep: "Keep her",
    working: "Just a moment…",
    offline:
      "The page could not reach the site. Please check your internet connection, then try again.",
    unexpected: "Something went wrong on the site’s side. Please try again in a moment.",
  },

  audit: {
    heading: "Recent actions",
    empty: "No actions yet.",
    /** Who refused an e-mail for good, in place of a login. */
    mailServer: "A mail server",
    did: {
      export: "downloaded the members (CSV)",
      "export-all": "downloaded everyone (CSV)",
      resend: "resent someone’s confirmation",
      takeOff: "took someone off the list",
      erase: "erased someone completely",
      confirmationRefused: "refused someone’s confirmation e-mail",
      welcomeRefused: "refused someone’s welcome e-mail",
    } satisfies Record<AuditEntry["action"], string>,
  },
} as const

const day = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
})
const moment = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
  timeZoneName: "short",
})

/** "26 Nov 2026" (UTC, as the server keeps it); the ISO text itself if it is not a date. */
export function formatDay(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : day.format(date)
}

/** "26 Nov 2026, 14:05 UTC" */
export function formatMoment(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : moment.format(date)
}
