import site from "../../../data/site.json"
import { renderEmail } from "../emails/renderEmail"
import { confirmationExpiry, signToken } from "../web/links/signedLinks"
import { confirmEndpoint, leaveEndpoint, tokenField } from "../../shared/endpoints"
import type { OutgoingEmail } from "./mailer"
import type { MemberStore, OutboxJob } from "../web/memberStore"
import type { HostEnv } from "../../shared/hostEnv"

/**
 * The site's address for her links: SITE_URL from the host, else `siteUrl` in data/site.json;
 * never the request's Host, which a caller chooses.
 */
export function siteAddress(env: HostEnv): string {
  return (env.SITE_URL?.trim() || site.siteUrl).replace(/\/+$/, "")
}

interface ComposeOptions {
  store: Pick<MemberStore, "byId">
  secret: string
  siteUrl: string
  now?: () => Date
}

/**
 * Turns an outbox job into the e-mail, at the moment it is sent: with her current record (none, or
 * one whose status moved on, and nothing is sent), her links freshly signed, and the headers of
 * RFC 8058's one-click leave (an https link and a mailto:).
 */
export function composer({ store, secret, siteUrl, now = () => new Date() }: ComposeOptions) {
  const link = (endpoint: string, token: string) =>
    `${siteUrl}${endpoint}?${new URLSearchParams({ [tokenField]: token })}`

  return async (job: OutboxJob): Promise<OutgoingEmail | null> => {
    const member = await store.byId(job.memberId)
    const wanted = job.kind === "confirmation" ? "pending" : "confirmed"
    if (!member || member.status !== wanted) return null
    const leave = link(leaveEndpoint, await signToken(secret, "leave", member.id))
    const expires = confirmationExpiry(now())
    const confirm =
      job.kind === "confirmation"
        ? link(confirmEndpoint, await signToken(secret, "confirm", member.id, expires))
        : undefined
    const { subject, html, text } = await renderEmail(job.kind, { confirm, leave, site: siteUrl })
    const mailto = `mailto:${site.contactEmail}?subject=${encodeURIComponent("Leave the list")}`
    return {
      id: job.id,
      to: member.address,
      subject,
      html,
      text,
      headers: {
        "List-Unsubscribe": `<${leave}>, <${mailto}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    }
  }
}
