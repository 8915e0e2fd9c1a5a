import { Hono } from "hono"
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
import { ownListOnly, withMembership, type MembershipEnv } from "../membership/web/middleware"
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
import { publishEndpoint, publishesEndpoint, rollbackEndpoint } from "../publishing/publishesApi"
import { handlePublish, maxWebhookBytes } from "../publishing/web/handlePublish"
import { rollBack, showPublishes } from "../publishing/web/handlePublishes"
import { endpointHeaders } from "../shared/policy"
import { methodRefused, noSuchEndpoint, serverError } from "./errors"
import { fromThisSite } from "./fromThisSite"
import type { Runtime } from "./runtime"

/**
 * Every endpoint of the site, one line each, on every host: the Node server (`npm start`, and the
 * API service nginx passes /api/ to), a Gatsby Function (`gatsby develop`, Netlify) and a Pages
 * Function (Cloudflare). Each handler is a plain function of its wing (src/membership/web/,
 * src/cmsAuth/); what differs between hosts is the `runtime` its adapter hands over
 * (./runtime.ts), which middleware puts on the context (`c.var`) for the handlers. Web-standard
 * only: nothing here or below imports `node:*` (eslint.config.mjs holds that), so workerd runs it
 * as Node does.
 *
 * An endpoint is one line: `app.get(path, handler)` for one method (any other gets Hono's 405 with
 * `Allow`), or `app.all` for a handler that answers every method itself, as the sign-up does: a
 * GET of the form's address gets a page that leads back to the form.
 */
export function createApp(runtime: Runtime) {
  const app = new Hono<MembershipEnv>()
  app.use(methodNotAllowed({ app, onMethodNotAllowed: methodRefused }))
  app.use(async (c, next) => {
    c.set("client", runtime.client(c))
    await next()
  })
  const membership = withMembership((c) => runtime.membership(runtime.settings(c)))
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
    bodyLimit({
      maxSize: maxBodyBytes,
      onError: (c) => c.text("Too large\n", 413, endpointHeaders()),
    }),
    membership,
    ownListOnly(linkWithoutList),
  )
  // The staff's page of the list: each request signed in; an action is a POST from the page.
  const staff = every(noListOnPreview, membership, staffOnly(runtime))
  const staffPost = every(
    fromThisSite(() => refusal(403, "otherSite")),
    bodyLimit({ maxSize: maxBodyBytes, onError: () => refusal(413, "badRequest") }),
    staff,
  )

  // GitHub's webhook, on the server that publishes: its signature is its proof, so no origin check.
  const webhookChecks = bodyLimit({
    maxSize: maxWebhookBytes,
    onError: (c) => c.text("Too large\n", 413, endpointHeaders()),
  })

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
  app.post(publishEndpoint, webhookChecks, (c) =>
    handlePublish(c, runtime.settings(c), runtime.publishing),
  )
  app.get(publishesEndpoint, staff, showPublishes(runtime.publishing))
  app.post(rollbackEndpoint, staffPost, rollBack(runtime.publishing))

  app.notFound(noSuchEndpoint)
  app.onError(serverError)
  return app
}

export type App = ReturnType<typeof createApp>
