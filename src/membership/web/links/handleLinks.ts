import type { Context } from "hono"
import { confirmEndpoint, tokenField } from "../../../shared/endpoints"
import { endpointHeaders } from "../../../shared/policy"
import {
  alreadyConfirmedPage,
  confirmedPage,
  confirmPage,
  expiredPage,
  invalidPage,
  leavePage,
  leftPage,
  leftSincePage,
  membershipPageTexts as texts,
  movedPage,
  notFoundPage,
  unreachablePage,
} from "./linkPages"
import { dayMs } from "../../../utils/dates"
import { membershipTexts } from "../../emails/emailTexts"
import { checkToken } from "./signedLinks"
import { embeddedStoreName } from "../mailingList"
import type { MembershipEnv } from "../middleware"

/**
 * Her e-mail's two links, written once for every host that keeps its own list (the route table,
 * src/server/app.ts). Only a POST changes anything: link scanners fetch links, with GET or HEAD
 * (Hono answers HEAD with the GET route), and some run the page's scripts. Confirming takes her
 * press of the page's button, the proof of her consent; leaving takes a POST too, the button's or
 * her mail app's (RFC 8058: no cookie, answered 200).
 */

const htmlType = "text/html; charset=utf-8"

function html(status: number, body: string, headers: Record<string, string> = {}): Response {
  return new Response(body, {
    status,
    headers: { ...endpointHeaders(), "Content-Type": htmlType, ...headers },
  })
}

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
  if (c.req.path === confirmEndpoint) return html(410, expiredPage(texts))
  // The site's own list, whose secret could not be had (the log: "members: no secret for the
  // links"): for now, not for good. Her press, or her mail app's, is asked again later.
  if (c.var.membership.list.name === embeddedStoreName) {
    return html(503, unreachablePage(texts, (await tokenOf(c)) ?? ""), { "Retry-After": "300" })
  }
  return html(410, movedPage(texts))
}

/** /api/confirm: her confirmation link's page, and her press of its button. */
export async function confirmMembership(c: Context<MembershipEnv>): Promise<Response> {
  const { store, secret, movedTo } = c.var.own
  const token = await tokenOf(c)
  const check = await checkToken(secret, "confirm", token)
  if (!check.ok && check.reason === "expired" && check.memberId) {
    // An old confirmation of one who has confirmed since (from a later e-mail): she is a member.
    const her = await store.byId(check.memberId)
    if (her?.status === "confirmed") return html(200, alreadyConfirmedPage(texts))
  }
  if (!check.ok) {
    return check.reason === "expired"
      ? html(410, expiredPage(texts))
      : html(400, invalidPage(texts))
  }
  // Since the list moved to a provider, she joins there: the page leads to the sign-up.
  if (movedTo) return html(410, expiredPage(texts))
  // Not on the list: a sign-up unconfirmed past the days it is kept was forgotten (the link has
  // expired, in effect); sooner, she left from the e-mail (nothing is kept of one who never
  // confirmed), or was erased at her request.
  const gone = () => {
    const keptUntil = (check.issuedAt?.getTime() ?? 0) + membershipTexts.pendingDays * dayMs
    return Date.now() >= keptUntil ? html(410, expiredPage(texts)) : html(410, leftSincePage(texts))
  }
  // Her page says where she stands before it offers a button that could not change it.
  if (!changes(c)) {
    const her = await store.byId(check.memberId)
    if (!her) return gone()
    if (her.status === "confirmed") return html(200, alreadyConfirmedPage(texts))
    if (her.status === "left") return html(410, leftSincePage(texts))
    return html(200, confirmPage(texts, token ?? ""))
  }
  const result = await store.confirm(check.memberId, check.issuedAt)
  if (result === "already-confirmed") return html(200, alreadyConfirmedPage(texts))
  if (result === "left") return html(410, leftSincePage(texts))
  if (result === "unknown") return gone()
  // A link from before she left and joined again: its sign-up has passed.
  if (result === "stale") return html(410, expiredPage(texts))
  return html(200, confirmedPage(texts))
}

/** /api/leave: her leave link's page, and the POST of its button or of her mail app. */
export async function leaveMembership(c: Context<MembershipEnv>): Promise<Response> {
  const { store, secret, movedTo } = c.var.own
  const token = await tokenOf(c)
  const check = await checkToken(secret, "leave", token)
  if (!check.ok) return html(400, invalidPage(texts))
  if (!changes(c)) return html(200, leavePage(texts, token ?? ""))
  // Since the list moved to a provider, she is off it only once the provider says so (she may
  // have joined there since, whatever the store says of her); until then she stays on both, and
  // the page offers the button again (a mail app may retry a 503). Only a member, whom the move
  // took there, is kept there as unsubscribed if the provider never had her: anyone else's
  // address is not added to it.
  const her = await store.byId(check.memberId)
  if (movedTo && her) {
    const suppress = her.status === "confirmed"
    if ((await movedTo.unsubscribe?.(her.address, { suppress })) !== "left") {
      return html(503, unreachablePage(texts, token ?? ""), { "Retry-After": "300" })
    }
  }
  // Recorded at once. No one by this id (erased, or a sign-up forgotten, made before ids came
  // from the address): she is told so, and how to leave if the e-mails still come.
  const left = await store.leave(check.memberId)
  return html(200, left === "unknown" ? notFoundPage(texts) : leftPage(texts))
}
