import type { Context } from "hono"
import type { MembershipEnv } from "../../membership/web/memberStore"
import { isRecord, jsonAnswer, parseJson } from "../../utils/json"
import type { PublishingDesk } from "./desk"

/**
 * The staff's page's publishing lines (src/server/app.ts): GET /api/publishes, the last
 * publishes and what is live; POST /api/publishes/rollback, the version before back; POST
 * /api/publishes/again, the newest publish built again after the server's fault. Behind the
 * staff's door (the CMS's GitHub sign-in, as for the members' list): who asked is in the undo's
 * record. A host that does not publish itself (Netlify, Cloudflare Pages) has none: 404, and the
 * page shows no publishing.
 */

const json = (body: unknown) => jsonAnswer(200, body)

export const showPublishes =
  (desk: PublishingDesk | undefined) => async (c: Context<MembershipEnv>) =>
    desk ? json(await desk.publishes()) : c.notFound()

export const rollBack = (desk: PublishingDesk | undefined) => async (c: Context<MembershipEnv>) => {
  if (!desk) return c.notFound()
  // The live release the page showed: an undo of what is no longer live does nothing.
  const asked = parseJson(await c.req.text())
  const from = isRecord(asked) && typeof asked.live === "string" ? asked.live : undefined
  return json(await desk.rollback(c.var.staff.identity.login, from))
}

export const publishAgain =
  (desk: PublishingDesk | undefined) => async (c: Context<MembershipEnv>) =>
    desk ? json(await desk.publishAgain(c.var.staff.identity.login)) : c.notFound()
