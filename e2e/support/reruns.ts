import { readdirSync } from "node:fs"
import path from "node:path"

/**
 * Which browser specs run again, and where. Every spec runs once, on the build of data/ served by
 * the site's own server (`npm run test:e2e`). Then a spec runs again
 * - on the build of other content (`npm run test:content`: the launch content with the staff's
 *   edits) when what it checks is made from the content: the pages' words, pictures, cards,
 *   faces and accessibility;
 * - against nginx as shipped, with the API service behind it (`npm run test:delivery`), when what
 *   it checks depends on how the site is served: the policy nginx sends, its 404s, and what it
 *   passes to the API service. Headers, caching, compression and redirects of every file are
 *   checked over HTTP there (e2e/delivery/).
 * Each spec says why, and a new spec must be added here: both scripts refuse to run until it is.
 */
export const reruns: Record<string, { content: boolean; nginx: boolean; why: string }> = {
  accessibility: {
    content: true,
    nginx: false,
    why: "axe on pages made from the content: headings, alt texts, link names, contrast",
  },
  "arriving-in-pieces": {
    content: true,
    nginx: false,
    why: "the card grids as they fill, as many cards as the content has; its own slow proxy",
  },
  bends: { content: false, nginx: false, why: "the bundles' code, whatever the content" },
  cms: {
    content: false,
    nginx: false,
    why: "/admin/ is built from the content model, not the content; it saves through decap-server",
  },
  "cms-phone": {
    content: false,
    nginx: false,
    why: "Decap's editor fitted to a phone, and a draft saved through decap-server: the editor, not the content",
  },
  "cms-signin": {
    content: false,
    nginx: true,
    why: "/admin/ under the headers nginx sends, the sign-in passed to the API service",
  },
  csp: {
    content: false,
    nginx: true,
    why: "the policy nginx sends, enforced; content brings only words and pictures of the site's origin",
  },
  emails: {
    content: true,
    nginx: false,
    why: "the welcome e-mail at a narrow width, with the gift code the content has",
  },
  design: {
    content: false,
    nginx: false,
    why: "sizes, contrast and fit, under more than any content brings: a long word added to every text, text at 200 %, a white picture under the hero; once, on data/ (docs/decisions.md)",
  },
  "host-headers": {
    content: false,
    nginx: false,
    why: "each host's headers, from its own server",
  },
  loading: {
    content: true,
    nginx: false,
    why: "the faces, cut to the content's characters; the tooltips of the content's collections",
  },
  "members-page": {
    content: false,
    nginx: true,
    why: "the staff's page and /api/members through nginx to the API service",
  },
  membership: {
    content: false,
    nginx: false,
    why: "the double opt-in on its own server and SMTP; its words' rendering is tested in Jest",
  },
  "not-found": {
    content: true,
    nginx: true,
    why: "the 404 page's words and links; nginx's own 404 answers",
  },
  routes: { content: true, nginx: false, why: "every page shows its content" },
  seo: {
    content: true,
    nginx: false,
    why: "titles, descriptions and share cards from the content",
  },
  signup: {
    content: false,
    nginx: true,
    why: "the sign-up through nginx to the API service; its words, whatever they say, come from contact.json",
  },
  "signup-provider": {
    content: false,
    nginx: false,
    why: "a mailing provider's answers, on its own server",
  },
  "staff-edits": {
    content: true,
    nginx: false,
    why: "the staff's edits on the pages: runs only on the edited content",
  },
  workerd: { content: false, nginx: false, why: "the build in Cloudflare's runtime, on wrangler" },
}

/** The browser specs of e2e/, by name (`routes` for e2e/routes.spec.ts). */
export function browserSpecs(): string[] {
  return readdirSync(path.join(__dirname, ".."))
    .filter((file) => file.endsWith(".spec.ts"))
    .map((file) => file.replace(/\.spec\.ts$/, ""))
    .sort()
}

/**
 * The spec files to run again on other content or on nginx, as Playwright's arguments. Throws
 * for a spec in e2e/ that `reruns` does not list (or one it lists that is gone).
 */
export function specsToRerun(where: "content" | "nginx"): string[] {
  const specs = browserSpecs()
  const unlisted = specs.filter((spec) => !(spec in reruns))
  const gone = Object.keys(reruns).filter((spec) => !specs.includes(spec))
  if (unlisted.length > 0 || gone.length > 0)
    throw new Error(
      [
        ...unlisted.map(
          (spec) => `e2e/${spec}.spec.ts: say in e2e/support/reruns.ts whether it runs again`,
        ),
        ...gone.map((spec) => `e2e/support/reruns.ts lists ${spec}, which e2e/ no longer has`),
      ].join("\n"),
    )
  return specs.filter((spec) => reruns[spec]?.[where]).map((spec) => `e2e/${spec}.spec.ts`)
}
