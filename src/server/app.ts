import { Hono, type Context } from "hono"
import { bodyLimit } from "hono/body-limit"
import { every } from "hono/combine"
import { createMiddleware } from "hono/factory"
import { methodNotAllowed } from "hono/method-not-allowed"
import { finishSignIn, startSignIn } from "../cmsAuth/handleCmsAuth"
import {
  confirmMembership,
  leaveMembership,
  linkWithoutList,
} from "../membership/web/links/handleLinks"
import type { MembershipEnv } from "../membership/web/memberStore"
import { isPreviewSite } from "../previews/previewSite"
import { maxBodyBytes, signUp, signupRefusal } from "../membership/web/signup/handleSignup"
import { exportList, memberAction, refusal, showList } from "../membership/web/staff/handleStaff"
import { staffOnly } from "../membership/web/staff/staffAccess"
import {
  authPath,
  callbackPath,
  confirmEndpoint,
  leaveEndpoint,
  memberActionEndpoints,
  membersCsvEndpoint,
  membersEndpoint,
  signupEndpoint,
} from "../shared/endpoints"
import {
  publishAgainEndpoint,
  publishEndpoint,
  publishesEndpoint,
  rollbackEndpoint,
} from "../publishing/publishesApi"
import { handlePublish, maxWebhookBytes, publishGate } from "../publishing/web/handlePublish"
import { publishAgain, rollBack, showPublishes } from "../publishing/web/handlePublishes"
import { endpointHeaders } from "../shared/policy"
import { methodRefused, noSuchEndpoint, serverError } from "./errors"
import { fromThisSite } from "./fromThisSite"
import type { CmsAuthEnv } from "../cmsAuth/config"
import type { ExchangeOptions } from "../cmsAuth/github"
import type { Membership } from "../membership/web/memberStore"
import type { StaffEnv } from "../membership/web/staff/staffAccess"
import type { PublishEnv, PublishingDesk } from "../publishing/web/desk"
import type { HostEnv } from "../shared/hostEnv"

/** The host's settings: process.env in Node, the project's variables on Cloudflare. */
export type Settings = HostEnv & CmsAuthEnv & StaffEnv & PublishEnv

/**
 * What each runtime hands the app (`createApp`, below): the one thing its adapter knows that the app does
 * not. An adapter is this object and a line that passes requests in (src/siteServer/nodeRuntime.ts,
 * src/gatsby/functionAdapter.ts, functions/api/[[route]].ts).
 */
export interface Runtime {
  /** The settings, read at each request: a key set on the host alone is seen without a build. */
  settings(c: Context): Settings
  /** The visitor's address, for the limits: the host's connection info (hono/conninfo). */
  client(c: Context): string | undefined
  /**
   * The membership wing for these settings: where sign-ups go and their limits, and where the
   * runtime keeps the list itself (the site's own server), the store and her links' secret.
   */
  membership(settings: Settings): Membership
  /**
   * True for a request the editor makes on her own computer under `npm run cms` (gatsby develop,
   * from localhost): the staff's page then needs no sign-in, as the local CMS needs none. Never
   * set by a production runtime.
   */
  localEditing?(c: Context): boolean
  /** How the sign-in and the staff's check call GitHub; tests pass their own fetch. */
  github?: ExchangeOptions
  /** The publisher, where the runtime is the self-hosted server that builds (src/publishing/). */
  publishing?: PublishingDesk
}

const answerHeaders = Object.entries(endpointHeaders())

/**
 * Every answer's headers (src/shared/policy.ts: no script, not cached, not indexed), made once and
 * set outermost, on errors too: a handler sets only what differs (the CMS sign-in's window its own
 * policy), and none can forget them. The route table's first middleware, and the preview
 * server's for its one endpoint (src/publishing/node/previewServer.ts).
 */
export const withEndpointHeaders = createMiddleware(async (c, next) => {
  await next()
  for (const [name, value] of answerHeaders) {
    if (!c.res.headers.has(name)) c.res.headers.set(name, value)
  }
})

/** A body past an endpoint's limit, read no further (a caller that answers in pages has its own). */
const tooLarge = (c: Context) => c.text("Too large\n", 413)

/**
 * Every endpoint of the site, one line each, on every host: the Node server (`npm start`, and the
 * API service nginx passes /api/ to), a Gatsby Function (`gatsby develop`, Netlify) and a Pages
 * Function (Cloudflare). Each handler is a plain function of its wing (src/membership/web/,
 * src/cmsAuth/); what differs between hosts is the `runtime` its adapter hands over
 * (`Runtime`, above), which middleware puts on the context (`c.var`) for the handlers. Web-standard
 * only: nothing here or below imports `node:*` (eslint.config.mjs holds that), so workerd runs it
 * as Node does.
 *
 * An endpoint is one line: `app.get(path, handler)` for one method (any other gets Hono's 405 with
 * `Allow`), or `app.all` for a handler that answers every method itself, as the sign-up does: a
 * GET of the form's address gets a page that leads back to the form.
 */
export function createApp(runtime: Runtime) {
  const app = new Hono<MembershipEnv>()
  app.use(withEndpointHeaders)
  app.use(methodNotAllowed({ app, onMethodNotAllowed: methodRefused }))
  app.use(async (c, next) => {
    c.set("client", runtime.client(c))
    await next()
  })
  const membership = createMiddleware<MembershipEnv>(async (c, next) => {
    c.set("membership", runtime.membership(runtime.settings(c)))
    await next()
  })
  // Her links need the list the site keeps itself; elsewhere linkWithoutList answers.
  const ownListOnly = createMiddleware<MembershipEnv>(async (c, next) => {
    const own = await c.var.membership.own
    if (!own) return linkWithoutList(c)
    c.set("own", own)
    await next()
  })
  // A preview of a draft (src/previews/previewSite.ts) keeps no list: a sign-up is refused in
  // plain words, and her links and the staff's list are not there, as where no store is.
  const noListOnPreview = createMiddleware(async (c, next) => {
    if (!isPreviewSite(runtime.settings(c))) return next()
    return c.req.path === signupEndpoint ? signupRefusal(403, "preview")(c) : c.notFound()
  })

  // What a sign-up must pass before it is read: another site's post is refused, and a body past
  // the limit is read no further; each answered in the caller's own terms (JSON or a page).
  const signupChecks = every(
    fromThisSite(signupRefusal(403)),
    bodyLimit({ maxSize: maxBodyBytes, onError: signupRefusal(413) }),
  )
  // Her e-mail's links, where the site keeps its own list. No origin check: the signed token is
  // the proof, and a mail app's one-click leave posts from its own servers.
  const links = every(
    noListOnPreview,
    bodyLimit({ maxSize: maxBodyBytes, onError: tooLarge }),
    membership,
    ownListOnly,
  )
  // The staff's page of the list: each request signed in; an action is a POST from the page.
  const staff = every(noListOnPreview, membership, staffOnly(runtime))
  const staffPost = every(
    fromThisSite(() => refusal(403, "otherSite")),
    bodyLimit({ maxSize: maxBodyBytes, onError: () => refusal(413, "badRequest") }),
    staff,
  )

  // GitHub's webhook, on the server that publishes: its signature is its proof, so no origin check.
  const webhookChecks = bodyLimit({ maxSize: maxWebhookBytes, onError: tooLarge })

  app.all(signupEndpoint, noListOnPreview, signupChecks, membership, signUp)
  app.on(["GET", "POST"], confirmEndpoint, links, confirmMembership)
  app.on(["GET", "POST"], leaveEndpoint, links, leaveMembership)
  app.all(authPath, (c) => startSignIn(c, runtime.settings(c)))
  app.all(callbackPath, (c) => finishSignIn(c, runtime.settings(c), runtime.github))
  app.get(membersEndpoint, staff, showList)
  app.get(membersCsvEndpoint, staff, exportList)
  app.post(memberActionEndpoints.resend, staffPost, memberAction("resend"))
  app.post(memberActionEndpoints.takeOff, staffPost, memberAction("takeOff"))
  app.post(memberActionEndpoints.erase, staffPost, memberAction("erase"))
  app.post(
    publishEndpoint,
    publishGate((c) => runtime.settings(c), runtime.publishing),
    webhookChecks,
    (c) => handlePublish(c, runtime.settings(c), runtime.publishing),
  )
  app.get(publishesEndpoint, staff, showPublishes(runtime.publishing))
  app.post(rollbackEndpoint, staffPost, rollBack(runtime.publishing))
  app.post(publishAgainEndpoint, staffPost, publishAgain(runtime.publishing))

  app.notFound(noSuchEndpoint)
  app.onError(serverError)
  return app
}
