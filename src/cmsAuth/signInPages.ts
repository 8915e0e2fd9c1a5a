import { Fragment, type ReactNode } from "react"
import { jsx } from "@emotion/react"
import { renderEndpointPage } from "../endpointPages/endpointPage"
import { inlineScriptHash } from "../endpointPages/scriptHash"
import { content, problemOnWhite } from "../endpointPages/styles"
import { smallPrint } from "../theme/styles"
import { clientIdVariable, clientSecretVariable } from "./config"
import { cmsAuthTexts as texts, type CmsAuthProblem } from "./signInTexts"
import { listInWords } from "../utils/listInWords"

/**
 * The pages of the sign-in window, in the site's frame (src/endpointPages/): what went wrong, in
 * words for staff, or the page that hands the GitHub token to the CMS that opened the window.
 */

export interface ProblemDetails {
  /** The settings to name; the OAuth App's two by default. */
  variables?: readonly string[]
  /** GitHub's own error code, shown for whoever manages the site. */
  githubSaid?: string
}

/** "<code>A</code>, <code>B</code> and <code>C</code>" */
function names(list: readonly string[]): ReactNode[] {
  return listInWords(list.map((name) => jsx("code", { key: name }, name)))
}

/** The problem's text, the settings' names set as code where it says {variables}. */
function problemText(text: string, variables: readonly string[]): ReactNode[] {
  return text
    .split("{variables}")
    .flatMap((part, index) => (index === 0 ? [part] : [...names(variables), part]))
}

export function problemPage(problem: CmsAuthProblem, details: ProblemDetails = {}): string {
  const { title, text } = texts.problems[problem]
  const variables = details.variables ?? [clientIdVariable, clientSecretVariable]
  return renderEndpointPage({
    heading: title,
    children: jsx(
      "div",
      { css: content },
      jsx("p", { id: "problem", css: problemOnWhite }, ...problemText(text, variables)),
      details.githubSaid &&
        jsx(
          "p",
          { css: smallPrint },
          `${texts.githubSaid} `,
          jsx("code", null, details.githubSaid),
        ),
      jsx("p", null, texts.tryAgain),
    ),
  })
}

/**
 * Decap's side of the handshake (decap-cms-lib-auth, netlify-auth.js): the window says
 * "authorizing:github" to the CMS that opened it, the CMS answers with the same words, and the
 * window then posts the token, which the CMS takes only from its `base_url` (the site's origin).
 * Both messages go to this page's own origin and no other, and only the opener's answer from
 * that origin is heeded: a page elsewhere that opened this window never sees the token. If no
 * answer comes (the opener is gone, or the CMS is on another origin), the page says so.
 *
 * The same text on every response, so the policy allows it by one hash; the token is read from
 * a JSON block beside it, which is data and never runs.
 */
export const handshakeScript = `(function () {
  var result = document.getElementById("cms-auth-result").textContent;
  var origin = window.location.origin;
  var editor = window.opener;
  var handedOver = false;
  var lost = function () {
    if (!handedOver) document.getElementById("cms-auth-lost").hidden = false;
  };
  if (!editor) return lost();
  window.addEventListener("message", function answer(event) {
    if (event.origin !== origin || event.source !== editor) return;
    if (event.data !== "authorizing:github") return;
    window.removeEventListener("message", answer);
    handedOver = true;
    editor.postMessage("authorization:github:success:" + result, origin);
  });
  editor.postMessage("authorizing:github", origin);
  setTimeout(lost, 10000);
})();`

/** The CSP source that allows the handshake script: 'sha256-…' of its exact text. */
export const handshakeScriptHash = () => inlineScriptHash(handshakeScript)

/** The message Decap expects after "authorization:github:success:". */
function successMessage(token: string): string {
  return JSON.stringify({ token, provider: "github" })
}

export function signedInPage(token: string): string {
  const { title, text, lost } = texts.signedIn
  // In a JSON block only "</script" could end it early: "<" is written as JSON's \u003c.
  const result = successMessage(token).replace(/</g, "\\u003c")
  return renderEndpointPage({
    heading: title,
    intro: text,
    children: jsx(
      "div",
      { css: content },
      // No `display` of its own: `hidden` keeps it out of sight until the script says otherwise.
      jsx("p", { id: "cms-auth-lost", css: problemOnWhite, hidden: true }, lost),
    ),
    end: jsx(
      Fragment,
      null,
      jsx("script", {
        type: "application/json",
        id: "cms-auth-result",
        dangerouslySetInnerHTML: { __html: result },
      }),
      jsx("script", { dangerouslySetInnerHTML: { __html: handshakeScript } }),
    ),
  })
}
