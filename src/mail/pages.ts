import { jsx } from "@emotion/react"
import { renderEndpointPage } from "../server/pages/endpointPage"
import { content, onward } from "../server/pages/styles"
import { buttonStyles } from "../theme/styles"
import { confirmEndpoint, leaveEndpoint, tokenField } from "../shared/endpoints"

/**
 * The pages her e-mail's links open: confirm (its script confirms on load; without script, one
 * button), confirmed, leave (one button), left, and the expired and broken links. In the site's
 * frame (src/server/pages/); every word from data/membership.json.
 */

interface Words {
  heading: string
  text: string
}

export interface MembershipPageTexts {
  confirm: Words & { buttonLabel: string }
  confirmed: Words & { linkLabel: string; linkPath: string }
  expired: Words & { joinAgainLabel: string; joinAgainPath: string }
  invalid: Words & { linkLabel: string; linkPath: string }
  leave: Words & { buttonLabel: string }
  left: Words & { linkLabel: string; linkPath: string }
}

const CONFIRM_FORM_ID = "confirm-form"

/**
 * Confirms as the page loads, so her one click in the e-mail is all it takes; a mail scanner that
 * only fetches the link runs no script and confirms nobody. Allowed by its hash alone.
 */
export const confirmScript = `document.getElementById("${CONFIRM_FORM_ID}").requestSubmit();`

const form = (id: string | undefined, action: string, token: string, label: string) =>
  jsx(
    "form",
    { id, method: "post", action },
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

export function confirmPage(texts: MembershipPageTexts, token: string): string {
  const { buttonLabel } = texts.confirm
  return page(
    texts.confirm,
    jsx("div", { css: content }, form(CONFIRM_FORM_ID, confirmEndpoint, token, buttonLabel)),
    jsx("script", { dangerouslySetInnerHTML: { __html: confirmScript } }),
  )
}

export function confirmedPage(texts: MembershipPageTexts): string {
  return page(texts.confirmed, link(texts.confirmed.linkLabel, texts.confirmed.linkPath))
}

export function expiredPage(texts: MembershipPageTexts): string {
  const { joinAgainLabel, joinAgainPath } = texts.expired
  return page(texts.expired, link(joinAgainLabel, joinAgainPath))
}

export function invalidPage(texts: MembershipPageTexts): string {
  return page(texts.invalid, link(texts.invalid.linkLabel, texts.invalid.linkPath))
}

/** The token rides in the address, so the button posts where RFC 8058's one click does. */
export function leavePage(texts: MembershipPageTexts, token: string): string {
  const action = `${leaveEndpoint}?${new URLSearchParams({ [tokenField]: token })}`
  return page(
    texts.leave,
    jsx("div", { css: content }, form(undefined, action, token, texts.leave.buttonLabel)),
  )
}

export function leftPage(texts: MembershipPageTexts): string {
  return page(texts.left, link(texts.left.linkLabel, texts.left.linkPath))
}
