import { escapeRegExp } from "../../utils/escapeRegExp"
import type { Outbox, OutboxJob } from "../web/memberStore"
import { sendDeadlineMs, type Mailer, type OutgoingEmail } from "./mailer"

/**
 * Delivers the outbox's jobs in the long-lived process: one loop claims the due jobs (a lease, so
 * no other sender takes them), sends them a few at a time, completes each once sent, schedules
 * a failed one again with exponential backoff or records one refused for good; then it sleeps
 * until the next job is due or wake() says a new one was written. Delivery is at least once: a crash between sending and
 * completing sends that job again when its lease ends (with the same Message-ID).
 */

export interface SenderOptions {
  outbox: Outbox
  mailer: Mailer
  /** The e-mail for a job; null: nothing to send any more (she left, or was erased). */
  compose: (job: OutboxJob) => Promise<OutgoingEmail | null>
  now?: () => Date
  log?: (line: string) => void
  /** Jobs claimed and sent in parallel at a time. */
  batch?: number
  /** Must outlast a send (mailer's sendDeadlineMs), or a slow one could be claimed twice. */
  leaseMs?: number
  maxBackoffMs?: number
}

export interface Sender {
  /** A job was just written: look now rather than at the next due time. */
  wake(): void
  /** Finishes the e-mails in flight, then stops (the mailer stays open: close it after). */
  stop(): Promise<void>
  /** Resolves when nothing is due (for tests). */
  idle(): Promise<void>
  /** Resolves when the e-mails being sent this moment are done with (erasing someone waits). */
  settled(): Promise<void>
}

const firstBackoffMs = 5_000
/** Also looks this often unwoken: jobs another process wrote, a clock that jumped. */
const maxSleepMs = 60_000
/**
 * A claim lasts the longest send and a minute for composing it: what a process killed mid-send
 * leaves claimed is sent again that soon after (it was 10 minutes: a CI run's kill -9 while a
 * confirmation was claimed held it past the test's three minutes).
 */
export const defaultLeaseMs = sendDeadlineMs + 60_000
/** A message the server refuses for good (5xx after DATA: content, size) is tried this often. */
const permanentAttempts = 3

export function startSender({
  outbox,
  mailer,
  compose,
  now = () => new Date(),
  log = (line) => console.log(line),
  batch = 5,
  leaseMs = defaultLeaseMs,
  maxBackoffMs = 10 * 60_000,
}: SenderOptions): Sender {
  let stopped = false
  let woken = false
  let idleNow = false
  let endSleep: (() => void) | undefined
  let idleWaiters: (() => void)[] = []
  let inFlight: Promise<unknown> = Promise.resolve()

  const settleIdle = () => {
    for (const resolve of idleWaiters) resolve()
    idleWaiters = []
  }

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, Math.min(Math.max(ms, 0), maxSleepMs))
      // The HTTP server keeps the process alive; a sleeping sender must not hold it at exit.
      timer.unref()
      function done() {
        clearTimeout(timer)
        endSleep = undefined
        idleNow = false
        resolve()
      }
      endSleep = done
    })

  async function deliver(job: OutboxJob) {
    let outcome: string
    try {
      const email = await compose(job)
      if (email) await mailer.send(email)
      outcome = email ? "sent" : "not needed any more"
    } catch (error) {
      return failed(job, error)
    }
    try {
      await outbox.complete(job.id)
      log(`e-mail: ${job.kind} ${outcome} (job ${job.id})`)
    } catch (error) {
      // Its lease runs out and it is sent again: at least once, never lost.
      log(`e-mail: ${job.kind} ${outcome}, not completed (job ${job.id}): ${reason(error, job.to)}`)
    }
  }

  async function failed(job: OutboxJob, error: unknown) {
    const attempt = job.attempts + 1
    const why = reason(error, job.to)
    const smtp = error as { permanent?: boolean; command?: string }
    // A 5xx for her address (no such mailbox, 550) will never change: retrying only harms the
    // list's reputation. A 5xx for the message is given a few tries. Anything else (connection,
    // auth, MAIL FROM, 4xx) is our side or temporary: retried until it passes, nothing is lost.
    const giveUp =
      smtp.permanent === true &&
      (smtp.command === "RCPT TO" || (smtp.command === "DATA" && attempt >= permanentAttempts))
    try {
      if (giveUp) {
        // Her record says so, for the staff's list: not a sign-up she ignored.
        await outbox.refused(job.id, why)
        log(`e-mail: ${job.kind} refused, given up (job ${job.id}, attempt ${attempt}): ${why}`)
        return
      }
      const delay =
        Math.min(maxBackoffMs, firstBackoffMs * 2 ** attempt) * (0.9 + 0.1 * Math.random())
      await outbox.retry(job.id, new Date(now().getTime() + delay), why)
      log(
        `e-mail: ${job.kind} failed (job ${job.id}, attempt ${attempt}, next in ${duration(delay)}): ${why}`,
      )
    } catch (storeError) {
      // Its lease runs out and it is claimed again.
      log(
        `e-mail: ${job.kind} failed (job ${job.id}): ${why}; outbox: ${reason(storeError, job.to)}`,
      )
    }
  }

  async function run() {
    while (!stopped) {
      woken = false
      let delay: number
      try {
        const jobs = await outbox.claimDue(now(), batch, leaseMs)
        if (jobs.length) {
          inFlight = Promise.all(jobs.map(deliver))
          await inFlight
          continue
        }
        const next = await outbox.nextDue()
        delay = next ? next.getTime() - now().getTime() : maxSleepMs
      } catch (error) {
        log(`e-mail: outbox failed: ${reason(error)}`)
        delay = Math.min(firstBackoffMs, maxBackoffMs)
      }
      if (stopped || woken) continue
      idleNow = true
      settleIdle()
      await sleep(Math.max(delay, 20))
    }
    settleIdle()
  }

  const running = run()

  return {
    wake() {
      woken = true
      idleNow = false
      endSleep?.()
    },
    async stop() {
      stopped = true
      endSleep?.()
      await running
    },
    settled: () => inFlight.then(() => undefined),
    idle() {
      if (stopped || (idleNow && !woken)) return Promise.resolve()
      return new Promise((resolve) => idleWaiters.push(resolve))
    },
  }
}

/** The failure without any address (nodemailer's can hold hers): SMTP's reply, on one line. */
export function reason(error: unknown, to?: string) {
  const { response, message } = error as { response?: string; message?: string }
  // A local part may hold any of RFC 5322's atext, an apostrophe among them (o'brien@…).
  let text = String(response || message || error).replace(
    /<?[\w.!#$%&'*+/=?^`{|}~-]+@[^\s<>()[\]"',;:]+>?/g,
    "<address>",
  )
  // Her address as typed, should it be one the pattern misses (a quoted local part).
  if (to) text = text.replace(new RegExp(`<?${escapeRegExp(to)}>?`, "gi"), "<address>")
  return text.replace(/\s+/g, " ").slice(0, 300)
}

function duration(ms: number) {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${Math.round(ms / 1000)} s`
}
