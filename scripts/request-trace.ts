// Which files of src/ a request runs through, from the site's own server to the store and back:
// her leave link (a POST, as her press of the page's button or her mail app's one click) and the
// staff's GET /api/members, once with GitHub's answer about her token kept (the page's later
// requests) and once with a token GitHub is asked about. Measured by V8's precise coverage in
// this process: the functions called during that one request, once the modules it needs are
// loaded (her leave page read first, the staff's list asked for once). What every endpoint passes
// through is counted apart, as the frame: the server before the route table, and the site's
// header, footer and styles that an endpoint's page is drawn in. The server gets only the
// settings below, whatever the shell holds: no e-mail leaves, no publisher runs.
//
//   npm run build && npx tsx scripts/request-trace.ts
//
// To see what a change adds to a request's path, run it before and after the change
// (docs/architecture.md, "Which files a request runs through"); commits before the membership
// wing's move name other files, and cannot run it.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { Session } from "node:inspector/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { simpleParser } from "mailparser"
import {
  startGithubStub,
  stubClientId,
  stubClientSecret,
  stubRepo,
} from "../e2e/support/stubs/githubStub"
import { stopMemberships } from "../src/membership/node/nodeMembership"
import { closeMemberStores } from "../src/membership/node/store/lmdbStore"
import { startSiteServer } from "../src/siteServer/siteServer"

const srcDir = path.resolve("src")
/** Every endpoint's frame: the server before the route table, and the page an answer is drawn in. */
const frame = [
  /^siteServer\/(siteServer|clientAddress)\.ts$/,
  /^(components|theme)\//,
  /^utils\/paths\.ts$/,
  /^endpointPages\//,
]

type Coverage = {
  result: { url: string; functions: { functionName: string; ranges: { count: number }[] }[] }[]
}

async function main() {
  const store = mkdtempSync(path.join(tmpdir(), "request-trace-"))
  const github = await startGithubStub({ callbackUrl: "http://127.0.0.1:9/api/callback" })
  const session = new Session()
  session.connect()
  await session.post("Profiler.enable")
  await session.post("Profiler.startPreciseCoverage", { callCount: true, detailed: false })

  const server = await startSiteServer(
    {
      publicDir: path.resolve("public"),
      env: {
        MEMBERS_STORE: store,
        // The staff's door asks the stub, as the OAuth App (named one by one: older stubs have
        // no `settings`).
        GATSBY_CMS_REPO: stubRepo,
        GITHUB_URL: github.url,
        GITHUB_OAUTH_CLIENT_ID: stubClientId,
        GITHUB_OAUTH_CLIENT_SECRET: stubClientSecret,
      },
    },
    0,
    "127.0.0.1",
  )
  const { port } = server.address() as { port: number }
  const base = `http://127.0.0.1:${port}`

  /** The e-mails to her written to the store's outbox/ (no SMTP_URL set), once there are `count`. */
  async function emails(address: string, count: number): Promise<string[]> {
    const folder = path.join(store, "outbox")
    for (let tries = 0; tries < 100; tries++) {
      const files = existsSync(folder)
        ? readdirSync(folder, { withFileTypes: true }).filter((f) => f.isFile())
        : []
      const texts = files.map((f) => readFileSync(path.join(folder, f.name), "utf8"))
      const hers = texts.filter((text) => text.includes(address))
      if (hers.length >= count) return hers
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error(`fewer than ${count} e-mails to her were written`)
  }

  /** Her links, from her confirmation e-mail. */
  async function herLinks(address: string) {
    const [email = ""] = await emails(address, 1)
    const { text = "" } = await simpleParser(email)
    const link = (name: string) => {
      const found = new RegExp(`https?://[^\\s"<>]+/api/${name}\\?token=[^\\s"<>]+`).exec(text)
      if (!found) throw new Error(`no ${name} link in her e-mail`)
      const url = new URL(found[0])
      return `${base}${url.pathname}${url.search}`
    }
    return { confirm: link("confirm"), leave: link("leave") }
  }

  async function trace(label: string, send: () => Promise<Response>) {
    await session.post("Profiler.takePreciseCoverage")
    const answer = await send()
    await answer.text()
    if (answer.status !== 200) throw new Error(`${label}: answered ${answer.status}, not 200`)
    const { result } = (await session.post("Profiler.takePreciseCoverage")) as Coverage
    const files = result
      .filter((script) => script.url.startsWith(`file://${srcDir}/`))
      .filter((script) => script.functions.some((f) => (f.ranges[0]?.count ?? 0) > 0))
      .map((script) => path.relative(srcDir, new URL(script.url).pathname))
      .sort()
    const own = files.filter((file) => !frame.some((pattern) => pattern.test(file)))
    const lines = (list: string[]) =>
      list.reduce(
        (sum, file) => sum + readFileSync(path.join(srcDir, file), "utf8").split("\n").length,
        0,
      )
    console.log(`\n${label}: ${answer.status}`)
    console.log(`  all: ${files.length} files, ${lines(files)} lines`)
    console.log(`  past the frame: ${own.length} files, ${lines(own)} lines`)
    for (const file of own) console.log(`    src/${file}`)
  }

  try {
    const address = `trace.${Date.now()}@example.com`
    const form = { "Content-Type": "application/x-www-form-urlencoded" }
    await fetch(`${base}/api/subscribe`, {
      method: "POST",
      headers: { ...form, Origin: base },
      body: `email=${encodeURIComponent(address)}`,
    })
    const links = await herLinks(address)
    await fetch(links.confirm, { method: "POST", headers: form, body: "" })
    // Her welcome written too: the sender is idle before anything is measured.
    await emails(address, 2)
    await (await fetch(links.leave)).text()
    await trace("POST /api/leave (her one click)", () =>
      fetch(links.leave, { method: "POST", headers: form, body: "" }),
    )

    const staff = (token: string) =>
      fetch(`${base}/api/members`, { headers: { Authorization: `Bearer ${token}` } })
    const token = github.tokenFor("editor")
    await (await staff(token)).text()
    await trace("GET /api/members (GitHub's answer kept)", () => staff(token))
    await trace("GET /api/members (GitHub asked)", () => staff(github.tokenFor("editor")))
  } finally {
    server.close()
    await stopMemberships()
    await closeMemberStores()
    await github.close()
    rmSync(store, { recursive: true, force: true })
  }
}

void main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
