/**
 * @jest-environment node
 */
import { buildEnvironment } from "../src/publishing/node/publisher"
import { isPreviewSite } from "../src/previews/previewSite"
import { publishSettings, settingsWarnings } from "../src/publishing/node/settings"

// What the publisher hands a build, and where its token may go: a build runs the commit's code
// (a draft's preview too), so none of the server's secrets are in its environment; a password
// in PUBLISH_REPO is sent to GitHub only when the repository is on that GitHub.

const server = {
  PATH: "/usr/bin",
  HOME: "/var/lib/evergrace",
  TZ: "Europe/London",
  GATSBY_CMS_REPO: "evergrace/website",
  SITE_URL: "https://www.evergrace.example",
  PUBLISH_SECRET: "webhook",
  PUBLISH_REPO: "https://x-access-token:ghs_repo@github.com/evergrace/website.git",
  PUBLISH_GITHUB_TOKEN: "ghs_status",
  GITHUB_OAUTH_CLIENT_SECRET: "oauth",
  BUTTONDOWN_API_KEY: "buttondown",
  SMTP_URL: "smtp://user:pass@mail.example",
  DKIM_PRIVATE_KEY: "-----BEGIN PRIVATE KEY-----",
  DKIM_SELECTOR: "mail",
  MEMBERS_STORE: "/var/lib/evergrace/members",
  SITE_PREVIEW: "1",
}

test("a build gets what it builds with, and none of the server's secrets", () => {
  const env = buildEnvironment(server, "2026-11-28T00:00:00.000Z")
  for (const kept of ["PATH", "HOME", "TZ", "GATSBY_CMS_REPO", "SITE_URL"] as const) {
    expect(env[kept]).toBe(server[kept])
  }
  expect(Object.keys(env).sort()).toEqual(
    [
      ...["PATH", "HOME", "TZ", "GATSBY_CMS_REPO", "SITE_URL"],
      "GO_LIVE_NOW",
      "CI",
      "GATSBY_TELEMETRY_DISABLED",
      "SITE_PREVIEW",
      "SITE_PREVIEW_COMMIT",
    ].sort(),
  )
})

test("a release is never built as a preview; a draft's preview always is, with its commit", () => {
  const release = buildEnvironment(server, "now")
  expect(isPreviewSite(release)).toBe(false)
  expect(release).toMatchObject({ SITE_PREVIEW: "", SITE_PREVIEW_COMMIT: "" })
  const preview = buildEnvironment({ PATH: "/usr/bin" }, "now", "abc1234")
  expect(isPreviewSite(preview)).toBe(true)
  expect(preview).toMatchObject({ SITE_PREVIEW: "1", SITE_PREVIEW_COMMIT: "abc1234" })
})

test("a release's build and a preview's name the same variables, so Gatsby's cache of the Functions holds between them", () => {
  const names = (env: NodeJS.ProcessEnv) => Object.keys(env).sort()
  expect(names(buildEnvironment(server, "now", "abc1234"))).toEqual(
    names(buildEnvironment(server, "later")),
  )
})

test("a token in PUBLISH_REPO posts statuses only to the GitHub it belongs to", () => {
  const where = { appDir: "/srv/app", port: 9300, host: "127.0.0.1" }
  const onGithub = publishSettings(
    { PUBLISH_SECRET: "s", PUBLISH_REPO: "https://x-access-token:ghs_repo@github.com/o/n.git" },
    where,
  )
  expect(onGithub?.statuses?.token).toBe("ghs_repo")
  const elsewhere = publishSettings(
    { PUBLISH_SECRET: "s", PUBLISH_REPO: "https://me:hunter2@git.example.com/o/n.git" },
    where,
  )
  expect(elsewhere?.statuses).toBeUndefined()
})

// With PUBLISH_PREVIEW_URL unset, previews fall back to a localhost address: right on a developer's
// computer, but on the boutique's server "View Preview" opened a dead page on the staff's own.
test("a public site whose previews would open on the staff's own computer is said at the start", () => {
  const settings = (env: Record<string, string>) =>
    publishSettings(env, { appDir: "/srv/evergrace", port: 9000, host: "127.0.0.1" })!
  const { PUBLISH_REPO, PUBLISH_SECRET, SITE_URL } = server
  expect(settingsWarnings(settings({ PUBLISH_REPO, PUBLISH_SECRET, SITE_URL }))).toEqual([
    expect.stringContaining("set PUBLISH_PREVIEW_URL"),
  ])
  const previews = "https://{preview}.preview.evergrace.example"
  expect(
    settingsWarnings(
      settings({ PUBLISH_REPO, PUBLISH_SECRET, SITE_URL, PUBLISH_PREVIEW_URL: previews }),
    ),
  ).toEqual([])
  // A developer's server: both on this computer.
  expect(settingsWarnings(settings({ PUBLISH_REPO, PUBLISH_SECRET }))).toEqual([])
})

// The service's unit sets NODE_ENV=production: there, a site address left unset made every status
// link to 127.0.0.1, and said nothing (the check above looked at the site's address alone).
test("a live server with neither site address set is told, as it starts, where its statuses and previews would lead", () => {
  const settings = (env: Record<string, string>) =>
    publishSettings(env, { appDir: "/srv/evergrace", port: 9300, host: "127.0.0.1" })!
  const { PUBLISH_REPO, PUBLISH_SECRET, SITE_URL } = server
  const live = { PUBLISH_REPO, PUBLISH_SECRET, NODE_ENV: "production", GATSBY_CMS_REPO: "o/site" }
  expect(settingsWarnings(settings(live), live)).toEqual([
    expect.stringMatching(/statuses link to http:\/\/127\.0\.0\.1:9300.*set SITE_URL/),
    expect.stringContaining("set PUBLISH_PREVIEW_URL"),
  ])
  const previews = "https://{preview}.preview.evergrace.example"
  const set = { ...live, SITE_URL, PUBLISH_PREVIEW_URL: previews }
  expect(settingsWarnings(settings(set), set)).toEqual([])
})

test("no commit statuses is said with its reason: no token, or a GITHUB_URL that is not GitHub's", () => {
  const settings = (env: Record<string, string>) =>
    publishSettings(env, { appDir: "/srv/evergrace", port: 9000, host: "127.0.0.1" })!
  const { PUBLISH_REPO, PUBLISH_SECRET } = server
  const folder = { PUBLISH_REPO: "/srv/evergrace.git", PUBLISH_SECRET }
  expect(settingsWarnings(settings(folder), folder)).toEqual([
    expect.stringContaining("set PUBLISH_GITHUB_TOKEN"),
  ])
  // Live, with no statuses: nothing said of where statuses would link.
  const liveFolder = { ...folder, NODE_ENV: "production", GATSBY_CMS_REPO: "o/site" }
  expect(settingsWarnings(settings(liveFolder), liveFolder)).toEqual([
    expect.stringContaining("set PUBLISH_GITHUB_TOKEN"),
    expect.stringContaining("set PUBLISH_PREVIEW_URL"),
  ])
  const enterprise = { PUBLISH_REPO, PUBLISH_SECRET, GITHUB_URL: "github.boutique.example" }
  expect(settingsWarnings(settings(enterprise), enterprise)).toEqual([
    expect.stringContaining('GITHUB_URL is "github.boutique.example", not an https:// address'),
  ])
})

// The builds take the server's settings: a live server without the CMS's repository published
// versions whose /admin/ said "The editor is not set up yet", and said nothing as it started.
test("a live server without GATSBY_CMS_REPO is told, as it starts, that its builds would have no editor", () => {
  const settings = (env: Record<string, string>) =>
    publishSettings(env, { appDir: "/srv/evergrace", port: 9300, host: "127.0.0.1" })!
  const { PUBLISH_REPO, PUBLISH_SECRET, SITE_URL } = server
  const previews = "https://{preview}.preview.evergrace.example"
  const live = {
    PUBLISH_REPO,
    PUBLISH_SECRET,
    SITE_URL,
    PUBLISH_PREVIEW_URL: previews,
    NODE_ENV: "production",
  }
  expect(settingsWarnings(settings(live), live)).toEqual([
    expect.stringMatching(/^GATSBY_CMS_REPO is not set: .*The editor is not set up yet/),
  ])
  const withRepo = { ...live, GATSBY_CMS_REPO: "boutique/website" }
  expect(settingsWarnings(settings(withRepo), withRepo)).toEqual([])
  // A developer's computer: her local editor needs none.
  const local = { PUBLISH_REPO, PUBLISH_SECRET }
  expect(settingsWarnings(settings(local), local)).toEqual([])
})
