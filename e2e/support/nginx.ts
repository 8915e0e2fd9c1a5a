// Debian's nginx serving a build with the shipped config, on a loopback port, in a throwaway
// prefix (config, pid, logs and temp files in a temp folder). Used by the delivery test and the
// load test.
import { spawn } from "node:child_process"
import { existsSync } from "node:fs"
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { AddressInUse, freePort, onFreePort, run, saysAddressInUse, waitForAnswer } from "./servers"

const root = path.resolve(__dirname, "../..")
export const shippedServerBlock = path.join(root, "deploy/nginx/evergrace.conf")
const shippedPreviewsBlock = path.join(root, "deploy/nginx/evergrace-previews.conf")
const shippedIncludes = path.join(root, "deploy/nginx/evergrace")
const cspInclude = "csp.generated.conf"

const installHint =
  "nginx not found. Install Debian's: sudo apt-get install -y nginx libnginx-mod-http-brotli-filter (or set NGINX_PATH)."

export function findNginx() {
  // NGINX_PATH, when set, is the only place looked at.
  const candidates = process.env.NGINX_PATH
    ? [process.env.NGINX_PATH]
    : ["/usr/sbin/nginx", "/usr/bin/nginx"]
  const found = candidates.find((candidate) => existsSync(candidate))
  if (!found) throw new Error(installHint)
  return found
}

/** Debian's module packages put their .so files here; loaded the way /etc/nginx/nginx.conf does. */
const brotliModule = "/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so"
export const hasBrotli = () => existsSync(brotliModule)

/**
 * The shipped server blocks (the site's, and the same site on the loopback port the publisher
 * asks) with only their addresses and root changed. Each replaced line must be there as often as
 * said, so an edit to the shipped file cannot silently escape the test.
 */
function serverBlockFor(
  text: string,
  {
    port,
    checkPort,
    publicDir,
    brotli,
    apiPort,
    accessLog,
    certbot,
  }: {
    port: number
    checkPort: number
    publicDir: string
    brotli: boolean
    apiPort: number
    accessLog?: string
    /** With certbot's rewrite: the folder the site block's stand-in for TLS listens in. */
    certbot?: { prefix: string }
  },
): string {
  const replace = (source: string, pattern: RegExp, replacement: string, times = 1): string => {
    const matches = source.match(new RegExp(pattern.source, "gm")) ?? []
    if (matches.length !== times) {
      throw new Error(
        `${shippedServerBlock}: expected ${times} line(s) matching ${pattern}, found ${matches.length}`,
      )
    }
    return source.replace(new RegExp(pattern.source, "gm"), replacement)
  }
  let block = replace(text, /^\s*listen 80( default_server)?;$/m, `    listen 127.0.0.1:${port}$1;`)
  block = replace(block, /^\s*listen \[::\]:80( default_server)?;\n/m, "")
  block = replace(block, /^\s*listen 127\.0\.0\.1:9302;$/m, `    listen 127.0.0.1:${checkPort};`)
  block = replace(block, /^\s*root .*;$/m, `    root ${publicDir};`, 2)
  block = replace(
    block,
    /^(\s*access_log )\/var\/log\/nginx\/access\.log( evergrace;)$/m,
    accessLog ? `$1${accessLog}$2` : "    access_log off;",
  )
  block = replace(block, /^\s*server 127\.0\.0\.1:9300;$/m, `    server 127.0.0.1:${apiPort};`)
  if (!brotli) block = replace(block, /^\s*include evergrace\/brotli\.conf;$/m, "")
  return certbot ? asCertbotWrites(block, port, certbot.prefix) : block
}

/**
 * The site's block as `certbot --nginx` leaves it once it has added TLS with its redirect (its
 * default since certbot 1.x): the block's port 80 moved to a block of certbot's own that sends
 * every request to https, or answers 404. The `listen 443 ssl` and certificate it adds stand as a
 * socket in the test's folder (the test has no certificate, and a block with no `listen` would
 * take nginx's default, *:80 or *:8000).
 */
function asCertbotWrites(block: string, port: number, prefix: string): string {
  const listen = `    listen 127.0.0.1:${port} default_server;\n`
  if (!block.includes(listen)) throw new Error(`${shippedServerBlock}: no "${listen.trim()}"`)
  const redirect = `
server {
    if ($host = www.evergrace.example) {
        return 301 https://$host$request_uri;
    } # managed by Certbot
${listen}    server_name evergrace.example www.evergrace.example;
    return 404; # managed by Certbot
}
`
  return block.replace(listen, `    listen unix:${prefix}/tls.sock;\n`) + redirect
}

export interface NginxOptions {
  /** The build to serve (default public/). */
  publicDir?: string
  /**
   * Serve the publisher's live release instead, as on a server that publishes itself
   * (src/publishing/): the root its `current/public`, the pages' policy the one it writes
   * (`nginx/csp.conf`, which /etc/nginx/evergrace/csp.generated.conf links to there).
   */
  publishDir?: string
  /** With publishDir: the drafts' previews block too, passing them to this port. */
  previewPort?: number
  /** Default: a free one. */
  port?: number
  /** Default off. */
  accessLog?: boolean
  /** Default nginx's 1000 requests per keep-alive connection. */
  keepaliveRequests?: number
  /** The API service's port, default the shipped 9300. */
  apiPort?: number
  /** The site's block as certbot rewrites it when it adds TLS (`asCertbotWrites`). */
  certbot?: boolean
}

export interface NginxServer {
  baseUrl: string
  port: number
  /** The loopback block the publisher asks for the pages' policy (PUBLISH_NGINX_URL). */
  checkUrl: string
  /** The throwaway folder with the config, pid, logs and temp files. */
  prefix: string
  /** Whether Debian's brotli module was there to load. */
  brotli: boolean
  /** Ends nginx and removes the temp folder. */
  stop: () => Promise<void>
  /** The command that has this nginx reload its configuration (PUBLISH_NGINX_RELOAD). */
  reloadCommand: string
}

/**
 * Starts nginx and resolves once it answers. `stop()` ends it and removes the temp folder. On a
 * free port unless `port` is given; when that port is taken before nginx binds it, nginx is
 * started again on another (a given port that is taken throws AddressInUse).
 */
export async function startNginx({
  publicDir = path.join(root, "public"),
  publishDir,
  previewPort,
  port,
  accessLog = false,
  keepaliveRequests = 1000,
  apiPort = 9300,
  certbot = false,
}: NginxOptions = {}): Promise<NginxServer> {
  const nginx = findNginx()
  const policy = publishDir
    ? path.join(publishDir, "nginx", "csp.conf")
    : path.join(shippedIncludes, cspInclude)
  if (!publishDir && !existsSync(path.join(publicDir, "index.html"))) {
    throw new Error(`${publicDir} has no index.html: build the site first (npm run build).`)
  }
  if (!existsSync(policy)) {
    throw new Error(`${policy} is missing: run the build (npm run build), or start the publisher`)
  }
  const brotli = hasBrotli()
  const launch = (port: number) =>
    launchNginx(nginx, {
      port,
      publicDir: publishDir ? path.join(publishDir, "current", "public") : publicDir,
      policy,
      previewPort: publishDir ? previewPort : undefined,
      accessLog,
      keepaliveRequests,
      apiPort,
      brotli,
      certbot,
    })
  return port === undefined ? onFreePort(launch) : launch(port)
}

/** The shipped previews block on the test's port, passing the previews to `previewPort`. */
function previewsBlockFor(text: string, port: number, previewPort: number): string {
  return text
    .replace(/^\s*listen 80;$/m, `    listen 127.0.0.1:${port};`)
    .replace(/^\s*listen \[::\]:80;\n/m, "")
    .replace("proxy_pass http://127.0.0.1:9301;", `proxy_pass http://127.0.0.1:${previewPort};`)
}

/** One nginx on `port`, in a throwaway prefix of its own. */
async function launchNginx(
  nginx: string,
  {
    port,
    publicDir,
    policy,
    previewPort,
    accessLog,
    keepaliveRequests,
    apiPort,
    brotli,
    certbot,
  }: Required<Omit<NginxOptions, "publishDir" | "previewPort">> & {
    brotli: boolean
    policy: string
    previewPort?: number
  },
): Promise<NginxServer> {
  const prefix = await mkdtemp(path.join(tmpdir(), "evergrace-nginx-"))
  const confDir = path.join(prefix, "conf")
  await mkdir(confDir)
  for (const temp of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) {
    await mkdir(path.join(prefix, temp))
  }
  // The shipped includes, linked rather than copied: what is tested is what ships. The pages'
  // policy is the build's, or the one the publisher writes.
  if (policy === path.join(shippedIncludes, cspInclude)) {
    await symlink(shippedIncludes, path.join(confDir, "evergrace"))
  } else {
    await mkdir(path.join(confDir, "evergrace"))
    for (const name of await readdir(shippedIncludes)) {
      const target = name === cspInclude ? policy : path.join(shippedIncludes, name)
      await symlink(target, path.join(confDir, "evergrace", name))
    }
  }
  // The server blocks as Debian's nginx reads them, each its own file in sites-enabled/, in the
  // order of their names: evergrace-previews.conf first (so only default_server makes the site's
  // block answer an address that names neither, such as 127.0.0.1, which the tests ask).
  const sitesEnabled = path.join(confDir, "sites-enabled")
  await mkdir(sitesEnabled)
  // Taken with the site's port: one taken meanwhile fails the start as the site's port would
  // (AddressInUse), and without a given port both are taken again (onFreePort).
  const checkPort = await freePort()
  await writeFile(
    path.join(sitesEnabled, "evergrace.conf"),
    serverBlockFor(await readFile(shippedServerBlock, "utf8"), {
      port,
      checkPort,
      certbot: certbot ? { prefix } : undefined,
      publicDir,
      brotli,
      apiPort,
      accessLog: accessLog ? path.join(prefix, "access.log") : undefined,
    }),
  )
  if (previewPort !== undefined) {
    await writeFile(
      path.join(sitesEnabled, "evergrace-previews.conf"),
      previewsBlockFor(await readFile(shippedPreviewsBlock, "utf8"), port, previewPort),
    )
  }
  const mimeTypes = existsSync("/etc/nginx/mime.types") ? "/etc/nginx/mime.types" : "mime.types"
  await writeFile(
    path.join(confDir, "nginx.conf"),
    `# Written by e2e/support/nginx.ts for one test run.
${brotli ? `load_module ${brotliModule};` : ""}
${process.getuid?.() === 0 ? "user root;" : ""}
worker_processes 2;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
    include ${mimeTypes};
    default_type application/octet-stream;
    sendfile on;
    tcp_nopush on;
    keepalive_timeout 65;
    keepalive_requests ${keepaliveRequests};
    access_log ${accessLog ? `${prefix}/access.log` : "off"};
    client_body_temp_path ${prefix}/body;
    proxy_temp_path ${prefix}/proxy;
    fastcgi_temp_path ${prefix}/fastcgi;
    uwsgi_temp_path ${prefix}/uwsgi;
    scgi_temp_path ${prefix}/scgi;
    include sites-enabled/*;
}
`,
  )

  const args = [
    "-p",
    prefix,
    "-e",
    path.join(prefix, "error.log"),
    "-c",
    path.join(confDir, "nginx.conf"),
  ]
  // Check the config first: a mistake shows as nginx's own message, not as a timeout.
  const checked = await run(nginx, [...args, "-t", "-q"], {
    stdio: ["ignore", "inherit", "inherit"],
  })
  if (checked !== 0) {
    await rm(prefix, { recursive: true, force: true })
    throw new Error(`${nginx} ${args.join(" ")} -t -q exited with ${checked}`)
  }
  // A process group of its own, the master's and its workers': a worker outlives a killed master
  // (e2e/delivery/nginx-stop.spec.ts). What it says goes through this process, not to its output:
  // a worker left running would hold that open, and npm test's runner waits for a step's output
  // to close.
  const child = spawn(nginx, [...args, "-g", "daemon off;"], {
    stdio: ["ignore", "ignore", "pipe"],
    detached: true,
  })
  child.stderr?.on("data", (chunk: Buffer) => process.stderr.write(chunk))
  let exited: number | NodeJS.Signals | null = null
  child.on("exit", (code, signal) => (exited = signal ?? code))
  const killGroup = () => {
    try {
      if (child.pid) process.kill(-child.pid, "SIGKILL")
    } catch {
      // The whole group has ended.
    }
  }
  // Also when this process ends without stopping it (a test runner stopped).
  process.once("exit", killGroup)

  const baseUrl = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (exited === null) {
      const gone = new Promise((resolve) => child.once("exit", resolve))
      child.kill("SIGQUIT") // graceful: workers finish their requests
      await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 5000))])
      if (exited === null) console.warn(`nginx on ${baseUrl}: no graceful stop in 5 s; killed`)
    }
    // The workers too, should a graceful stop have run out of time.
    killGroup()
    process.off("exit", killGroup)
    await rm(prefix, { recursive: true, force: true })
  }
  const gone = () => (exited === null ? undefined : `exited (${exited})`)
  try {
    // nginx writes its pid file once it has bound its ports: an answer before that would be
    // another server's, on a port taken meanwhile.
    const pidFile = path.join(prefix, "nginx.pid")
    await waitForAnswer(baseUrl, {
      init: { method: "HEAD" },
      ready: () => existsSync(pidFile),
      timeoutMs: 10_000,
      intervalMs: 100,
      gone,
    })
  } catch (error) {
    const log = await readFile(path.join(prefix, "error.log"), "utf8").catch(() => "")
    await stop()
    if (saysAddressInUse(log)) throw new AddressInUse(port, log)
    throw new Error(`nginx did not answer on ${baseUrl}: ${error}\n${log}`)
  }
  return {
    baseUrl,
    port,
    checkUrl: `http://127.0.0.1:${checkPort}/`,
    prefix,
    brotli,
    stop,
    reloadCommand: [nginx, ...args, "-s", "reload"].join(" "),
  }
}
