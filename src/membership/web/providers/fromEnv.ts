/**
 * The mailing list the host's environment asks for. A misconfiguration throws at start-up, with a
 * message that names the variable and never quotes a secret.
 */
import { defaultProviderTimeoutMs, unavailableList, type MailingList } from "../mailingList"
import { hostPreview, isPreviewSite } from "../../../previews/previewSite"
import { buttondownList } from "./buttondown"
import { mailchimpDataCentre, mailchimpList } from "./mailchimp"
import { errorMessage } from "../../../utils/errorMessage"
import type { HostEnv } from "../../../shared/hostEnv"

const signupProviders = ["buttondown", "mailchimp"] as const
export type SignupProvider = (typeof signupProviders)[number]

/** Every variable read here, for docs/signups.md and the tests. */
export const signupEnvVariables = [
  {
    name: "SIGNUP_PROVIDER",
    secret: false,
    description: `Where sign-ups go: "buttondown" or "mailchimp"; unset or empty keeps the embedded store.`,
  },
  {
    name: "BUTTONDOWN_API_KEY",
    secret: true,
    description: "Buttondown API key, sent as `Authorization: Token <key>`.",
  },
  {
    name: "BUTTONDOWN_API_URL",
    secret: false,
    description:
      "Optional base URL in place of https://api.buttondown.com (tests, the local stub).",
  },
  {
    name: "MAILCHIMP_API_KEY",
    secret: true,
    description: `Mailchimp Marketing API key; its end ("-us21") names the data centre.`,
  },
  {
    name: "MAILCHIMP_AUDIENCE_ID",
    secret: false,
    description: "ID of the Mailchimp audience (list) that new members join.",
  },
  {
    name: "MAILCHIMP_API_URL",
    secret: false,
    description: "Optional base URL in place of https://{dc}.api.mailchimp.com (tests, the stub).",
  },
  {
    name: "SIGNUP_PROVIDER_TIMEOUT_MS",
    secret: false,
    description: `Optional: milliseconds to wait for the provider before it counts as unavailable (${defaultProviderTimeoutMs}).`,
  },
] as const

export type SignupEnvVariable = (typeof signupEnvVariables)[number]["name"]

/** The provider the settings name, lower-cased (SIGNUP_PROVIDER); undefined for none. */
export const providerNamed = (env: HostEnv) => read(env, "SIGNUP_PROVIDER")?.toLowerCase()

/** `undefined` means the embedded store; a provider without its settings throws. */
export function mailingListFromEnv(
  env: HostEnv,
  fetchImpl?: typeof fetch,
): MailingList | undefined {
  const provider = providerNamed(env)
  if (provider === undefined) return undefined
  const timeoutMs = readTimeout(env)

  switch (provider) {
    case "buttondown":
      return buttondownList({
        apiKey: required(env, "BUTTONDOWN_API_KEY", provider),
        baseUrl: readUrl(env, "BUTTONDOWN_API_URL"),
        timeoutMs,
        fetch: fetchImpl,
      })
    case "mailchimp": {
      const apiKey = required(env, "MAILCHIMP_API_KEY", provider)
      const audienceId = required(env, "MAILCHIMP_AUDIENCE_ID", provider)
      const baseUrl = readUrl(env, "MAILCHIMP_API_URL")
      if (baseUrl === undefined && mailchimpDataCentre(apiKey) === undefined) {
        throw new Error(
          'MAILCHIMP_API_KEY does not end in its data centre (such as "-us21"), which names the ' +
            "API's host: copy the whole key from Mailchimp, or set MAILCHIMP_API_URL.",
        )
      }
      return mailchimpList({ apiKey, audienceId, baseUrl, timeoutMs, fetch: fetchImpl })
    }
    default: {
      const known = signupProviders.map((name) => `"${name}"`).join(" or ")
      throw new Error(
        `SIGNUP_PROVIDER is ${JSON.stringify(provider.slice(0, 40))}, which is no known provider: ` +
          `use ${known}, or leave it unset for the embedded store.`,
      )
    }
  }
}

/** Trimmed, since a pasted value often ends in a new line; empty counts as unset. */
function read(env: HostEnv, name: SignupEnvVariable): string | undefined {
  const value = env[name]?.trim()
  return value === undefined || value === "" ? undefined : value
}

function required(env: HostEnv, name: SignupEnvVariable, provider: SignupProvider): string {
  const value = read(env, name)
  if (value === undefined) {
    throw new Error(`SIGNUP_PROVIDER is "${provider}", but ${name} is not set.`)
  }
  return value
}

function readUrl(env: HostEnv, name: SignupEnvVariable): string | undefined {
  const value = read(env, name)
  if (value === undefined) return undefined
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new Error(`${name} is not a URL.`)
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new Error(`${name} must be an http: or https: URL.`)
  }
  return value
}

function readTimeout(env: HostEnv): number | undefined {
  const value = read(env, "SIGNUP_PROVIDER_TIMEOUT_MS")
  if (value === undefined) return undefined
  const timeoutMs = /^[0-9]{1,9}$/.test(value) ? Number(value) : 0
  if (timeoutMs <= 0) {
    throw new Error(
      `SIGNUP_PROVIDER_TIMEOUT_MS is ${JSON.stringify(value.slice(0, 20))}: ` +
        "give a whole number of milliseconds above 0.",
    )
  }
  return timeoutMs
}

/**
 * The list for these settings: the provider they name, else `otherwise` (the embedded store, or
 * on a host without a disk a list that says why it cannot take sign-ups). A misnamed provider or
 * a missing key keeps the site up, and every sign-up is answered "unavailable" with the reason in
 * the log.
 */
export function listFromSettings(env: HostEnv, otherwise: () => MailingList): MailingList {
  try {
    return mailingListFromEnv(env) ?? otherwise()
  } catch (error) {
    return unavailableList(errorMessage(error))
  }
}

/** Where each host that keeps no lasting disk for the embedded store takes the settings. */
const disklessHosts = {
  "Cloudflare Pages": "in the Pages project, Settings → Variables and Secrets, for Production",
  Netlify: "in Site configuration → Environment variables, with the scopes Builds and Functions",
}

/** The host building the live site, if its functions keep no lasting disk. */
function disklessHost(env: HostEnv): keyof typeof disklessHosts | undefined {
  if (env.CF_PAGES === "1") return "Cloudflare Pages"
  if (env.NETLIFY === "true" && env.CONTEXT === "production") return "Netlify"
  return undefined
}

/**
 * Why a build of the live site on a host without a lasting disk (Cloudflare Pages, Netlify) must
 * stop: without a provider it knows, every sign-up would be refused (or kept where it is lost)
 * while the site looked well. Only the provider's name is checked: its keys may be secrets the
 * build is not shown. Previews keep no list, so need none.
 */
export function hostSignupProblem(env: HostEnv): string | undefined {
  const host = disklessHost(env)
  if (!host || isPreviewSite(env) || hostPreview(env)) return undefined
  const provider = providerNamed(env)
  if (provider !== undefined && (signupProviders as readonly string[]).includes(provider)) {
    return undefined
  }
  const known = signupProviders.map((name) => `"${name}"`).join(" or ")
  return [
    provider === undefined
      ? `SIGNUP_PROVIDER is not set for this ${host} build of the live site.`
      : `SIGNUP_PROVIDER is ${JSON.stringify(provider.slice(0, 40))}, which is no known provider.`,
    `${host} keeps no lasting disk for the site's own list, so every sign-up would be lost.`,
    `Set SIGNUP_PROVIDER to ${known} ${disklessHosts[host]}, as a plain variable, and its key`,
    `as a secret (docs/signups.md), then build again.`,
  ].join(" ")
}
