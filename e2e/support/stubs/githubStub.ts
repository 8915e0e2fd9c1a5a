/**
 * A local stand-in for GitHub, for the CMS sign-in's browser test (e2e/cms-signin.spec.ts): the
 * OAuth App's side of github.com, and the part of the REST API that Decap CMS 3.6's GitHub
 * backend uses in simple publish mode (decap-cms-backend-github/dist/esm/API.js), laid out as
 * GitHub Enterprise lays them out (the site at GITHUB_URL, the API under /api/v3).
 *
 * OAuth (https://docs.github.com/en/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps):
 *   GET  /login/oauth/authorize       the consent page: "Authorize" or "Cancel", each sent back
 *                                     to redirect_uri with the state (code, or error=access_denied)
 *   POST /login/oauth/access_token    code + client secret → token; refusals as GitHub sends them
 *                                     (status 200, `error`: incorrect_client_credentials,
 *                                     bad_verification_code, redirect_uri_mismatch)
 *   POST /api/v3/applications/{client_id}/token   "check a token", Basic-authenticated as the
 *                                     OAuth App: the token's grant (its app, scopes, user), or 404
 *                                     for a token the app did not make (a personal token, another
 *                                     app's) or wrong app credentials, 422 without a token
 * REST API, under /api/v3 (a token from the exchange, `Authorization: token …`):
 *   GET  /user, /repos/{repo}, /repos/{repo}/branches/{branch}, /git/ref(s)/heads/{branch},
 *        /git/trees/{tree-ish}[?recursive=1] (with "main:data" paths), /git/blobs/{sha},
 *        /commits?path&sha, /contents/{path}, /collaborators/{user}/permission
 *   POST /git/blobs, /git/trees (base_tree, deletions), /git/commits
 *   PATCH /git/refs/heads/{branch}    moves the branch: fast-forward only unless `force`
 *   POST /git/refs, DELETE /git/refs/heads/{branch}   a branch made, a branch removed
 * and for drafts (Decap's editorial workflow: a branch cms/<collection>/<entry>, a pull request
 * whose label is its status, merged when published):
 *   GET, POST /pulls (?head=owner:branch&base&state), GET, PATCH /pulls/{n}, GET /pulls/{n}/commits
 *   PUT /pulls/{n}/merge               a merge commit (or squash) on the base; 405 on a conflict
 *   PUT /issues/{n}/labels             the pull request's labels
 *   GET /compare/{base}...{head}       base_commit, merge_base_commit, commits, files (a patch for
 *                                      text, none for pictures)
 *   POST /statuses/{sha}, GET /commits/{ref}/status(es)   commit statuses, as a deploy service
 *                                      or the publisher posts them, and the combined status Decap
 *                                      reads "View preview" from
 *   GET /users/{login}, GET /search/issues (always empty: notes are off)
 * with GitHub's CORS headers. Anything else is answered 404 and logged, so a call Decap starts
 * making shows up. Signing in, opening the home page's entry and saving it as a draft, Decap
 * 3.16.3 calls: /user, /repos/{repo}, trees of main:data and main:data/images, blobs,
 * /commits?path&sha for each file, /pulls?state=open, /branches/main, then POST blobs, trees,
 * commits, refs and pulls and PUT issues/{n}/labels; publishing, /pulls/{n}/merge and DELETE the
 * branch's ref. (Contents, refs and permission reads are there for other uses of the API.)
 *
 * The repository is one commit of the given folder's files (this repo's data/, as data/...),
 * held in memory as real Git objects (SHA-1 of blobs, trees and commits): nothing is written to
 * disk. Every branch made, moved or merged into is kept in `pushes` with the files of the new
 * tree, also at GET /_stub/pushes for a test in another process. POST /_stub/token (`who=reader`
 * or `editor`) hands out a token as a sign-in would: the reader (`stubReader`) may read the
 * repository but not push to it; POST /_stub/reset takes the repository back to its first commit.
 *
 * On its own: npx tsx e2e/support/stubs/githubStub.ts <callback URL> [port]
 */
import { createHash, randomBytes } from "node:crypto"
import { readdirSync, readFileSync, statSync } from "node:fs"
import http from "node:http"
import type { AddressInfo, Socket } from "node:net"
import path from "node:path"
import { runStub } from "./runStub"
import { isRecord, parseJson } from "../../../src/utils/json"

export const stubClientId = "Iv1.stubclientid0000"
export const stubClientSecret = "stub-client-secret-0123456789abcdef"
export const stubRepo = "evergrace/website"
/** The OAuth App's name on GitHub's consent page (the App's, not the boutique's). */
export const stubAppName = "Evergrace CMS"
export const stubBranch = "main"
export const stubUser = {
  login: "eve-editor",
  id: 4242,
  name: "Eve Editor",
  email: "eve@example.com",
}

/** A second account, who may read the repository but not push to it (the staff's page refuses her). */
export const stubReader = {
  login: "rita-reader",
  id: 4343,
  name: "Rita Reader",
  email: "rita@example.com",
}

/** A branch update the stub accepted. */
export interface StubPush {
  branch: string
  /** The commit the branch now points at, and the one before. */
  sha: string
  before: string
  message: string
  author: { name: string; email: string }
  /** The paths this commit changed against its first parent. */
  changed: string[]
  /** Every file of the new tree, as text (not the pictures). */
  files: Record<string, string>
  /** The size of every file of the new tree, pictures too, in bytes. */
  sizes: Record<string, number>
}

/** A commit status as GitHub keeps it (POST /repos/{repo}/statuses/{sha}). */
export interface StubStatus {
  id: number
  sha: string
  state: "pending" | "success" | "failure" | "error"
  description: string | null
  target_url: string | null
  context: string
  created_at: string
}

export interface GithubStub {
  /** GITHUB_URL for the sign-in endpoint. */
  url: string
  /** What https://api.github.com is, here. */
  apiUrl: string
  /**
   * The site's settings that make this stub its GitHub: the CMS's repository, GitHub's address
   * and the stub's OAuth App, for the sign-in and the staff's door.
   */
  settings: {
    GATSBY_CMS_REPO: string
    GITHUB_URL: string
    GITHUB_OAUTH_CLIENT_ID: string
    GITHUB_OAUTH_CLIENT_SECRET: string
  }
  pushes: StubPush[]
  /** Requests it had no answer for ("GET /api/v3/…"). */
  unhandled: string[]
  /** Commit statuses posted, oldest first (also GET /_stub/statuses). */
  statuses: StubStatus[]
  /**
   * A token for a user, as if she had signed in through the OAuth App (also POST /_stub/token):
   * with the `repo` scope, unless `scope` says otherwise; `app: "personal"` or another client ID
   * makes a personal access token or another app's, which only the app check tells apart.
   */
  tokenFor(who: "editor" | "reader", grant?: { scope?: string; app?: string }): string
  /** Takes a token back, as revoking the OAuth App does. */
  revoke(token: string): void
  /**
   * The repository back at its first commit, with no pull request, status or push on record
   * (also POST /_stub/reset): for a spec's retry against a stub another process runs, which its
   * first try left changed. Tokens stay good.
   */
  reset(): void
  close(): Promise<void>
}

/** The project's content: the stub's repository starts with it. */
const projectData = path.resolve(__dirname, "../../../data")

export interface GithubStubOptions {
  /** The OAuth App's callback URL: redirect_uri must be it, or an address below it. */
  callbackUrl: string
  /** The folder that is the repository's first commit, under its own name: data/ unless said. */
  dataDir?: string
  repo?: string
  branch?: string
  /** 0 (the default) picks a free port. */
  port?: number
}

type Blob = { type: "blob"; data: Buffer }
type TreeEntry = { name: string; mode: "100644" | "040000"; type: "blob" | "tree"; sha: string }
type Tree = { type: "tree"; entries: TreeEntry[] }
type Person = { name: string; email: string; date: string }
type Commit = {
  type: "commit"
  tree: string
  parents: string[]
  message: string
  author: Person
  committer: Person
}
type GitObject = Blob | Tree | Commit

const docs = "https://docs.github.com/rest"
const apiPrefix = "/api/v3"
const corsHeaders = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers":
    "ETag, Link, Location, Retry-After, X-GitHub-OTP, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Used, X-RateLimit-Resource, X-RateLimit-Reset, X-OAuth-Scopes, X-Accepted-OAuth-Scopes, X-Poll-Interval, X-GitHub-Media-Type, X-GitHub-SSO, X-GitHub-Request-Id, Deprecation, Sunset",
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

const notFound = () => new HttpError(404, "Not Found")

/** Git's own object store, in memory. */
class Repository {
  readonly objects = new Map<string, GitObject>()
  readonly refs = new Map<string, string>()

  private store(type: string, body: Buffer, object: GitObject): string {
    const sha = createHash("sha1")
      .update(Buffer.concat([Buffer.from(`${type} ${body.length}\0`), body]))
      .digest("hex")
    this.objects.set(sha, object)
    return sha
  }

  writeBlob(data: Buffer): string {
    return this.store("blob", data, { type: "blob", data })
  }

  writeTree(entries: TreeEntry[]): string {
    // Git's order: by name, a folder's name as if it ended in "/".
    const key = (entry: TreeEntry) => (entry.type === "tree" ? `${entry.name}/` : entry.name)
    const sorted = [...entries].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0))
    const body = Buffer.concat(
      sorted.map((entry) =>
        Buffer.concat([
          Buffer.from(`${entry.mode === "040000" ? "40000" : entry.mode} ${entry.name}\0`),
          Buffer.from(entry.sha, "hex"),
        ]),
      ),
    )
    return this.store("tree", body, { type: "tree", entries: sorted })
  }

  writeCommit(commit: Omit<Commit, "type">): string {
    const person = (who: Person) =>
      `${who.name} <${who.email}> ${Math.floor(Date.parse(who.date) / 1000)} +0000`
    const text = [
      `tree ${commit.tree}`,
      ...commit.parents.map((parent) => `parent ${parent}`),
      `author ${person(commit.author)}`,
      `committer ${person(commit.committer)}`,
      "",
      commit.message,
    ].join("\n")
    return this.store("commit", Buffer.from(text), { type: "commit", ...commit })
  }

  /** A folder on disk as a tree. */
  treeOfFolder(folder: string): string {
    const entries: TreeEntry[] = readdirSync(folder).map((name) => {
      const full = path.join(folder, name)
      return statSync(full).isDirectory()
        ? { name, mode: "040000", type: "tree", sha: this.treeOfFolder(full) }
        : { name, mode: "100644", type: "blob", sha: this.writeBlob(readFileSync(full)) }
    })
    return this.writeTree(entries)
  }

  get<T extends GitObject["type"]>(sha: string, type: T): Extract<GitObject, { type: T }> {
    const object = this.objects.get(sha)
    if (!object || object.type !== type) throw notFound()
    return object as Extract<GitObject, { type: T }>
  }

  /** "main", a commit's or a tree's SHA, each with an optional ":folder/path": a tree's SHA. */
  treeOf(treeish: string): string {
    const [revision = "", folder = ""] = treeish.split(/:(.*)/s)
    const start = this.refs.get(`heads/${revision}`) ?? revision
    const object = this.objects.get(start)
    let tree: string | undefined =
      object?.type === "commit" ? object.tree : object?.type === "tree" ? start : undefined
    if (!tree) throw notFound()
    for (const name of folder.split("/").filter(Boolean)) {
      const entry: TreeEntry | undefined = this.get(tree, "tree").entries.find(
        (each) => each.name === name,
      )
      if (!entry || entry.type !== "tree") throw notFound()
      tree = entry.sha
    }
    return tree
  }

  /** Every blob under a tree, by path. */
  files(tree: string, prefix = ""): Map<string, TreeEntry> {
    const found = new Map<string, TreeEntry>()
    for (const entry of this.get(tree, "tree").entries) {
      const where = `${prefix}${entry.name}`
      if (entry.type === "tree") {
        for (const [inner, value] of this.files(entry.sha, `${where}/`)) found.set(inner, value)
      } else {
        found.set(where, entry)
      }
    }
    return found
  }

  /** A tree from paths to blobs, folders made as needed. */
  treeOfFiles(files: Map<string, string>): string {
    const here: TreeEntry[] = []
    const folders = new Map<string, Map<string, string>>()
    for (const [where, sha] of files) {
      const [first = "", ...rest] = where.split("/")
      if (rest.length === 0) {
        here.push({ name: first, mode: "100644", type: "blob", sha })
      } else {
        const inner = folders.get(first) ?? new Map<string, string>()
        inner.set(rest.join("/"), sha)
        folders.set(first, inner)
      }
    }
    for (const [name, inner] of folders) {
      here.push({ name, mode: "040000", type: "tree", sha: this.treeOfFiles(inner) })
    }
    return this.writeTree(here)
  }

  blobAt(commit: string, where: string): string | undefined {
    return this.files(this.get(commit, "commit").tree).get(where)?.sha
  }

  /** Whether `ancestor` is `commit` or one of its parents', any generations back. */
  descends(commit: string, ancestor: string): boolean {
    const seen = new Set<string>()
    const queue = [commit]
    while (queue.length > 0) {
      const sha = queue.shift() ?? ""
      if (sha === ancestor) return true
      if (seen.has(sha)) continue
      seen.add(sha)
      queue.push(...this.get(sha, "commit").parents)
    }
    return false
  }
}

/** The paths whose file differs between two snapshots of a tree, in order. */
function changedPaths(before: Map<string, TreeEntry>, after: Map<string, TreeEntry>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])]
    .filter((where) => before.get(where)?.sha !== after.get(where)?.sha)
    .sort()
}

interface PullRequest {
  number: number
  state: "open" | "closed"
  title: string
  body: string
  /** The branches, by name. */
  head: string
  base: string
  /** The head's commit when it was closed (its branch may be gone then). */
  headSha: string
  labels: string[]
  author: typeof stubUser
  createdAt: string
  updatedAt: string
  mergedAt?: string
}

export async function startGithubStub(options: GithubStubOptions): Promise<GithubStub> {
  const repoName = options.repo ?? stubRepo
  const branch = options.branch ?? stubBranch
  const callbackUrl = new URL(options.callbackUrl)
  const repository = new Repository()
  const pushes: StubPush[] = []
  const unhandled: string[] = []
  const pulls = new Map<number, PullRequest>()
  const statuses: StubStatus[] = []
  const codes = new Map<string, { redirectUri: string; scope: string; expires: number }>()
  /** `app`: the client ID of the OAuth App that made it, or "personal" for a personal token. */
  type Grant = { scope: string; reader?: boolean; app: string; createdAt: string }
  const tokens = new Map<string, Grant>()
  const mint = ({
    app = stubClientId,
    ...grant
  }: Omit<Grant, "app" | "createdAt"> & { app?: string }) => {
    const prefix = app === "personal" ? "ghp_" : "gho_"
    const token = `${prefix}${randomBytes(27).toString("base64url").replace(/[-_]/g, "x").slice(0, 36)}`
    tokens.set(token, { ...grant, app, createdAt: new Date().toISOString() })
    return token
  }
  const sockets = new Set<Socket>()
  let stubUrl = ""

  const since = new Date(Date.UTC(2024, 0, 1)).toISOString()
  const founder = { name: "Evergrace", email: "web@evergrace.example", date: since }
  const dataDir = options.dataDir ?? projectData
  const folderName = path.basename(dataDir)
  const first = repository.writeTree([
    {
      name: folderName,
      mode: "040000",
      type: "tree",
      sha: repository.treeOfFolder(dataDir),
    },
  ])
  const firstCommit = repository.writeCommit({
    tree: first,
    parents: [],
    message: "The site's content",
    author: founder,
    committer: founder,
  })
  const reset = () => {
    repository.refs.clear()
    repository.refs.set(`heads/${branch}`, firstCommit)
    pulls.clear()
    pushes.length = 0
    statuses.length = 0
    unhandled.length = 0
  }
  reset()

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      const status = error instanceof HttpError ? error.status : 500
      const message = error instanceof Error ? error.message : String(error)
      if (status === 500) console.error(`GitHub stub: ${message}`)
      if (!response.headersSent) {
        json(response, status, { message, documentation_url: docs })
      } else {
        response.end()
      }
    })
  })
  server.on("connection", (socket) => {
    sockets.add(socket)
    socket.on("close", () => sockets.delete(socket))
  })

  async function handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const url = new URL(request.url ?? "/", "http://stub")
    const method = request.method ?? "GET"
    if (url.pathname.startsWith(`${apiPrefix}/`) || url.pathname === apiPrefix) {
      for (const [name, value] of Object.entries(corsHeaders)) response.setHeader(name, value)
      if (method === "OPTIONS") {
        response.writeHead(204, {
          "Access-Control-Allow-Methods": "GET, POST, PATCH, PUT, DELETE",
          "Access-Control-Allow-Headers":
            "Authorization, Content-Type, If-Match, If-Modified-Since, If-None-Match, If-Unmodified-Since, Accept-Encoding, X-GitHub-OTP, X-Requested-With, User-Agent, GraphQL-Features",
          "Access-Control-Max-Age": "86400",
        })
        response.end()
        return
      }
      const body = method === "GET" ? undefined : parseJson(await readBody(request))
      const answer = api(
        method,
        url.pathname.slice(apiPrefix.length),
        url.searchParams,
        body,
        request,
      )
      if (answer === undefined) {
        unhandled.push(`${method} ${url.pathname}${url.search}`)
        console.warn(`GitHub stub: no answer for ${method} ${url.pathname}${url.search}`)
        throw notFound()
      }
      if (answer.status === 204) response.writeHead(204).end()
      else json(response, answer.status, answer.body)
      return
    }
    if (url.pathname === "/login/oauth/authorize") {
      authorize(
        method,
        url.searchParams,
        method === "POST" ? await readBody(request) : "",
        response,
      )
      return
    }
    if (url.pathname === "/login/oauth/access_token" && method === "POST") {
      accessToken(request, await readBody(request), response)
      return
    }
    if (url.pathname === "/_stub/token" && method === "POST") {
      const reader = new URLSearchParams(await readBody(request)).get("who") === "reader"
      json(response, 201, { token: mint({ scope: "repo", reader }) })
      return
    }
    if (url.pathname === "/_stub/reset" && method === "POST") {
      reset()
      response.writeHead(204).end()
      return
    }
    if (url.pathname === "/_stub/pushes" && method === "GET") {
      json(response, 200, pushes)
      return
    }
    if (url.pathname === "/_stub/statuses" && method === "GET") {
      json(response, 200, statuses)
      return
    }
    if (url.pathname.startsWith("/avatars/")) {
      response.writeHead(200, { "Content-Type": "image/svg+xml", ...corsHeaders })
      response.end(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2"><rect width="2" height="2" fill="#7a2b48"/></svg>',
      )
      return
    }
    unhandled.push(`${method} ${url.pathname}`)
    console.warn(`GitHub stub: no answer for ${method} ${url.pathname}`)
    send(
      response,
      404,
      "text/html; charset=utf-8",
      "<h1>404</h1><p>This is not the web page you are looking for.</p>",
    )
  }

  /** GitHub accepts a redirect_uri on the callback URL's host and port, at or below its path. */
  function allowedRedirect(redirectUri: string | null): boolean {
    if (!redirectUri) return false
    try {
      const target = new URL(redirectUri)
      const base = callbackUrl.pathname.replace(/\/$/, "")
      return (
        target.origin === callbackUrl.origin &&
        (target.pathname === callbackUrl.pathname || target.pathname.startsWith(`${base}/`))
      )
    } catch {
      return false
    }
  }

  function authorize(
    method: string,
    query: URLSearchParams,
    posted: string,
    response: http.ServerResponse,
  ) {
    const fields = method === "POST" ? new URLSearchParams(posted) : query
    const clientId = fields.get("client_id")
    const state = fields.get("state") ?? ""
    const scope = fields.get("scope") ?? ""
    if (clientId !== stubClientId) {
      send(
        response,
        404,
        "text/html; charset=utf-8",
        "<h1>404</h1><p>No OAuth App has this client_id.</p>",
      )
      return
    }
    const requested = fields.get("redirect_uri") ?? options.callbackUrl
    if (!allowedRedirect(requested)) {
      back(response, options.callbackUrl, {
        error: "redirect_uri_mismatch",
        error_description:
          "The redirect_uri MUST match the registered callback URL for this application.",
        error_uri:
          "https://docs.github.com/apps/managing-oauth-apps/troubleshooting-authorization-request-errors/#redirect-uri-mismatch",
        state,
      })
      return
    }
    if (method === "POST") {
      if (fields.get("authorize") !== "1") {
        back(response, requested, {
          error: "access_denied",
          error_description: "The user has denied your application access.",
          error_uri:
            "https://docs.github.com/apps/managing-oauth-apps/troubleshooting-authorization-request-errors/#access-denied",
          state,
        })
        return
      }
      const code = randomBytes(10).toString("hex")
      codes.set(code, { redirectUri: requested, scope, expires: Date.now() + 10 * 60_000 })
      back(response, requested, { code, state })
      return
    }
    const hidden = [...fields]
      .map(
        ([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`,
      )
      .join("")
    send(
      response,
      200,
      "text/html; charset=utf-8",
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Authorize application</title></head>
<body><main><h1>Authorize ${stubAppName}</h1>
<p>${stubAppName} by ${escape(repoName.split("/")[0] ?? "")} would like permission to: <strong>${escape(scope || "(no scope)")}</strong> (signed in as ${escape(stubUser.login)})</p>
<form method="post" action="/login/oauth/authorize">${hidden}
<button type="submit" name="authorize" value="0">Cancel</button>
<button type="submit" name="authorize" value="1">Authorize evergrace</button>
</form></main></body></html>`,
    )
  }

  function accessToken(request: http.IncomingMessage, raw: string, response: http.ServerResponse) {
    const type = request.headers["content-type"] ?? ""
    const parsed = type.includes("json")
      ? parseJson(raw)
      : Object.fromEntries(new URLSearchParams(raw))
    const fields = isRecord(parsed) ? parsed : {}
    const field = (name: string) =>
      typeof fields[name] === "string" ? (fields[name] as string) : ""
    const wantsJson = (request.headers.accept ?? "").includes("json")
    const reply = (body: Record<string, string>) =>
      wantsJson
        ? json(response, 200, body)
        : send(
            response,
            200,
            "application/x-www-form-urlencoded; charset=utf-8",
            new URLSearchParams(body).toString(),
          )
    const refuse = (error: string, error_description: string) =>
      reply({
        error,
        error_description,
        error_uri: `https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors/#${error.replace(/_/g, "-")}`,
      })

    if (field("client_id") !== stubClientId || field("client_secret") !== stubClientSecret) {
      refuse(
        "incorrect_client_credentials",
        "The client_id and/or client_secret passed are incorrect.",
      )
      return
    }
    const grant = codes.get(field("code"))
    if (!grant || grant.expires < Date.now()) {
      refuse("bad_verification_code", "The code passed is incorrect or expired.")
      return
    }
    if (field("redirect_uri") && field("redirect_uri") !== grant.redirectUri) {
      refuse(
        "redirect_uri_mismatch",
        "The redirect_uri MUST match the registered callback URL for this application.",
      )
      return
    }
    // A code is good once.
    codes.delete(field("code"))
    const token = mint({ scope: grant.scope })
    reply({ access_token: token, token_type: "bearer", scope: grant.scope })
  }

  type Answer = { status: number; body: unknown }

  /** GitHub's "check a token", as the OAuth App (https://docs.github.com/rest/apps/oauth-applications#check-a-token). */
  function checkToken(clientId: string, body: unknown, request: http.IncomingMessage): Answer {
    const basic = /^basic (\S+)$/i.exec(request.headers.authorization ?? "")?.[1] ?? ""
    const [id, secret] = Buffer.from(basic, "base64").toString("utf8").split(":")
    if (clientId !== stubClientId || id !== stubClientId || secret !== stubClientSecret) {
      throw notFound()
    }
    const token = isRecord(body) && typeof body.access_token === "string" ? body.access_token : ""
    if (!token) throw new HttpError(422, "Invalid request.")
    const grant = tokens.get(token)
    if (!grant || grant.app !== clientId) throw notFound()
    return {
      status: 200,
      body: {
        id: 1,
        url: `${apiBase()}/authorizations/1`,
        scopes: grant.scope.split(/[\s,]+/).filter(Boolean),
        token,
        token_last_eight: token.slice(-8),
        hashed_token: createHash("sha256").update(token).digest("hex"),
        app: { client_id: clientId, name: "Evergrace CMS", url: `${stubUrl}/evergrace` },
        note: null,
        note_url: null,
        created_at: grant.createdAt,
        updated_at: grant.createdAt,
        fingerprint: null,
        expires_at: null,
        user: grant.reader ? user(stubReader) : user(),
        installation: null,
      },
    }
  }

  function api(
    method: string,
    route: string,
    query: URLSearchParams,
    body: unknown,
    request: http.IncomingMessage,
  ): Answer | undefined {
    const application = /^\/applications\/([^/]+)\/token$/.exec(route)
    if (method === "POST" && application) {
      return checkToken(decodeURIComponent(application[1] ?? ""), body, request)
    }
    const credentials = /^(?:token|bearer) (\S+)$/i.exec(request.headers.authorization ?? "")
    const grant = credentials ? tokens.get(credentials[1] ?? "") : undefined
    if (!grant) {
      throw new HttpError(401, credentials ? "Bad credentials" : "Requires authentication")
    }
    if (method === "GET" && route === "/user") {
      return { status: 200, body: grant.reader ? user(stubReader) : user() }
    }
    const someone = /^\/users\/([^/]+)$/.exec(route)?.[1]
    if (method === "GET" && someone) {
      const found = [stubUser, stubReader].find((each) => each.login === someone)
      if (!found) throw notFound()
      return { status: 200, body: user(found) }
    }
    // Decap looks for its notes' issue when it publishes (notes are off here): none.
    if (method === "GET" && route === "/search/issues") {
      return { status: 200, body: { total_count: 0, incomplete_results: false, items: [] } }
    }

    const repoRoute = /^\/repos\/([^/]+\/[^/]+)(\/.*)?$/.exec(route)
    if (!repoRoute) return undefined
    if (decodeURIComponent(repoRoute[1] ?? "").toLowerCase() !== repoName.toLowerCase()) {
      throw notFound()
    }
    const rest = repoRoute[2] ?? ""
    const segments = rest.split("/").filter(Boolean).map(decodeURIComponent)
    const [first, second, ...others] = segments
    const remainder = others.join("/")
    const writable = /\brepo\b|\bpublic_repo\b/.test(grant.scope) && !grant.reader

    if (method === "GET" && rest === "") return { status: 200, body: repo(writable) }
    if (method === "GET" && first === "branches" && second) {
      const sha = head(segments.slice(1).join("/"))
      const commit = repository.get(sha, "commit")
      return {
        status: 200,
        body: {
          name: segments.slice(1).join("/"),
          commit: { sha, commit: { tree: { sha: commit.tree }, message: commit.message } },
          protected: false,
        },
      }
    }
    if (method === "GET" && first === "collaborators" && others[0] === "permission") {
      return { status: 200, body: { permission: writable ? "write" : "read", user: user() } }
    }
    if (method === "GET" && first === "commits" && second === undefined) {
      return { status: 200, body: history(query.get("sha") || branch, query.get("path") ?? "") }
    }
    if (method === "GET" && first === "contents") {
      return contents(segments.slice(1).join("/"), query.get("ref") || branch)
    }
    const status = commitStatuses(method, segments, body, writable)
    if (status) return status
    if (!writable && method !== "GET") throw new HttpError(404, "Not Found")
    const workflow = workflowApi(method, segments, query, body)
    if (workflow) return workflow
    if (first !== "git") return undefined

    if (
      method === "GET" &&
      (second === "ref" || second === "refs") &&
      remainder.startsWith("heads/")
    ) {
      return { status: 200, body: ref(remainder.slice("heads/".length)) }
    }
    if (method === "GET" && second === "trees" && remainder) {
      const tree = repository.treeOf(remainder)
      return { status: 200, body: treeBody(tree, query.get("recursive") !== null) }
    }
    if (method === "GET" && second === "blobs" && remainder) {
      const blob = repository.get(remainder, "blob")
      return {
        status: 200,
        body: {
          sha: remainder,
          node_id: `B_${remainder.slice(0, 12)}`,
          size: blob.data.length,
          url: `${apiBase()}/repos/${repoName}/git/blobs/${remainder}`,
          // GitHub breaks its base64 into lines of 60.
          content: `${blob.data.toString("base64").replace(/.{60}/g, "$&\n")}\n`,
          encoding: "base64",
        },
      }
    }
    if (method === "POST" && second === "blobs" && !remainder) {
      if (!isRecord(body) || typeof body.content !== "string")
        throw new HttpError(422, "Invalid request.")
      const data = Buffer.from(body.content, body.encoding === "base64" ? "base64" : "utf8")
      const sha = repository.writeBlob(data)
      return { status: 201, body: { sha, url: `${apiBase()}/repos/${repoName}/git/blobs/${sha}` } }
    }
    if (method === "POST" && second === "trees" && !remainder)
      return { status: 201, body: createTree(body) }
    if (method === "POST" && second === "commits" && !remainder)
      return { status: 201, body: createCommit(body) }
    if (method === "PATCH" && second === "refs" && remainder.startsWith("heads/")) {
      return { status: 200, body: moveBranch(remainder.slice("heads/".length), body) }
    }
    if (method === "POST" && second === "refs" && !remainder) {
      return { status: 201, body: createRef(body) }
    }
    if (method === "DELETE" && second === "refs" && remainder.startsWith("heads/")) {
      deleteRef(remainder.slice("heads/".length))
      return { status: 204, body: undefined }
    }
    return undefined
  }

  /** Pull requests, their labels and merges, and comparisons (see below). */
  function workflowApi(
    method: string,
    segments: string[],
    query: URLSearchParams,
    body: unknown,
  ): Answer | undefined {
    const [first, second, third] = segments
    const ok = (value: unknown, status = 200): Answer => ({ status, body: value })
    if (first === "pulls") {
      if (method === "GET" && !second) return ok(listPulls(query))
      if (method === "POST" && !second) return ok(openPull(body), 201)
      if (method === "GET" && second && !third) return ok(pullBody(pull(second)))
      if (method === "PATCH" && second && !third) return ok(editPull(second, body))
      if (method === "PUT" && third === "merge") return ok(mergePull(second, body))
      if (method === "GET" && third === "commits") {
        const shown = pull(second)
        return ok(compare(`${shown.base}...${shown.headSha}`).commits)
      }
    }
    if (first === "issues" && third === "labels" && method === "PUT") {
      return ok(setLabels(second, body))
    }
    if (first === "compare" && second && method === "GET") {
      return ok(compare(segments.slice(1).join("/")))
    }
    return undefined
  }

  function apiBase() {
    return `${stubUrl}${apiPrefix}`
  }

  /**
   * Commit statuses (https://docs.github.com/rest/commits/statuses), as the publisher posts them
   * and Decap reads its "View preview" link from them:
   *   POST /statuses/{sha}              201 with the status; a token that may push
   *   GET  /commits/{ref}/statuses      every status of the commit, newest first
   *   GET  /commits/{ref}/status        the combined status: the newest of each context
   * {ref} a branch of the stub's repository or a full SHA. Unlike GitHub, any full SHA is taken:
   * the publishing tests push their commits to a bare repository of their own.
   */
  function commitStatuses(
    method: string,
    segments: string[],
    body: unknown,
    writable: boolean,
  ): Answer | undefined {
    const [first, ref = "", last] = segments
    if (method === "POST" && first === "statuses" && segments.length === 2) {
      if (!writable) throw new HttpError(404, "Not Found")
      const states = ["pending", "success", "failure", "error"]
      if (!/^[0-9a-f]{40}$/.test(ref)) throw new HttpError(422, `No commit found for SHA: ${ref}`)
      if (!isRecord(body) || !states.includes(String(body.state))) {
        throw new HttpError(422, "Validation Failed: state is not included in the list")
      }
      const description = typeof body.description === "string" ? body.description : null
      if (description && description.length > 140) {
        throw new HttpError(
          422,
          "Validation Failed: description is too long (maximum is 140 characters)",
        )
      }
      const status: StubStatus = {
        id: statuses.length + 1,
        sha: ref,
        state: body.state as StubStatus["state"],
        description,
        target_url: typeof body.target_url === "string" ? body.target_url : null,
        context: typeof body.context === "string" && body.context ? body.context : "default",
        created_at: new Date().toISOString(),
      }
      statuses.push(status)
      return { status: 201, body: statusBody(status) }
    }
    if (method !== "GET" || first !== "commits" || !ref) return undefined
    const sha = repository.refs.get(`heads/${ref}`) ?? ref
    const mine = statuses.filter((status) => status.sha === sha).reverse()
    if (last === "statuses" && segments.length === 3) {
      return { status: 200, body: mine.map(statusBody) }
    }
    if (last === "status" && segments.length === 3) {
      const newest = [...new Map(mine.reverse().map((status) => [status.context, status])).values()]
      const states = newest.map((status) => status.state)
      const state = states.some((each) => each === "failure" || each === "error")
        ? "failure"
        : states.length === 0 || states.includes("pending")
          ? "pending"
          : "success"
      return {
        status: 200,
        body: {
          state,
          sha,
          total_count: newest.length,
          statuses: newest.reverse().map(statusBody),
          repository: { full_name: repoName },
        },
      }
    }
    return undefined
  }

  function statusBody({
    id,
    state,
    description,
    target_url,
    context,
    created_at,
    sha,
  }: StubStatus) {
    return {
      id,
      node_id: `SC_stub${id}`,
      url: `${apiBase()}/repos/${repoName}/statuses/${sha}`,
      state,
      description,
      target_url,
      context,
      created_at,
      updated_at: created_at,
      creator: user(),
    }
  }

  function user(who: typeof stubUser = stubUser) {
    return {
      ...who,
      node_id: `U_stub${who.id}`,
      avatar_url: `https://avatars.githubusercontent.com/u/${who.id}?v=4`,
      html_url: `${stubUrl}/${who.login}`,
      type: "User",
    }
  }

  function repo(writable: boolean) {
    const [owner = "", name = ""] = repoName.split("/")
    return {
      id: 1,
      node_id: "R_stub",
      name,
      full_name: repoName,
      owner: { login: owner, id: 1, type: "Organization" },
      private: true,
      html_url: `${stubUrl}/${repoName}`,
      default_branch: branch,
      permissions: { admin: false, maintain: false, push: writable, triage: true, pull: true },
    }
  }

  function head(name: string): string {
    const sha = repository.refs.get(`heads/${name}`)
    if (!sha) throw new HttpError(404, "Branch not found")
    return sha
  }

  function ref(name: string) {
    return {
      ref: `refs/heads/${name}`,
      node_id: "REF_stub",
      url: `${apiBase()}/repos/${repoName}/git/refs/heads/${name}`,
      object: {
        sha: head(name),
        type: "commit",
        url: `${apiBase()}/repos/${repoName}/git/commits/${head(name)}`,
      },
    }
  }

  function treeBody(tree: string, recursive: boolean) {
    const entries = recursive
      ? [...repository.files(tree)].map(([where, entry]) => ({ ...entry, name: where }))
      : repository.get(tree, "tree").entries
    return {
      sha: tree,
      url: `${apiBase()}/repos/${repoName}/git/trees/${tree}`,
      tree: entries.map((entry) => ({
        path: entry.name,
        mode: entry.mode,
        type: entry.type,
        sha: entry.sha,
        ...(entry.type === "blob" ? { size: repository.get(entry.sha, "blob").data.length } : {}),
        url: `${apiBase()}/repos/${repoName}/git/${entry.type}s/${entry.sha}`,
      })),
      truncated: false,
    }
  }

  function contents(where: string, revision: string): Answer {
    const commit = repository.refs.get(`heads/${revision}`) ?? revision
    const tree = repository.get(commit, "commit").tree
    const file = repository.files(tree).get(where)
    if (file) {
      const data = repository.get(file.sha, "blob").data
      return {
        status: 200,
        body: {
          type: "file",
          encoding: "base64",
          size: data.length,
          name: path.posix.basename(where),
          path: where,
          content: `${data.toString("base64").replace(/.{60}/g, "$&\n")}\n`,
          sha: file.sha,
        },
      }
    }
    const folder = repository.treeOf(`${commit}:${where}`)
    return {
      status: 200,
      body: repository.get(folder, "tree").entries.map((entry) => ({
        type: entry.type === "tree" ? "dir" : "file",
        name: entry.name,
        path: where ? `${where}/${entry.name}` : entry.name,
        sha: entry.sha,
        size: entry.type === "blob" ? repository.get(entry.sha, "blob").data.length : 0,
      })),
    }
  }

  /** The commits that changed `where`, newest first, from `revision` back. */
  function history(revision: string, where: string) {
    const found: unknown[] = []
    let sha: string | undefined = repository.refs.get(`heads/${revision}`) ?? revision
    while (sha) {
      const commit: Commit = repository.get(sha, "commit")
      const parent: string | undefined = commit.parents[0]
      const changed =
        !where ||
        repository.blobAt(sha, where) !== (parent ? repository.blobAt(parent, where) : undefined)
      if (changed) found.push(commitBody(sha))
      sha = parent
    }
    return found
  }

  /** A commit as the REST API describes one (in lists, comparisons and pull requests). */
  function commitBody(sha: string) {
    const commit = repository.get(sha, "commit")
    return {
      sha,
      url: `${apiBase()}/repos/${repoName}/commits/${sha}`,
      commit: {
        author: commit.author,
        committer: commit.committer,
        message: commit.message,
        tree: { sha: commit.tree },
      },
      author: commit.author.email === stubUser.email ? user() : null,
      parents: commit.parents.map((each) => ({ sha: each })),
    }
  }

  function createTree(body: unknown) {
    if (!isRecord(body) || !Array.isArray(body.tree)) throw new HttpError(422, "Invalid tree info")
    const files = new Map<string, string>()
    if (typeof body.base_tree === "string") {
      // GitHub takes a commit's SHA here too (Decap sends the branch's head commit).
      for (const [where, entry] of repository.files(repository.treeOf(body.base_tree))) {
        files.set(where, entry.sha)
      }
    }
    for (const item of body.tree) {
      if (!isRecord(item) || typeof item.path !== "string")
        throw new HttpError(422, "Invalid tree info")
      if (item.type !== undefined && item.type !== "blob")
        throw new HttpError(422, "Only blobs here")
      if (item.sha === null) {
        files.delete(item.path)
      } else if (typeof item.sha === "string") {
        repository.get(item.sha, "blob")
        files.set(item.path, item.sha)
      } else if (typeof item.content === "string") {
        files.set(item.path, repository.writeBlob(Buffer.from(item.content)))
      } else {
        throw new HttpError(422, "Must supply tree.sha or tree.content")
      }
    }
    const tree = repository.treeOfFiles(files)
    return treeBody(tree, false)
  }

  function createCommit(body: unknown) {
    if (!isRecord(body) || typeof body.message !== "string" || typeof body.tree !== "string") {
      throw new HttpError(422, "Invalid request.")
    }
    repository.get(body.tree, "tree")
    const parents = Array.isArray(body.parents) ? body.parents.map(String) : []
    for (const parent of parents) repository.get(parent, "commit")
    const now = new Date().toISOString()
    const person = (given: unknown): Person =>
      isRecord(given) && typeof given.name === "string" && typeof given.email === "string"
        ? {
            name: given.name,
            email: given.email,
            date: typeof given.date === "string" ? given.date : now,
          }
        : { name: stubUser.name, email: stubUser.email, date: now }
    const author = person(body.author)
    const committer = person(body.committer ?? body.author)
    const sha = repository.writeCommit({
      tree: body.tree,
      parents,
      message: body.message,
      author,
      committer,
    })
    return {
      sha,
      node_id: `C_${sha.slice(0, 12)}`,
      url: `${apiBase()}/repos/${repoName}/git/commits/${sha}`,
      author,
      committer,
      message: body.message,
      tree: { sha: body.tree, url: `${apiBase()}/repos/${repoName}/git/trees/${body.tree}` },
      parents: parents.map((each) => ({
        sha: each,
        url: `${apiBase()}/repos/${repoName}/git/commits/${each}`,
      })),
    }
  }

  function moveBranch(name: string, body: unknown) {
    if (!isRecord(body) || typeof body.sha !== "string")
      throw new HttpError(422, "Invalid request.")
    const before = head(name)
    repository.get(body.sha, "commit")
    if (body.force !== true && !repository.descends(body.sha, before)) {
      throw new HttpError(422, "Update is not a fast forward")
    }
    setBranch(name, body.sha, before)
    return ref(name)
  }

  /** Points a branch at a commit, and keeps the update in `pushes` (`before` "" for a new one). */
  function setBranch(name: string, sha: string, before: string) {
    const commit = repository.get(sha, "commit")
    repository.refs.set(`heads/${name}`, sha)
    const previous = commit.parents[0]
      ? repository.files(repository.get(commit.parents[0], "commit").tree)
      : new Map()
    const now = repository.files(commit.tree)
    const files: Record<string, string> = {}
    for (const [where, entry] of now) {
      if (!/\.(?:jpe?g|png|webp|avif|gif)$/i.test(where)) {
        files[where] = repository.get(entry.sha, "blob").data.toString("utf8")
      }
    }
    pushes.push({
      branch: name,
      sha,
      before,
      message: commit.message,
      author: { name: commit.author.name, email: commit.author.email },
      changed: changedPaths(previous, now),
      files,
      sizes: Object.fromEntries(
        [...now].map(([where, entry]) => [where, repository.get(entry.sha, "blob").data.length]),
      ),
    })
  }

  // The editorial workflow: a draft is a branch cms/<collection>/<entry> with a pull request into
  // the main branch, its status a label (decap-cms/draft, …/pending_review, …/pending_publish);
  // Publish merges it. What decap-cms-backend-github 3.8 calls for it (dist/esm/API.js).

  function pullBody(pull: PullRequest) {
    const sha = head(pull.head)
    const [owner = ""] = repoName.split("/")
    return {
      number: pull.number,
      state: pull.state,
      title: pull.title,
      body: pull.body,
      html_url: `${stubUrl}/${repoName}/pull/${pull.number}`,
      user: { login: pull.author.login, id: pull.author.id, type: "User" },
      labels: pull.labels.map((name) => ({ name })),
      head: {
        ref: pull.head,
        sha: pull.state === "open" ? sha : pull.headSha,
        label: `${owner}:${pull.head}`,
        repo: { full_name: repoName, fork: false },
      },
      base: { ref: pull.base, sha: head(pull.base), repo: { full_name: repoName, fork: false } },
      created_at: pull.createdAt,
      updated_at: pull.updatedAt,
      merged_at: pull.mergedAt ?? null,
      merged: pull.mergedAt !== undefined,
    }
  }

  /** A branch named as GitHub accepts it in `head`: "owner:branch" or "branch". */
  const branchNamed = (given: string) => given.replace(/^[^:/]+:/, "")

  function pull(number: string | undefined): PullRequest {
    const found = pulls.get(Number(number))
    if (!found) throw notFound()
    return found
  }

  function listPulls(query: URLSearchParams) {
    const state = query.get("state") ?? "open"
    const wanted = query.get("head")
    return [...pulls.values()]
      .filter((each) => state === "all" || each.state === state)
      .filter((each) => !wanted || each.head === branchNamed(wanted))
      .filter((each) => !query.get("base") || each.base === query.get("base"))
      .sort((a, b) => b.number - a.number)
      .map(pullBody)
  }

  function openPull(body: unknown) {
    if (!isRecord(body) || typeof body.head !== "string" || typeof body.base !== "string") {
      throw new HttpError(422, "Validation Failed")
    }
    const from = branchNamed(body.head)
    head(from)
    head(body.base)
    if ([...pulls.values()].some((each) => each.state === "open" && each.head === from)) {
      throw new HttpError(422, `A pull request already exists for ${body.head}.`)
    }
    const now = new Date().toISOString()
    const opened: PullRequest = {
      number: pulls.size + 1,
      state: "open",
      title: typeof body.title === "string" ? body.title : from,
      body: typeof body.body === "string" ? body.body : "",
      head: from,
      headSha: head(from),
      base: body.base,
      labels: [],
      author: stubUser,
      createdAt: now,
      updatedAt: now,
    }
    pulls.set(opened.number, opened)
    return pullBody(opened)
  }

  function editPull(number: string | undefined, body: unknown) {
    const edited = pull(number)
    if (isRecord(body) && (body.state === "open" || body.state === "closed")) {
      edited.headSha = head(edited.head)
      edited.state = body.state
    }
    if (isRecord(body) && typeof body.title === "string") edited.title = body.title
    edited.updatedAt = new Date().toISOString()
    return pullBody(edited)
  }

  /** The commit both branches grew from: the first of `to`'s ancestors that `from` has too. */
  function mergeBase(from: string, to: string): string {
    const queue = [to]
    const seen = new Set<string>()
    while (queue.length > 0) {
      const sha = queue.shift() ?? ""
      if (repository.descends(from, sha)) return sha
      if (seen.has(sha)) continue
      seen.add(sha)
      queue.push(...repository.get(sha, "commit").parents)
    }
    throw new HttpError(404, "No common ancestor")
  }

  const revision = (given: string) => repository.refs.get(`heads/${branchNamed(given)}`) ?? given

  /** GitHub's comparison of two revisions: `base...head`, as GET /compare answers it. */
  function compare(range: string) {
    const [from = "", to = ""] = range.split("...")
    const [base, tip] = [revision(from), revision(to)]
    repository.get(base, "commit")
    repository.get(tip, "commit")
    const ancestor = mergeBase(base, tip)
    const commits: string[] = []
    for (let sha = tip; sha !== ancestor;) {
      commits.unshift(sha)
      sha = repository.get(sha, "commit").parents[0] ?? ancestor
    }
    const before = repository.files(repository.get(ancestor, "commit").tree)
    const after = repository.files(repository.get(tip, "commit").tree)
    return {
      status: commits.length === 0 ? "identical" : base === ancestor ? "ahead" : "diverged",
      ahead_by: commits.length,
      base_commit: commitBody(base),
      merge_base_commit: commitBody(ancestor),
      commits: commits.map(commitBody),
      files: changedPaths(before, after).map((where) => {
        const entry = after.get(where)
        const binary = /\.(?:jpe?g|png|webp|avif|gif)$/i.test(where)
        return {
          filename: where,
          sha: entry?.sha ?? before.get(where)?.sha,
          status: !entry ? "removed" : before.has(where) ? "modified" : "added",
          // GitHub gives a text file's diff and none for a picture; Decap tells them apart so.
          ...(binary || !entry ? {} : { patch: `@@ ${where} @@` }),
        }
      }),
    }
  }

  /**
   * Merges a pull request as GitHub's merge button does: a merge commit (or one squashed commit)
   * on the base branch. The files the pull request changed since the branches parted are laid
   * over the base; a file both changed differently makes it unmergeable (405), as a conflict does.
   */
  function mergePull(number: string | undefined, body: unknown) {
    const merging = pull(number)
    if (merging.state !== "open") throw new HttpError(405, "Pull Request is not mergeable")
    const [base, tip] = [head(merging.base), head(merging.head)]
    if (isRecord(body) && typeof body.sha === "string" && body.sha !== tip) {
      throw new HttpError(409, "Head branch was modified. Review and try the merge again.")
    }
    const ancestor = mergeBase(base, tip)
    const [start, theirs, ours] = [ancestor, tip, base].map((sha) =>
      repository.files(repository.get(sha, "commit").tree),
    ) as [Map<string, TreeEntry>, Map<string, TreeEntry>, Map<string, TreeEntry>]
    const merged = new Map([...ours].map(([where, entry]) => [where, entry.sha]))
    for (const where of changedPaths(start, theirs)) {
      const [was, mine] = [start.get(where)?.sha, ours.get(where)?.sha]
      const wanted = theirs.get(where)?.sha
      if (mine !== was && mine !== wanted) throw new HttpError(405, "Pull Request is not mergeable")
      if (wanted) merged.set(where, wanted)
      else merged.delete(where)
    }
    const squash = isRecord(body) && body.merge_method === "squash"
    const message = [
      squash
        ? `${merging.title} (#${merging.number})`
        : `Merge pull request #${merging.number} from ${repoName.split("/")[0]}/${merging.head}`,
      isRecord(body) && typeof body.commit_message === "string" ? body.commit_message : "",
    ]
      .filter(Boolean)
      .join("\n\n")
    const now = new Date().toISOString()
    const sha = repository.writeCommit({
      tree: repository.treeOfFiles(merged),
      parents: squash ? [base] : [base, tip],
      message,
      author: { ...stubUser, date: now },
      committer: { name: "GitHub", email: "noreply@github.com", date: now },
    })
    setBranch(merging.base, sha, base)
    Object.assign(merging, { state: "closed", headSha: tip, mergedAt: now, updatedAt: now })
    return { sha, merged: true, message: "Pull Request successfully merged" }
  }

  function setLabels(number: string | undefined, body: unknown) {
    const labelled = pull(number)
    if (!isRecord(body) || !Array.isArray(body.labels)) throw new HttpError(422, "Invalid request.")
    labelled.labels = body.labels.map((label) =>
      isRecord(label) && typeof label.name === "string" ? label.name : String(label),
    )
    labelled.updatedAt = new Date().toISOString()
    return labelled.labels.map((name) => ({ name }))
  }

  function createRef(body: unknown) {
    if (!isRecord(body) || typeof body.ref !== "string" || typeof body.sha !== "string") {
      throw new HttpError(422, "Invalid request.")
    }
    const name = body.ref.replace(/^refs\/heads\//, "")
    if (repository.refs.has(`heads/${name}`)) throw new HttpError(422, "Reference already exists")
    setBranch(name, body.sha, "")
    return ref(name)
  }

  function deleteRef(name: string) {
    if (!repository.refs.delete(`heads/${name}`)) {
      throw new HttpError(422, "Reference does not exist")
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve())
  })
  const { port } = server.address() as AddressInfo
  stubUrl = `http://127.0.0.1:${port}`

  return {
    url: stubUrl,
    apiUrl: `${stubUrl}${apiPrefix}`,
    settings: {
      GATSBY_CMS_REPO: repoName,
      GITHUB_URL: stubUrl,
      GITHUB_OAUTH_CLIENT_ID: stubClientId,
      GITHUB_OAUTH_CLIENT_SECRET: stubClientSecret,
    },
    pushes,
    unhandled,
    statuses,
    tokenFor: (who, grant) => mint({ scope: "repo", ...grant, reader: who === "reader" }),
    revoke: (token) => void tokens.delete(token),
    reset,
    close() {
      for (const socket of sockets) socket.destroy()
      return new Promise((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      )
    },
  }
}

function back(response: http.ServerResponse, to: string, query: Record<string, string>) {
  const target = new URL(to)
  for (const [name, value] of Object.entries(query)) target.searchParams.set(name, value)
  response.writeHead(302, { Location: target.toString() })
  response.end()
}

function json(response: http.ServerResponse, status: number, body: unknown) {
  send(response, status, "application/json; charset=utf-8", JSON.stringify(body))
}

function send(response: http.ServerResponse, status: number, contentType: string, text: string) {
  response.writeHead(status, {
    "Content-Type": contentType,
    "Content-Length": Buffer.byteLength(text),
  })
  response.end(text)
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)
}

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request) {
    size += (chunk as Buffer).length
    if (size > 10_000_000) throw new HttpError(413, "Body too large")
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString("utf8")
}

// Run on its own (tsx runs this file as CommonJS, as the package has no "type": "module").
if (typeof require !== "undefined" && require.main === module) {
  const [callbackUrl, portText = "0"] = process.argv.slice(2)
  const port = Number(portText)
  if (!callbackUrl || !Number.isInteger(port) || port < 0 || port > 65_535) {
    console.error("Usage: npx tsx e2e/support/stubs/githubStub.ts <callback URL> [port]")
    process.exit(2)
  }
  runStub(
    () => startGithubStub({ callbackUrl, port }),
    (stub) => [
      `GitHub stub on ${stub.url} (API at ${stub.apiUrl}), repository ${stubRepo}`,
      `  GITHUB_URL=${stub.url} GITHUB_OAUTH_CLIENT_ID=${stubClientId} GITHUB_OAUTH_CLIENT_SECRET=${stubClientSecret}`,
    ],
  )
}
