import { execFile } from "node:child_process"
import { existsSync } from "node:fs"
import { mkdir, readFile, rename, writeFile } from "node:fs/promises"
import path from "node:path"
import { cspFileOf, type Release } from "./releases"

/**
 * nginx sends the pages' Content-Security-Policy from its configuration (security-headers.conf
 * includes evergrace/csp.generated.conf), and a policy names the inline scripts of one build by
 * their hashes: a release switched under nginx without it would have its scripts refused. So
 * the publisher writes the policy nginx includes (`<state>/nginx/csp.conf`, which
 * /etc/nginx/evergrace/csp.generated.conf links to) allowing the scripts of every kept release
 * and of the one going live, has nginx reload it (PUBLISH_NGINX_RELOAD) and, before `current`
 * moves, waits until nginx sends it (PUBLISH_NGINX_URL). An undo to a kept release then needs no
 * reload at all. Unchanged since nginx took it, nothing is reloaded; a policy nginx refused is
 * tried again, never taken as read from the file.
 */

const policyLine = /add_header Content-Security-Policy "([^"]*)" always;/
const hash = /'sha256-[A-Za-z0-9+/=]+'/g

export interface NginxOptions {
  reload?: string
  url?: string
  /** How long nginx has to send the new policy. */
  timeoutMs?: number
}

export class NginxPolicy {
  readonly file: string
  /** The policy nginx was last seen to take; a file written but refused is not it. */
  private taken?: string

  constructor(
    stateDir: string,
    private readonly options: NginxOptions,
  ) {
    this.file = path.join(stateDir, "nginx", "csp.conf")
  }

  /** The policy allows the scripts of every one of `releases`; the first is the one going live. */
  async allow(releases: readonly Release[]): Promise<void> {
    const policies = (await Promise.all(releases.map(readPolicy))).filter(
      (policy): policy is string => policy !== undefined,
    )
    const [template] = policies
    if (!template) return
    const hashes = [...new Set(policies.flatMap((policy) => policy.match(hash) ?? []))].sort()
    const policy = template.replace(
      /script-src [^;]*/,
      `script-src 'self' ${hashes.join(" ")}`.trim(),
    )
    const text = `# Written by the publisher (src/publishing/node/nginxPolicy.ts): the pages' policy, with the
# inline scripts of every release kept for undo allowed.
add_header Content-Security-Policy "${policy}" always;
`
    if (text === this.taken) return
    // The file as wanted already (the server's start, or a try after nginx refused it) proves
    // nothing of nginx: it is reloaded and checked all the same.
    const before = existsSync(this.file) ? await readFile(this.file, "utf8") : ""
    if (before !== text) {
      await mkdir(path.dirname(this.file), { recursive: true })
      await writeFile(`${this.file}.next`, text)
      await rename(`${this.file}.next`, this.file)
    }
    if (this.options.reload) await runCommand(this.options.reload)
    if (this.options.url) await this.sent(hashes)
    this.taken = text
  }

  /** Waits until nginx answers with every hash in its policy. */
  private async sent(hashes: readonly string[]): Promise<void> {
    const url = this.options.url
    if (!url) return
    const until = Date.now() + (this.options.timeoutMs ?? 15_000)
    for (;;) {
      try {
        const response = await fetch(url, { method: "HEAD", signal: AbortSignal.timeout(2_000) })
        const sent = response.headers.get("content-security-policy") ?? ""
        if (hashes.every((each) => sent.includes(each))) return
      } catch {
        // Not answering this moment (reloading): asked again.
      }
      if (Date.now() > until) throw new Error(`nginx at ${url} did not send the new policy in time`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

async function readPolicy(release: Release): Promise<string | undefined> {
  const text = await readFile(cspFileOf(release), "utf8").catch(() => "")
  return policyLine.exec(text)?.[1]
}

function runCommand(command: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile("/bin/sh", ["-c", command], { timeout: 30_000 }, (error, _stdout, stderr) => {
      if (error) reject(new Error(`${command} failed: ${stderr.trim() || error.message}`))
      else resolve()
    })
  })
}
