import path from "node:path"
import { membershipTexts } from "../emails/emailTexts"
import { unavailableList, type MailingList } from "../web/mailingList"
import type { Membership, OwnList } from "../web/memberStore"
import { listFromSettings, providerNamed } from "../web/providers/fromEnv"
import { clientLimiterFromEnv, siteLimiterFromEnv, type SignupLimits } from "../web/rateLimit"
import { dayMs, hourMs } from "../../utils/dates"
import { processWide } from "../../utils/processWide"
import { errorMessage } from "../../utils/errorMessage"
import { composer, siteAddress } from "./composeEmail"
import { eraseEmailCopies } from "./emailCopies"
import { membersSecret } from "./linksSecret"
import { memberIdFor } from "../web/links/signedLinks"
import { liveWithoutMail, mailerFromSettings, type Mailer } from "./mailer"
import { startSender } from "./sender"
import { memberStore, memberStoreFolder, storeExists } from "./store/lmdbStore"
import { listenForErasures, openElsewhere } from "./storeControl"
import type { HostEnv } from "../../shared/hostEnv"

/**
 * The membership wing in a long-lived Node process (the site's own server, and the Gatsby Function
 * under `gatsby develop`): the list the settings name (the embedded store on this disk when no
 * provider is named), the limits, and with the store its e-mails' sender, the forgetting of
 * unconfirmed sign-ups, and the socket through which `npm run members:remove` erases. Once a
 * provider is named, a store still on the disk is kept for her old leave links, without a sender.
 */
export interface NodeMembership extends Membership {
  /** How its e-mail goes out (for the server's first lines). */
  mail?: string
  /** Stops the sender after the e-mail in flight, and what else runs. */
  stop?: () => Promise<void>
}

// One of each for the process, per set of settings (a test or the load test may start servers
// with their own): Gatsby loads a Function's module afresh for every request, and a limit kept in
// the module would start from zero each time, and each load would start one more sender.
const started = processWide("membership.v3", () => new Map<HostEnv, NodeMembership>())

export function nodeMembership(env: HostEnv): NodeMembership {
  let membership = started.get(env)
  if (!membership) {
    membership = { ...startMembership(env), provider: providerNamed(env) }
    started.set(env, membership)
    // A setting that stops sign-ups is said as the server starts, not first to a visitor.
    if (membership.list.problem) console.error(`sign-up: refused: ${membership.list.problem}`)
  }
  return membership
}

// The wings being stopped: a wing started meanwhile (a publish's next release, asked by a
// request) takes the store's socket for npm run members:remove once they have let it go.
const stopping = processWide("membershipStopping.v1", () => ({ done: Promise.resolve() }))

/** Stops what runs, after the e-mails in flight (the server's shutdown, a publish, tests). */
export async function stopMemberships(): Promise<void> {
  const running = [...started.values()]
  started.clear()
  const stopped = Promise.all(running.map((membership) => membership.stop?.())).then(() => {})
  stopping.done = Promise.all([stopping.done, stopped]).then(() => {})
  await stopped
}

// The limits outlive the wing: a publish stops it and the next release's site starts its own
// (src/publishing/node/release.ts), and no visitor's count, nor the site's, starts from zero then.
const limitsKept = processWide("signupLimits.v1", () => new WeakMap<HostEnv, SignupLimits>())

function limitsFor(env: HostEnv): SignupLimits {
  let limits = limitsKept.get(env)
  if (!limits) {
    limits = { perClient: clientLimiterFromEnv(env), site: siteLimiterFromEnv(env) }
    limitsKept.set(env, limits)
  }
  return limits
}

function startMembership(env: HostEnv): NodeMembership {
  const limits = limitsFor(env)
  const folder = memberStoreFolder(env)
  // The store wakes the sender when it has queued an e-mail, and waits for the one being sent to
  // her before her copies are erased; both are set once the sender runs.
  let wakeSender = () => {}
  let sendingSettled = async () => {}
  // Read (or made) once the store is wanted; without it no link works, and no sign-up is taken.
  let secret: Promise<string> | undefined
  const linksSecret = () => (secret ??= membersSecret(env, folder))
  const ownStore = () =>
    memberStore(folder, {
      memberId: async (addressKey) => memberIdFor(await linksSecret(), addressKey),
      onQueued: () => wakeSender(),
      onRemoved: async (address) => {
        await sendingSettled()
        await eraseEmailCopies(folder, address)
      },
    })
  let store: ReturnType<typeof ownStore> | undefined
  const list = listFromSettings(env, () => (store = ownStore()))
  // A provider is named, and the list has moved to it from the store still on this disk: the
  // store is kept for the leave links in the e-mails it sent, which pass her leave on.
  const movedTo = store === undefined && storeExists(folder) ? list : undefined
  if (movedTo) store = ownStore()
  if (store === undefined) return { list, limits }
  const members = store

  // Another server has the store open: its compaction after an erasure replaces the file, and
  // what this one wrote after it would be lost. This one keeps its hands off the store.
  const elsewhere = openElsewhere(folder).then((inUse) => {
    if (inUse) {
      console.error(
        `members: another server has the store at ${folder} open: this one takes no sign-up, opens no link and sends no e-mail; stop one of the two`,
      )
    }
    return inUse
  })
  // `npm run members:remove` erases her through this process, which has the store open; copies of
  // e-mails to someone no longer on the list go all the same.
  // The wings stopping as this one starts (read now: a stop of this one, later, must not be waited
  // for by its own socket).
  const stoppedBefore = stopping.done
  const control = elsewhere
    .then(async (inUse) => {
      if (inUse) return undefined
      await stoppedBefore
      return listenForErasures(folder, async (address) => {
        if (await members.erase({ address })) return true
        await eraseEmailCopies(folder, address)
        return false
      })
    })
    .catch((error: unknown) => {
      console.error(
        `members: npm run members:remove cannot reach this server: ${errorMessage(error)}`,
      )
      return undefined
    })
  // Her links work whatever becomes of the mail: a one-click leave from an e-mail already sent
  // must never fail because the mail settings broke since. Without the secret, no link works.
  // Said to the staff on the list's page too: the one who runs the list learns it from the site,
  // not from a visitor who never had her confirmation.
  const mailOff = !movedTo && liveWithoutMail(env) ? true : undefined
  const own = Promise.all([linksSecret(), elsewhere]).then(
    ([secret, inUse]): OwnList | undefined =>
      inUse ? undefined : { store: members, secret, movedTo, mailOff },
    (error: unknown) => {
      // Tried once per wing: the wing lives until the server restarts (or the next publish).
      console.error(
        `members: no secret for the links, so no sign-up is taken and no link works: ${errorMessage(error)}; restart the server once it is put right`,
      )
      return undefined
    },
  )

  // Unconfirmed sign-ups are forgotten after the period the staff set (data/membership.json).
  const forget = async () => {
    if (!(await own)) return
    const before = new Date(Date.now() - membershipTexts.pendingDays * dayMs)
    try {
      const forgotten = await members.forgetUnconfirmed(before)
      if (forgotten > 0) console.log(`members: ${forgotten} unconfirmed sign-ups forgotten`)
    } catch (error) {
      console.error(
        `members: the store could not forget unconfirmed sign-ups: ${errorMessage(error)}`,
      )
    }
  }
  void forget()
  const forgetting = setInterval(() => void forget(), hourMs)
  forgetting.unref()
  const stopKeeping = async () => {
    clearInterval(forgetting)
    ;(await control)?.close()
  }
  // Moved: no e-mail goes from the store any more, and sign-ups go to the provider.
  if (movedTo) return { list, limits, own, stop: stopKeeping }

  let mailer: Mailer
  try {
    mailer = mailerFromSettings(env, path.join(folder, "outbox"))
  } catch (error) {
    // Mail that cannot go out makes a promise the site cannot keep: no sign-ups until it can.
    return { list: unavailableList(errorMessage(error)), limits, own, stop: stopKeeping }
  }
  if (mailOff) {
    console.warn(
      `members: no e-mail leaves this server: SMTP_URL is not set, so each is written as a file in ${path.join(folder, "outbox")}; set SMTP_URL and MAIL_FROM (docs/email.md)`,
    )
  }
  const siteUrl = siteAddress(env)
  if (env.SMTP_URL && !siteUrl.startsWith("https:")) {
    console.warn(
      `members: the e-mails' links lead to ${siteUrl}; mail apps offer their one-click leave only for https (set SITE_URL)`,
    )
  }
  const sender = own.then((ready) =>
    ready
      ? startSender({
          outbox: members.outbox,
          mailer,
          compose: composer({ store: members, secret: ready.secret, siteUrl }),
        })
      : undefined,
  )
  wakeSender = () => void sender.then((running) => running?.wake())
  // Only where the e-mail in flight may be written here as her copy: an SMTP server that stalls
  // must not hold up her leave (a mail app's one click, or nginx, gives up after seconds).
  if (mailer.keepsCopies) sendingSettled = async () => (await sender)?.settled()
  // No sign-up is taken that no link could confirm.
  const signupList: MailingList = {
    name: members.name,
    subscribe: async (address, consent) =>
      (await own) ? members.subscribe(address, consent) : "unavailable",
  }

  return {
    list: signupList,
    limits,
    own,
    mail: mailer.description,
    stop: async () => {
      await (await sender)?.stop()
      mailer.close()
      // Last: until then `npm run members:remove` still erases through this process (a publish
      // stops the wing while its e-mail in flight finishes, up to the send's deadline).
      await stopKeeping()
    },
  }
}
