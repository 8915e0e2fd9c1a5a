import { jsx } from "@emotion/react"
import { endpointPageAnswer, renderEndpointPage } from "../../../endpointPages/endpointPage"
import { content, onward } from "../../../endpointPages/styles"
import { buttonStyles } from "../../../theme/styles"
import { confirmEndpoint, leaveEndpoint, tokenField } from "../../../shared/endpoints"
import { membershipTexts, type MembershipTexts } from "../../emails/emailTexts"
import { signupTexts } from "../signup/signupTexts"
import type { Context } from "hono"
import { dayMs } from "../../../utils/dates"
import { checkToken } from "./signedLinks"
import { embeddedStoreName } from "../mailingList"
import type { MembershipEnv } from "../memberStore"

/**
 * Her e-mail's two links, written once for every host that keeps its own list (the route table,
 * src/server/app.ts). Only a POST changes anything: link scanners fetch links, with GET or HEAD
 * (Hono answers HEAD with the GET route), and some run the page's scripts. Confirming takes her
 * press of the page's button, the proof of her consent; leaving takes a POST too, the button's or
 * her mail app's (RFC 8058: no cookie, answered 200).
 */

/** Whether the request may change her membership: a POST, never a read (GET, HEAD). */
const changes = (c: Context) => c.req.method === "POST"

/** The token from the address, or from the posted form. */
async function tokenOf(c: Context<MembershipEnv>): Promise<string | undefined> {
  const fromQuery = c.req.query(tokenField)
  if (fromQuery || c.req.method !== "POST") return fromQuery
  const type = c.req.header("content-type") ?? ""
  if (!type.startsWith("application/x-www-form-urlencoded")) return undefined
  const value = new URLSearchParams(await c.req.text()).get(tokenField)
  return value ?? undefined
}

/**
 * Her link where the site keeps no list of its own (a provider keeps it, or the host has no disk,
 * as Cloudflare's): a link from an e-mail the site sent before gets her own words, not a bare 404.
 * A confirmation leads her to join again, where the list is now; a leave link cannot take her off
 * (it names an id, not her address) and says how to leave all the same. 410: the link is gone.
 */
export async function linkWithoutList(c: Context<MembershipEnv>): Promise<Response> {
  if (c.req.path === confirmEndpoint) return endpointPageAnswer(410, expiredPage())
  // The site's own list, whose secret could not be had (the log: "members: no secret for the
  // links"): for now, not for good. Her press, or her mail app's, is asked again later.
  if (c.var.membership.list.name === embeddedStoreName) {
    return endpointPageAnswer(503, unreachablePage((await tokenOf(c)) ?? ""), {
      "Retry-After": "300",
    })
  }
  return endpointPageAnswer(410, movedPage())
}

/** /api/confirm: her confirmation link's page, and her press of its button. */
export async function confirmMembership(c: Context<MembershipEnv>): Promise<Response> {
  const { store, secret, movedTo } = c.var.own
  const token = await tokenOf(c)
  const check = await checkToken(secret, "confirm", token)
  if (!check.ok && check.reason === "expired" && check.memberId) {
    // An old confirmation of one who has confirmed since (from a later e-mail): she is a member.
    const her = await store.byId(check.memberId)
    if (her?.status === "confirmed") return endpointPageAnswer(200, alreadyConfirmedPage())
  }
  if (!check.ok) {
    return check.reason === "expired"
      ? endpointPageAnswer(410, expiredPage())
      : endpointPageAnswer(400, invalidPage())
  }
  // Since the list moved to a provider, she joins there: the page leads to the sign-up.
  if (movedTo) return endpointPageAnswer(410, expiredPage())
  // Not on the list: a sign-up unconfirmed past the days it is kept was forgotten (the link has
  // expired, in effect); sooner, she left from the e-mail (nothing is kept of one who never
  // confirmed), or was erased at her request.
  const gone = () => {
    const keptUntil = (check.issuedAt?.getTime() ?? 0) + membershipTexts.pendingDays * dayMs
    return Date.now() >= keptUntil
      ? endpointPageAnswer(410, expiredPage())
      : endpointPageAnswer(410, leftSincePage())
  }
  // Her page says where she stands before it offers a button that could not change it.
  if (!changes(c)) {
    const her = await store.byId(check.memberId)
    if (!her) return gone()
    if (her.status === "confirmed") return endpointPageAnswer(200, alreadyConfirmedPage())
    if (her.status === "left") return endpointPageAnswer(410, leftSincePage())
    return endpointPageAnswer(200, confirmPage(token ?? ""))
  }
  const result = await store.confirm(check.memberId, check.issuedAt)
  if (result === "already-confirmed") return endpointPageAnswer(200, alreadyConfirmedPage())
  if (result === "left") return endpointPageAnswer(410, leftSincePage())
  if (result === "unknown") return gone()
  // A link from before she left and joined again: its sign-up has passed.
  if (result === "stale") return endpointPageAnswer(410, expiredPage())
  return endpointPageAnswer(200, confirmedPage())
}

/** /api/leave: her leave link's page, and the POST of its button or of her mail app. */
export async function leaveMembership(c: Context<MembershipEnv>): Promise<Response> {
  const { store, secret, movedTo } = c.var.own
  const token = await tokenOf(c)
  const check = await checkToken(secret, "leave", token)
  if (!check.ok) return endpointPageAnswer(400, invalidPage())
  const her = await store.byId(check.memberId)
  // Her page says where she stands before it offers a button that could not change it, as the
  // confirmation's does. Since the list moved to a provider, only the provider knows whether she
  // is on it: the button, always.
  if (!changes(c)) {
    if (!movedTo && !her) return endpointPageAnswer(200, notFoundPage())
    if (!movedTo && her?.status === "left") return endpointPageAnswer(200, leftPage())
    return endpointPageAnswer(200, leavePage(token ?? ""))
  }
  // Since the list moved to a provider, she is off it only once the provider says so (she may
  // have joined there since, whatever the store says of her); until then she stays on both, and
  // the page offers the button again (a mail app may retry a 503). Only a member, whom the move
  // took there, is kept there as unsubscribed if the provider never had her: anyone else's
  // address is not added to it.
  if (movedTo && her) {
    const suppress = her.status === "confirmed"
    if ((await movedTo.unsubscribe?.(her.address, { suppress })) !== "left") {
      return endpointPageAnswer(503, unreachablePage(token ?? ""), { "Retry-After": "300" })
    }
  }
  // Recorded at once. No one by this id (erased, or a sign-up forgotten, made before ids came
  // from the address): she is told so, and how to leave if the e-mails still come.
  const left = await store.leave(check.memberId)
  return endpointPageAnswer(200, left === "unknown" ? notFoundPage() : leftPage())
}

/**
 * The pages her e-mail's links open: confirm (one button: her press is her consent), confirmed,
 * leave (one button), left, not reached or no one found, and the expired and broken links. In
 * the site's frame (src/endpointPages/); every word from data/membership.json.
 */

interface Words {
  heading: string
  text: string
}

interface MembershipPageTexts {
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
function confirmPage(token: string): string {
  const { buttonLabel } = texts.confirm
  return page(
    texts.confirm,
    jsx("div", { css: content }, form(confirmEndpoint, token, buttonLabel)),
  )
}

function confirmedPage(): string {
  return page(texts.confirmed, link(texts.confirmed.linkLabel, texts.confirmed.linkPath))
}

function expiredPage(): string {
  const { joinAgainLabel, joinAgainPath } = texts.expired
  return page(texts.expired, link(joinAgainLabel, joinAgainPath))
}

/** Her confirmation link again, once she is a member: nothing more is sent. */
function alreadyConfirmedPage(): string {
  return page(texts.alreadyConfirmed, link(texts.confirmed.linkLabel, texts.confirmed.linkPath))
}

/** Her confirmation link, after she left the list: it leads to the sign-up, as an expired one. */
function leftSincePage(): string {
  const { joinAgainLabel, joinAgainPath } = texts.expired
  return page(texts.leftSince, link(joinAgainLabel, joinAgainPath))
}

function invalidPage(): string {
  return page(texts.invalid, link(texts.invalid.linkLabel, texts.invalid.linkPath))
}

/** The token rides in the address, so the button posts where RFC 8058's one click does. */
function leavePage(token: string, words = texts.leave): string {
  const action = `${leaveEndpoint}?${new URLSearchParams({ [tokenField]: token })}`
  return page(words, jsx("div", { css: content }, form(action, token, words.buttonLabel)))
}

/** The leave page again, saying why she is still on the list. */
function unreachablePage(token: string): string {
  return leavePage(token, texts.unreachable)
}

function leftPage(): string {
  return page(texts.left, link(texts.left.linkLabel, texts.left.linkPath))
}

function notFoundPage(): string {
  return page(texts.notFound, link(texts.notFound.linkLabel, texts.notFound.linkPath))
}

function movedPage(): string {
  return page(texts.moved, link(texts.moved.linkLabel, texts.moved.linkPath))
}

/** The pages' words (below) from data/membership.json; each page leads on as the sign-up's. */
function pageTextsFrom(texts: MembershipTexts): MembershipPageTexts {
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

const texts = pageTextsFrom(membershipTexts)
