import { Hono, type Context } from "hono"
import { bodyLimit } from "hono/body-limit"
import { finishSignIn, startSignIn } from "../cmsAuth/handleCmsAuth"
import { apiPrefix, authPath, callbackPath, signupEndpoint } from "../shared/endpoints"
import { handleSignup, maxBodyBytes, signupRefusal } from "../signup/handleSignup"
import { signupTexts } from "../signup/texts"
import { notFound, serverError } from "./errors"
import { fromThisSite } from "./fromThisSite"
import type { Runtime } from "./runtime"

/**
 * Every endpoint of the site, one line each, on every host: the Node server (`npm start`, and the
 * API service nginx passes /api/ to), a Gatsby Function (`gatsby develop`, Netlify) and a Pages
 * Function (Cloudflare). Each handler is a plain function of its own module; what differs between
 * hosts is the `runtime` its adapter hands over (./runtime.ts). Web-standard only: nothing here or
 * below imports `node:*` (eslint.config.mjs holds that), so workerd runs it as Node does.
 *
 * A handler answers every method at its address itself: a GET of the form's address gets a page
 * that leads back to the form, not a bare 404.
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

  const app = new Hono()
  app.all(
    signupEndpoint,
    fromThisSite(signupRefusal(403)),
    bodyLimit({ maxSize: maxBodyBytes, onError: signupRefusal(413) }),
    signUp,
  )
  app.all(authPath, (c) => startSignIn(c, runtime.settings(c)))
  app.all(callbackPath, (c) => finishSignIn(c, runtime.settings(c), runtime.github))

  app.all(`${apiPrefix}*`, notFound)
  app.onError(serverError)
  return app
}

export type App = ReturnType<typeof createApp>
