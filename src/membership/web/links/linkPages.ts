import { jsx } from "@emotion/react"
import { renderEndpointPage } from "../../../endpointPages/endpointPage"
import { content, onward } from "../../../endpointPages/styles"
import { buttonStyles } from "../../../theme/styles"
import { confirmEndpoint, leaveEndpoint, tokenField } from "../../../shared/endpoints"
import { membershipTexts, type MembershipTexts } from "../../emails/emailTexts"
import { signupTexts } from "../signup/signupTexts"

/**
 * The pages her e-mail's links open: confirm (one button: her press is her consent), confirmed,
 * leave (one button), left, not reached or no one found, and the expired and broken links. In
 * the site's frame (src/endpointPages/); every word from data/membership.json.
 */

interface Words {
  heading: string
  text: string
}

export interface MembershipPageTexts {
  confirm: Words & { buttonLabel: string }
  confirmed: Words & { linkLabel: string; linkPath: string }
  /** Her confirmation link again, once she is a member. */
  alreadyConfirmed: Words
  /** Her confirmation link, after she left the list. */
  leftSince: Words
  expired: Words & { joinAgainLabel: string; joinAgainPath: string }
  invalid: Words & { linkLabel: string; linkPath: string }
  leave: Words & { buttonLabel: string }
  left: Words & { linkLabel: string; linkPath: string }
  /** Her leave could not be passed on to the provider that keeps the list now: try again. */
  unreachable: Words & { buttonLabel: string }
  /** Her link's id is on the list no more (erased, or a sign-up forgotten): she may still be. */
  notFound: Words & { linkLabel: string; linkPath: string }
  /** Her leave link where the site keeps no list of its own: the provider's link takes her off. */
  moved: Words & { linkLabel: string; linkPath: string }
}

const form = (action: string, token: string, label: string) =>
  jsx(
    "form",
    { method: "post", action },
    jsx("input", { type: "hidden", name: tokenField, value: token }),
    jsx("button", { type: "submit", css: buttonStyles("primary") }, label),
  )

const page = (words: Words, body?: ReturnType<typeof jsx>, end?: ReturnType<typeof jsx>) =>
  renderEndpointPage({
    heading: words.heading,
    intro: words.text,
    children: body,
    end,
  })

const link = (label: string, path: string) =>
  jsx("div", { css: onward }, jsx("p", null, jsx("a", { href: path }, label)))

/**
 * No script presses the button for her: a mail scanner that runs scripts confirms nobody (her
 * press costs her one tap, and is the proof of her consent).
 */
export function confirmPage(texts: MembershipPageTexts, token: string): string {
  const { buttonLabel } = texts.confirm
  return page(
    texts.confirm,
    jsx("div", { css: content }, form(confirmEndpoint, token, buttonLabel)),
  )
}

export function confirmedPage(texts: MembershipPageTexts): string {
  return page(texts.confirmed, link(texts.confirmed.linkLabel, texts.confirmed.linkPath))
}

export function expiredPage(texts: MembershipPageTexts): string {
  const { joinAgainLabel, joinAgainPath } = texts.expired
  return page(texts.expired, link(joinAgainLabel, joinAgainPath))
}

/** Her confirmation link again, once she is a member: nothing more is sent. */
export function alreadyConfirmedPage(texts: MembershipPageTexts): string {
  return page(texts.alreadyConfirmed, link(texts.confirmed.linkLabel, texts.confirmed.linkPath))
}

/** Her confirmation link, after she left the list: it leads to the sign-up, as an expired one. */
export function leftSincePage(texts: MembershipPageTexts): string {
  const { joinAgainLabel, joinAgainPath } = texts.expired
  return page(texts.leftSince, link(joinAgainLabel, joinAgainPath))
}

export function invalidPage(texts: MembershipPageTexts): string {
  return page(texts.invalid, link(texts.invalid.linkLabel, texts.invalid.linkPath))
}

/** The token rides in the address, so the button posts where RFC 8058's one click does. */
export function leavePage(texts: MembershipPageTexts, token: string, words = texts.leave): string {
  const action = `${leaveEndpoint}?${new URLSearchParams({ [tokenField]: token })}`
  return page(words, jsx("div", { css: content }, form(action, token, words.buttonLabel)))
}

/** The leave page again, saying why she is still on the list. */
export function unreachablePage(texts: MembershipPageTexts, token: string): string {
  return leavePage(texts, token, texts.unreachable)
}

export function leftPage(texts: MembershipPageTexts): string {
  return page(texts.left, link(texts.left.linkLabel, texts.left.linkPath))
}

export function notFoundPage(texts: MembershipPageTexts): string {
  return page(texts.notFound, link(texts.notFound.linkLabel, texts.notFound.linkPath))
}

export function movedPage(texts: MembershipPageTexts): string {
  return page(texts.moved, link(texts.moved.linkLabel, texts.moved.linkPath))
}

/** The pages' words (below) from data/membership.json; each page leads on as the sign-up's. */
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
    alreadyConfirmed: { heading: confirmPage.alreadyHeading, text: confirmPage.alreadyText },
    leftSince: { heading: confirmPage.leftHeading, text: confirmPage.leftText },
    expired: expiredPage,
    invalid: { ...invalidPage, ...onward },
    leave: leavePage,
    left: { heading: leavePage.leftHeading, text: leavePage.leftText, ...onward },
    unreachable: {
      heading: leavePage.unreachableHeading,
      text: leavePage.unreachableText,
      buttonLabel: leavePage.buttonLabel,
    },
    notFound: { heading: leavePage.notFoundHeading, text: leavePage.notFoundText, ...onward },
    moved: { heading: leavePage.movedHeading, text: leavePage.movedText, ...onward },
  }
}

export const membershipPageTexts = pageTextsFrom(membershipTexts)
