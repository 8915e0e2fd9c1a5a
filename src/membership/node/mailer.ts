import { createPrivateKey } from "node:crypto"
import { readFileSync, writeFileSync } from "node:fs"
import path from "node:path"
import nodemailer from "nodemailer"
import addressparser from "nodemailer/lib/addressparser"
import site from "../../../data/site.json"
import { privateFileMode, privateFolder } from "./privateFiles"
import type { HostEnv } from "../../shared/hostEnv"

/**
 * How the list's e-mails leave: by SMTP when `SMTP_URL` is set, otherwise as .eml files a
 * developer opens in a mail app (a fresh clone sends nothing to anyone).
 *
 *   SMTP_URL           smtp://user:pass@host:587 (STARTTLS when offered) or smtps://…:465
 *   MAIL_FROM          "Evergrace" <hello@evergrace.example>; required with SMTP_URL
 *   DKIM_PRIVATE_KEY   the path of a PEM file, or the key as PEM text (one line with \n is fine;
 *                      in a systemd EnvironmentFile, in double quotes, which keep the \)
 *   DKIM_SELECTOR      with DKIM_PRIVATE_KEY; the domain is MAIL_FROM's
 */

export interface OutgoingEmail {
  to: string
  subject: string
  html: string
  text: string
  /** List-Unsubscribe and List-Unsubscribe-Post, passed through unchanged. */
  headers: Record<string, string>
  /** For the .eml file name and logs */
  id: string
}

export interface Mailer {
  readonly description: string
  /** Each e-mail is written here as a file, a copy erased with her (no SMTP_URL). */
  readonly keepsCopies?: boolean
  send(email: OutgoingEmail): Promise<void>
  close(): void
}

/** A server that stalls (trickling replies resets the socket timeout) still fails in time. */
export const sendDeadlineMs = 2 * 60_000

/**
 * A live server (NODE_ENV=production, as deploy/evergrace-api.service runs it) whose e-mails go
 * nowhere: no SMTP_URL, so each is written as a file on its disk and no one receives it.
 */
export const liveWithoutMail = (env: HostEnv) =>
  env.NODE_ENV === "production" && !env.SMTP_URL?.trim()

export function mailerFromSettings(env: HostEnv, emlFolder: string): Mailer {
  const url = env.SMTP_URL?.trim()
  if (!url) return emlMailer(env.MAIL_FROM?.trim() || defaultFrom(), emlFolder)
  const from = env.MAIL_FROM?.trim()
  if (!from) {
    throw new Error(
      "MAIL_FROM is not set: with SMTP_URL, set MAIL_FROM to the sender, e.g. MAIL_FROM='\"Evergrace\" <hello@evergrace.example>'",
    )
  }
  const domain = domainOf(from)
  const host = safeHost(url)
  const transport = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 5,
    // A hanging server becomes a failed send, which the outbox retries, not a stuck sender.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
    dnsTimeout: 15_000,
    dkim: dkimFromSettings(env, domain),
  })
  return {
    description: `SMTP ${host} (pooled)${env.DKIM_SELECTOR ? `, DKIM ${env.DKIM_SELECTOR}._domainkey.${domain}` : ""}`,
    async send(email) {
      await transport.sendMail({
        ...message(email, from, domain),
        signal: AbortSignal.timeout(sendDeadlineMs),
      })
    },
    close: () => transport.close(),
  }
}

function emlMailer(from: string, folder: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true })
  const domain = domainOf(from)
  return {
    description: `.eml files in ${folder} (no SMTP_URL set)`,
    keepsCopies: true,
    async send(email) {
      const info = await transport.sendMail(message(email, from, domain))
      // Her address and her signed links: for the service's own user alone.
      privateFolder(folder)
      const file = path.join(folder, `${fileSafe(email.id)}.eml`)
      writeFileSync(file, info.message as Buffer, { mode: privateFileMode })
      console.log(`e-mail: written to ${file} (no SMTP_URL set)`)
    },
    close() {},
  }
}

function message(email: OutgoingEmail, from: string, domain: string) {
  return {
    from,
    to: email.to,
    subject: email.subject,
    html: email.html,
    text: email.text,
    headers: email.headers,
    // One Message-ID per job: if a job is ever sent twice (a crash between sending and
    // completing it), mail clients show the copies as one message.
    messageId: `<${fileSafe(email.id)}@${domain}>`,
  }
}

function defaultFrom() {
  return `"${site.brandName.replace(/["\\]/g, "")}" <${site.contactEmail}>`
}

function domainOf(from: string) {
  const [first] = addressparser(from, { flatten: true })
  const domain = first?.address.split("@")[1]
  if (!domain) throw new Error(`MAIL_FROM has no address: ${JSON.stringify(from)}`)
  return domain.toLowerCase()
}

/** The DKIM key, checked now so a bad one stops the server at start, not every send. */
function dkimFromSettings(env: HostEnv, domainName: string) {
  const setting = env.DKIM_PRIVATE_KEY?.trim()
  const keySelector = env.DKIM_SELECTOR?.trim()
  if (!setting && !keySelector) return undefined
  if (!setting || !keySelector) {
    throw new Error("DKIM_PRIVATE_KEY and DKIM_SELECTOR go together: set both, or neither")
  }
  // PEM text (its "-----BEGIN" line tells it apart, and an env file's one-line "\n" form is
  // unfolded), or else the path of a PEM file.
  let privateKey: string
  if (setting.includes("-----BEGIN")) privateKey = setting.replace(/\\n/g, "\n")
  else {
    try {
      privateKey = readFileSync(setting, "utf8")
    } catch (error) {
      throw new Error(
        `DKIM_PRIVATE_KEY is neither PEM text nor a readable file: ${(error as Error).message}`,
      )
    }
  }
  try {
    createPrivateKey(privateKey)
  } catch (error) {
    throw new Error(`DKIM_PRIVATE_KEY is not a usable private key: ${(error as Error).message}`)
  }
  return { domainName, keySelector, privateKey }
}

/** The host and port for logs, never the credentials. */
function safeHost(url: string) {
  try {
    const parsed = new URL(url)
    if (!/^smtps?:$/.test(parsed.protocol)) throw new Error(parsed.protocol)
    return `${parsed.protocol}//${parsed.host}`
  } catch {
    throw new Error("SMTP_URL is not an smtp:// or smtps:// address")
  }
}

function fileSafe(id: string) {
  return id.replace(/[^A-Za-z0-9._-]/g, "-")
}
