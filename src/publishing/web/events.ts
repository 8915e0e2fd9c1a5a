/**
 * GitHub's webhook events as the publisher reads them
 * (https://docs.github.com/en/webhooks/webhook-events-and-payloads): `push` for the published
 * branch, `pull_request` for the CMS's drafts (previews), `ping` when the webhook is made. Only
 * what the publisher acts on is kept; which commit to build is never taken from here but from the
 * repository itself, so a payload replayed later cannot put an old commit back on the site.
 */
import { isRecord } from "../../utils/json"

/** A push to a branch: `commit` is the branch's new head as GitHub said (for its status). */
export interface PushEvent {
  kind: "push"
  /** X-GitHub-Delivery: one delivery, the same when GitHub delivers it again. */
  delivery: string
  /** owner/name, where the commit statuses go. */
  repository: string
  branch: string
  commit: string
}

/** A pull request of a CMS draft opened, pushed to again or closed. */
export interface PullRequestEvent {
  kind: "pullRequest"
  delivery: string
  repository: string
  /** `update`: opened, reopened or pushed to (build its preview); `close`: closed or merged. */
  action: "update" | "close"
  number: number
  /** The draft's branch (`cms/…`) and the branch it would be merged into. */
  branch: string
  base: string
  commit: string
}

export type PublishEvent = PushEvent | PullRequestEvent

export type ReadEvent =
  | PublishEvent
  | { kind: "ping" }
  /** Understood, and nothing for the publisher to do (a tag, a label added, another event). */
  | { kind: "ignored"; why: string }
  | { kind: "malformed"; why: string }

/** Actions after which a pull request's head is new; `closed` removes its preview. */
const updating = new Set(["opened", "reopened", "synchronize", "ready_for_review"])
const sha = /^[0-9a-f]{40}$/

type Json = Record<string, unknown>
const record = (value: unknown): Json => (isRecord(value) ? value : {})
const text = (value: unknown) => (typeof value === "string" ? value : undefined)

/** The event named by X-GitHub-Event, from its parsed payload. */
export function readEvent(name: string, delivery: string, payload: unknown): ReadEvent {
  const body = record(payload)
  const repository = text(record(body.repository).full_name)
  if (name === "ping") return { kind: "ping" }
  if (name === "push") {
    const ref = text(body.ref) ?? ""
    if (!ref.startsWith("refs/heads/"))
      return { kind: "ignored", why: `${ref || "a ref"} is no branch` }
    if (body.deleted === true) return { kind: "ignored", why: "the branch was deleted" }
    const commit = text(body.after)
    if (!repository || !commit || !sha.test(commit)) {
      return { kind: "malformed", why: "a push names its repository and its new commit" }
    }
    return { kind: "push", delivery, repository, branch: ref.slice("refs/heads/".length), commit }
  }
  if (name === "pull_request") {
    const action = text(body.action) ?? ""
    if (action !== "closed" && !updating.has(action)) {
      return { kind: "ignored", why: `a pull request ${action || "event"} changes no preview` }
    }
    const pull = record(body.pull_request)
    const head = record(pull.head)
    const branch = text(head.ref)
    const commit = text(head.sha)
    const base = text(record(pull.base).ref)
    const number = body.number ?? pull.number
    if (!repository || !branch || !base || !commit || !sha.test(commit) || !isCount(number)) {
      return { kind: "malformed", why: "a pull request names its repository, branches and head" }
    }
    return {
      kind: "pullRequest",
      delivery,
      repository,
      action: action === "closed" ? "close" : "update",
      number,
      branch,
      base,
      commit,
    }
  }
  return { kind: "ignored", why: `the publisher does not use ${name || "unnamed"} events` }
}

const isCount = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value > 0
