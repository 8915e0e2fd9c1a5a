import { escapeHtml, htmlPage } from "../endpoints/htmlPage"
import { colors, fonts, fontSizes, radii, space } from "../theme/tokens"
import { honeypotField, signupEndpoint } from "./fields"
import type { SignupProblem, SignupTexts } from "./texts"

/**
 * The pages the endpoint answers a plain form post with (a browser with JavaScript off, or a
 * visitor who pressed the button before the page's script ran): the thank-you page, or the form
 * again with the problem named and her address still in the field. Plain HTML from the site's
 * tokens and data/'s words (src/endpoints/htmlPage.ts), with no scripts, so it needs nothing from
 * the build.
 */

// What only the sign-up's pages have: the form again, with its field marked and the trap field
// out of sight.
const formStyles = `
form{display:grid;gap:${space.sm};margin-top:${space.md}}
label{font-weight:600}
input{width:100%;padding:.75rem 1rem;border:2px solid ${colors.problem};border-radius:${radii.sm};background:${colors.white};color:${colors.ink};font:inherit}
button{justify-self:start;padding:.75rem ${space.md};border:0;border-radius:${radii.pill};background:${colors.accent};color:${colors.white};font:600 ${fontSizes.body} ${fonts.body};cursor:pointer}
.trap{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
`

function page(title: string, texts: SignupTexts, body: string): string {
  return htmlPage({
    title,
    brandName: texts.brandName,
    homePath: texts.homePath,
    body,
    styles: formStyles,
  })
}

/** The thank-you page: the toast's own title and text. */
export function confirmationPage(texts: SignupTexts): string {
  const { title, text, linkLabel } = texts.confirmation
  return page(
    title,
    texts,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(text)}</p>
<p><a href="${escapeHtml(texts.homePath)}">${escapeHtml(linkLabel)}</a></p>`,
  )
}

/** The form again, the problem above it (and in the tab's title), the address kept. */
export function problemPage(texts: SignupTexts, problem: SignupProblem, address: string): string {
  const { form, messages } = texts
  const message = messages[problem]
  return page(
    `${messages.heading}: ${message}`,
    texts,
    `<h1>${escapeHtml(messages.heading)}</h1>
<p class="problem" id="signup-problem">${escapeHtml(message)}</p>
<form method="post" action="${signupEndpoint}" aria-labelledby="signup-heading">
<h2 id="signup-heading" class="small">${escapeHtml(form.heading)}</h2>
<label for="signup-email">${escapeHtml(form.emailLabel)}</label>
<input id="signup-email" type="email" name="email" autocomplete="email" required autofocus aria-invalid="true" aria-describedby="signup-problem" placeholder="${escapeHtml(form.emailPlaceholder)}" value="${escapeHtml(address)}">
<div class="trap" aria-hidden="true"><label for="signup-trap">${escapeHtml(messages.botFieldLabel)}</label><input id="signup-trap" type="text" name="${honeypotField}" tabindex="-1" autocomplete="off"></div>
<button type="submit">${escapeHtml(form.submitLabel)}</button>
</form>
<p class="small">${escapeHtml(form.privacyNote)} <a href="${escapeHtml(form.privacyLink.path)}">${escapeHtml(form.privacyLink.label)}</a></p>
<p><a href="${escapeHtml(texts.contactPath)}">${escapeHtml(form.heading)}</a></p>`,
  )
}

/** Any method but POST, or a body that is not a sign-up: a short page that leads back. */
export function notAFormPage(texts: SignupTexts): string {
  const { form, messages } = texts
  return page(
    messages.heading,
    texts,
    `<h1>${escapeHtml(messages.heading)}</h1>
<p>${escapeHtml(messages.rejected)}</p>
<p><a href="${escapeHtml(texts.contactPath)}">${escapeHtml(form.heading)}</a></p>`,
  )
}
