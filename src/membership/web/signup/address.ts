/**
 * The address check, as the browser's `<input type="email">` does it (the WHATWG "valid e-mail
 * address" rule), less a domain without a dot, plus the 254-character limit of an address that
 * mail can be delivered to (RFC 5321's 256-octet path, less its angle brackets). The endpoint
 * never trusts the browser's check: a bot, an old browser or a form with `novalidate` sends
 * whatever it likes.
 */

// https://html.spec.whatwg.org/multipage/input.html#valid-e-mail-address, its domain's labels
// once or more after the first (`+` where the rule has `*`): the browser takes "mary@example",
// a ".com" forgotten, which no mail reaches (no public domain is one label: RFC 7085), and she
// would wait for a confirmation that never comes.
const validEmail =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/

const maxAddressLength = 254

export type AddressProblem = "missing" | "invalid" | "tooLong"

export type AddressCheck = { ok: true; address: string } | { ok: false; problem: AddressProblem }

/** The browser strips leading and trailing white space from an e-mail field's value; so do we. */
export function checkAddress(value: unknown): AddressCheck {
  if (typeof value !== "string") return { ok: false, problem: "missing" }
  const address = value.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, "")
  if (address === "") return { ok: false, problem: "missing" }
  if (address.length > maxAddressLength) return { ok: false, problem: "tooLong" }
  if (!validEmail.test(address)) return { ok: false, problem: "invalid" }
  return { ok: true, address }
}

/**
 * One member per mailbox: "Ann@Example.com" and "ann@example.com" are the same person to every
 * mail provider in practice, so the list is keyed by the lower-cased address.
 */
export function memberKey(address: string): string {
  return address.toLowerCase()
}
