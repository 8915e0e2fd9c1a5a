import { Hono, type Context } from "hono"
import { bodyLimit } from "hono/body-limit"
import { every } from "hono/combine"
import { finishSignIn, startSignIn } from "../cmsAuth/handleCmsAuth"
import { confirmMembership, leaveMembership, type Membership } from "../mail/handleMembership"
import {
  apiPrefix,
  authPath,
  callbackPath,
  confirmEndpoint,
  leaveEndpoint,
  memberActionEndpoints,
  membersCsvEndpoint,
  membersEndpoint,
  signupEndpoint,
} from "../shared/endpoints"
import { publishEndpoint } from "../publishing/api"
import { handlePublish, maxWebhookBytes } from "../publishing/web/handlePublish"
import { handleSignup, maxBodyBytes, signupRefusal } from "../signup/handleSignup"
import { signupTexts } from "../signup/texts"
import { asStaff, exportMembers, listMembers, memberAction, refusal } from "../staffApi/handleStaff"
import { endpointHeaders } from "../shared/policy"
import { noSuchEndpoint, serverError } from "./errors"
import { fromThisSite } from "./fromThisSite"
import type { Runtime } from "./runtime"

/**
 * Every endpoint of the site, one line each, on every host: the Node server (`npm start`, and the
 * API service nginx passes /api/ to), a Gatsby Function (`gatsby develop`, Netlify) and a Pages
 * Function (Cloudflare). Each handler is a plain function of its own module; what differs between
 * hosts is the `runtime` its adapter hands over (./runtime.ts). Web-standard only: nothing here or
 * below imports `node:*` (eslint.config.mjs holds that), so workerd runs it as Node does.
 *
 * An endpoint is one line: `app.get(path, handler)` for one method (any other gets a 405 with
 * `Allow`), or `app.all` for a handler that answers every method itself, as the sign-up does: a
 * GET of the form's address gets a page that leads back to the form.
 */
export function createApp(runtime: Runtime) {
  const signUp = (c: Context) => {
    const { list, rateLimit } = runtime.signupList(runtime.settings(c))
    return handleSignup(c.req.raw, {
      list,
      rateLimit,
      texts: signupTexts,
      client: runtime.client(c),
    })
  }

  // What a sign-up must pass before it is read: another site's post is refused, and a body past
  // the limit is read no further; each answered in the caller's own terms (JSON or a page).
  const signupChecks = every(
    fromThisSite(signupRefusal(403)),
    bodyLimit({ maxSize: maxBodyBytes, onError: signupRefusal(413) }),
  )

  // Her e-mail's links, where the site keeps its own list (elsewhere the provider sends its own
  // links, and these addresses are no endpoint). No origin check: the signed token is the proof,
  // and a mail app's one-click leave posts from its own servers.
  const withMembership =
    (handler: (c: Context, membership: Membership) => Promise<Response>) => async (c: Context) => {
      const membership = await runtime.membership?.(runtime.settings(c))
      return membership ? handler(c, membership) : noSuchEndpoint([])(c)
    }
  const linkChecks = bodyLimit({
    maxSize: maxBodyBytes,
    onError: (c) => c.text("Too large\n", 413, endpointHeaders()),
  })

  // The staff's page of the list: each request signed in (src/staffApi/access.ts); an action is a
  // POST from the page itself.
  const staff = asStaff(runtime)
  const staffPost = every(
    fromThisSite(() => refusal(403, "otherSite")),
    bodyLimit({ maxSize: maxBodyBytes, onError: () => refusal(413, "badRequest") }),
  )

  // GitHub's webhook, on the server that publishes: its signature is its proof, so no origin check.
  const webhookChecks = bodyLimit({
    maxSize: maxWebhookBytes,
    onError: (c) => c.text("Too large\n", 413, endpointHeaders()),
  })

  const app = new Hono()
  app.all(signupEndpoint, signupChecks, signUp)
  app.on(["GET", "POST"], confirmEndpoint, linkChecks, withMembership(confirmMembership))
  app.on(["GET", "POST"], leaveEndpoint, linkChecks, withMembership(leaveMembership))
  app.all(authPath, (c) => startSignIn(c, runtime.settings(c)))
  app.all(callbackPath, (c) => finishSignIn(c, runtime.settings(c), runtime.github))
  app.get(membersEndpoint, staff(listMembers))
  app.get(membersCsvEndpoint, staff(exportMembers))
  app.post(memberActionEndpoints.resend, staffPost, staff(memberAction("resend")))
  app.post(memberActionEndpoints.leave, staffPost, staff(memberAction("leave")))
  app.post(memberActionEndpoints.erase, staffPost, staff(memberAction("erase")))
  app.post(publishEndpoint, webhookChecks, (c) =>
    handlePublish(c, runtime.settings(c), runtime.publishing),
  )

  app.all(`${apiPrefix}*`, noSuchEndpoint(app.routes))
  app.onError(serverError)
  return app
}

export type App = ReturnType<typeof createApp>
