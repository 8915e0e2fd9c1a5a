import type { AddressInfo } from "node:net"
import { simpleParser, type ParsedMail } from "mailparser"
import { SMTPServer, type SMTPServerSession } from "smtp-server"

/**
 * A real SMTP server in the test's own process (npm `smtp-server`), reading what arrives with
 * `mailparser`: the site's sender talks to it as to any mail server (SMTP_URL). Used by the
 * browser tests, the sender's tests and the sign-up load test.
 */

export interface MailboxOptions {
  port?: number
  /** An error to answer RCPT TO with (its `tries` for that address so far, this one included). */
  refuseRcpt?: (address: string, tries: number) => Error | undefined
  /** An error to answer the message with, after it was read. */
  refuseData?: (session: SMTPServerSession) => Error | undefined
  dataDelayMs?: number
}

export interface Received {
  to: string[]
  mail: ParsedMail
}

export interface Mailbox {
  port: number
  /** For SMTP_URL. */
  url: string
  /** Every message accepted, in order. */
  received: Received[]
  /** Every recipient offered, accepted or not. */
  rcpt: string[]
  /** The messages to `address` (any case), once at least `count` have arrived. */
  messagesTo(address: string, count?: number, timeoutMs?: number): Promise<ParsedMail[]>
  close(): Promise<void>
}

export async function startMailbox({
  port = 0,
  refuseRcpt = () => undefined,
  refuseData = () => undefined,
  dataDelayMs = 0,
}: MailboxOptions = {}): Promise<Mailbox> {
  const received: Received[] = []
  const rcpt: string[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    closeTimeout: 200,
    onRcptTo({ address }, _session, callback) {
      rcpt.push(address)
      callback(refuseRcpt(address, rcpt.filter((a) => a === address).length) ?? null)
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(async (mail) => {
        await new Promise((resolve) => setTimeout(resolve, dataDelayMs))
        const refusal = refuseData(session)
        if (!refusal) received.push({ to: session.envelope.rcptTo.map((a) => a.address), mail })
        callback(refusal ?? null)
      }, callback)
    },
  })
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve))
  const listening = (server.server.address() as AddressInfo).port

  const to = (address: string) =>
    received
      .filter((message) => message.to.some((a) => a.toLowerCase() === address.toLowerCase()))
      .map((message) => message.mail)

  return {
    port: listening,
    url: `smtp://127.0.0.1:${listening}`,
    received,
    rcpt,
    async messagesTo(address, count = 1, timeoutMs = 15_000) {
      const end = Date.now() + timeoutMs
      while (to(address).length < count) {
        if (Date.now() > end) {
          throw new Error(`${count} e-mails to ${address} expected, ${to(address).length} came`)
        }
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      return to(address)
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A header as sent, folded lines joined ("List-Unsubscribe"). */
export function headerOf(mail: ParsedMail, name: string): string | undefined {
  return mail.headerLines
    .find((line) => line.key === name.toLowerCase())
    ?.line.replace(/\r?\n(?=[ \t])/g, "")
    .slice(name.length + 2)
}
