import type { Worker } from "node:cluster"
import type { PublishingDesk } from "../web/desk"

/**
 * The site's server runs in a worker process started on the live release (./liveSite.ts); the
 * publisher is in the process that started it. The worker's route table reaches the publisher
 * through this desk: each call a message over the cluster's channel, answered by the publisher's
 * side (`answerDesk`). The worker runs the release's copy of this file and the publisher the
 * server's own, so the messages are versioned and small.
 */

const channel = "evergrace.publishing.v1"

type Ask =
  | { call: "receive"; event: Parameters<PublishingDesk["receive"]>[0] }
  | { call: "publishes" }
  | { call: "rollback"; by: string }
type Question = { channel: typeof channel; id: number } & Ask
type Reply = { channel: typeof channel; id: number; answer?: unknown; error?: string }

const answerWithinMs = 60_000

/** In the worker: the desk, asked over the channel to the publisher's process. */
export function deskOverIpc(): PublishingDesk {
  const waiting = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >()
  let count = 0
  process.on("message", (message: unknown) => {
    if (!isReply(message)) return
    const asked = waiting.get(message.id)
    waiting.delete(message.id)
    if (message.error !== undefined) asked?.reject(new Error(message.error))
    else asked?.resolve(message.answer)
  })
  const ask = <T>(question: Ask) =>
    new Promise<T>((resolve, reject) => {
      const send = process.send?.bind(process)
      if (!send) return reject(new Error("no publisher to ask: not started by one"))
      count += 1
      const id = count
      const timer = setTimeout(() => {
        waiting.delete(id)
        reject(new Error("the publisher did not answer"))
      }, answerWithinMs)
      timer.unref()
      waiting.set(id, {
        resolve: (value) => {
          clearTimeout(timer)
          resolve(value as T)
        },
        reject: (error) => {
          clearTimeout(timer)
          reject(error)
        },
      })
      send({ channel, id, ...question } satisfies Question)
    })
  return {
    receive: (event) => ask({ call: "receive", event }),
    publishes: () => ask({ call: "publishes" }),
    rollback: (by) => ask({ call: "rollback", by }),
  }
}

/** In the publisher's process: a worker's question answered by the desk. */
export function answerDesk(desk: PublishingDesk) {
  return (worker: Worker, message: unknown) => {
    if (!isQuestion(message)) return
    const asked =
      message.call === "receive"
        ? desk.receive(message.event)
        : message.call === "publishes"
          ? desk.publishes()
          : desk.rollback(message.by)
    asked.then(
      (answer) => send(worker, { channel, id: message.id, answer }),
      (error: unknown) =>
        send(worker, {
          channel,
          id: message.id,
          error: error instanceof Error ? error.message : "failed",
        }),
    )
  }
}

function send(worker: Worker, reply: Reply) {
  if (worker.isConnected()) worker.send(reply)
}

const isQuestion = (message: unknown): message is Question =>
  typeof message === "object" &&
  message !== null &&
  (message as Question).channel === channel &&
  typeof (message as Question).call === "string"

const isReply = (message: unknown): message is Reply =>
  typeof message === "object" &&
  message !== null &&
  (message as Reply).channel === channel &&
  !("call" in message)
