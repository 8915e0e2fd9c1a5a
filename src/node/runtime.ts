import path from "node:path"
import type { Membership } from "../mail/handleMembership"
import { membershipPageTexts } from "../mail/pageTexts"
import { membershipTexts } from "../mail/texts"
import type { Runtime, Settings } from "../server/runtime"
import { unavailableList, type MailingList } from "../signup/mailingList"
import { listFromSettings } from "../signup/providers/fromEnv"
import type { SignupLimits } from "../signup/handleSignup"
import { clientLimiterFromEnv, siteLimiterFromEnv } from "../server/rateLimit"
import type { StaffList } from "../staffApi/handleStaff"
import { eraseEmailCopies } from "./emailCopies"
import { composer, siteAddress } from "./mail"
import { mailerFromSettings, type Mailer } from "./mailer"
import { membersSecret } from "./membersSecret"
import { memberStore, memberStoreFolder, removeMember, type MemberStore } from "./memberStore"
import { clientAddress, type ClientAddress } from "./proxied"
import { startSender } from "./sender"
import { listenForErasures } from "./storeControl"

/**
 * The app's runtime in a Node process (./siteServer.ts, and the Gatsby Function in
 * src/gatsby/functionAdapter.ts): the settings from the environment, the list it names (the embedded store on
 * this disk when no provider is named, with its e-mails' sender), its limits for the process,
 * and the visitor's address from the socket, or from a proxy's header (./proxied.ts).
 */
export function nodeRuntime(
  env: Settings,
  client?: ClientAddress,
  localEditing?: Runtime["localEditing"],
): Runtime {
  return {
    settings: () => env,
    client: (c) => clientAddress(c, client),
    signupList: () => processSignup(env),
    membership: () => processSignup(env).membership ?? Promise.resolve(undefined),
    staffList: async () => processSignup(env).staffList,
    localEditing,
  }
}

interface ProcessSignup {
  list: MailingList
  limits: SignupLimits
  /** The embedded store's links; none with a provider, or without a secret to sign them. */
  membership?: Promise<Membership | undefined>
  /** The store as the staff's page sees it. */
  staffList?: StaffList
  /** How its e-mail goes out (for the server's first lines). */
  mail?: string
  stop?: () => Promise<void>
}

// One list, one limit and one sender for the process (for each set of settings: a test or the load
// test may start servers with their own). Kept on globalThis because Gatsby loads a Function's
// module afresh for every request (it clears it from require's cache): a limit kept in the module
// would start from zero each time, and each load would start one more sender.
const processSignupKey = Symbol.for("evergrace.signup.context.v2")
type WithSignup = typeof globalThis & { [processSignupKey]?: Map<Settings, ProcessSignup> }
const started = ((globalThis as WithSignup)[processSignupKey] ??= new Map())

export function processSignup(env: Settings): ProcessSignup {
  let signup = started.get(env)
  if (!signup) {
    signup = startSignup(env)
    started.set(env, signup)
  }
  return signup
}

/** Stops the senders after the e-mails in flight (the server's shutdown). */
export async function stopSignup(): Promise<void> {
  const running = [...started.values()]
  started.clear()
  await Promise.all(running.map((signup) => signup.stop?.()))
}

const hourMs = 60 * 60_000

function startSignup(env: Settings): ProcessSignup {
  const limits = { perClient: clientLimiterFromEnv(env), site: siteLimiterFromEnv(env) }
  const folder = memberStoreFolder(env)
  // The store tells the sender when it has queued an e-mail; the sender starts a moment later.
  let wakeSender = () => {}
  let store: MemberStore | undefined
  const list = listFromSettings(env, () => {
    store = memberStore(folder, { onQueued: () => wakeSender() })
    return store
  })
  if (store === undefined) return { list, limits }

  const members: MemberStore = store
  const reason = (error: unknown) => (error instanceof Error ? error.message : String(error))
  // Set once the sender runs: erasing her waits for an e-mail to her that is being sent this moment.
  let sendingSettled = async () => {}
  // Erased everywhere she is kept: the store (compacted), and the copies of her e-mails on this disk.
  const eraseCopies = async (address: string) => {
    await sendingSettled()
    return eraseEmailCopies(folder, address)
  }
  const staffList: StaffList = {
    list: () => members.list(),
    resendConfirmation: (id) => members.resendConfirmation(id),
    leave: (id) => members.leave(id),
    erase: async (id) => {
      const address = await members.erase(id)
      if (address !== undefined) await eraseCopies(address)
      return address !== undefined
    },
    audit: members.audit,
  }
  // `npm run members:remove` erases her through this process, which has the store open.
  const control = listenForErasures(folder, async (address) => {
    const erased = await removeMember(folder, address)
    return { erased, copies: await eraseCopies(address) }
  }).catch((error: unknown) => {
    console.error(`members: npm run members:remove cannot reach this server: ${reason(error)}`)
    return undefined
  })
  // Her links work whatever becomes of the mail: a one-click leave from an e-mail already sent
  // must never fail because the mail settings broke since. Without the secret, no link works.
  const secret = membersSecret(env, folder)
  const membership = secret.then(
    (key): Membership => ({ members, secret: key, texts: membershipPageTexts }),
    (error: unknown) => {
      console.error(`members: no secret for the links: ${reason(error)}`)
      return undefined
    },
  )

  let mailer: Mailer
  try {
    mailer = mailerFromSettings(env, path.join(folder, "outbox"))
  } catch (error) {
    // Mail that cannot go out makes a promise the site cannot keep: no sign-ups until it can.
    return {
      list: unavailableList(reason(error)),
      limits,
      membership,
      staffList,
      stop: async () => void (await control)?.close(),
    }
  }
  const siteUrl = siteAddress(env)
  if (env.SMTP_URL && !siteUrl.startsWith("https:")) {
    console.warn(
      `members: the e-mails' links lead to ${siteUrl}; mail apps offer their one-click leave only for https (set SITE_URL)`,
    )
  }
  const sender = secret.then(
    (key) =>
      startSender({
        outbox: members.outbox,
        mailer,
        compose: composer({ store: members, secret: key, siteUrl }),
      }),
    () => undefined,
  )
  wakeSender = () => void sender.then((running) => running?.wake())
  sendingSettled = async () => (await sender)?.settled()
  // No sign-up is taken that no link could confirm.
  const signupList: MailingList = {
    name: members.name,
    subscribe: async (address, consent) =>
      (await membership) ? members.subscribe(address, consent) : "unavailable",
  }

  // Unconfirmed sign-ups are forgotten after the period the staff set (data/membership.json).
  const forget = async () => {
    const before = new Date(Date.now() - membershipTexts.pendingDays * 24 * hourMs)
    const forgotten = await members.forgetUnconfirmed(before)
    if (forgotten > 0) console.log(`members: ${forgotten} unconfirmed sign-ups forgotten`)
  }
  void forget()
  const forgetting = setInterval(() => void forget(), hourMs)
  forgetting.unref()

  return {
    list: signupList,
    limits,
    mail: mailer.description,
    membership,
    staffList,
    stop: async () => {
      ;(await control)?.close()
      clearInterval(forgetting)
      await (await sender)?.stop()
      mailer.close()
    },
  }
}
