import type { AgainAnswer, PublishesAnswer, RollbackAnswer } from "../publishesApi"
import type { PublishEvent } from "./events"

/**
 * What the route table's publishing lines (./handlePublish.ts, ./handlePublishes.ts) ask of the
 * runtime: the publisher in the site's own long-lived server (src/publishing/node/). Hosts that
 * build by themselves (Netlify, Cloudflare Pages, `gatsby develop`) have none, and the lines
 * answer 404 there.
 */
export interface PublishingDesk {
  /** A verified event, handed over at once: the build runs after the answer. */
  receive(event: PublishEvent): Promise<Reception>
  /** The last publishes, for the staff's page. */
  publishes(): Promise<PublishesAnswer>
  /**
   * The version before the live one put back; `by` names who asked, `from` the live release they
   * saw (nothing is done if another came live since).
   */
  rollback(by: string, from?: string): Promise<RollbackAnswer>
  /** The newest publish built again, where the answer offered it (`again`); `by` asked. */
  publishAgain(by: string): Promise<AgainAnswer>
}

/** What became of an event: `accepted` starts or joins a build; the message is for GitHub's log. */
export interface Reception {
  outcome: "accepted" | "duplicate" | "ignored"
  message: string
}

/** The webhook's secret, read at each request as the other settings are. */
export interface PublishEnv {
  /** The secret set on GitHub's webhook: X-Hub-Signature-256 is its HMAC-SHA-256 of the body. */
  PUBLISH_SECRET?: string
}
