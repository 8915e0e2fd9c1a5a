// npm run release:rollback: the site back to the version before the live one (of the last five
// kept), until the next publish. Asks the running server (its control socket in the publisher's
// folder); with none running, moves `current` itself, which nginx serves at once.
// PUBLISH_DIR names the publisher's folder as the server has it (default .publish).
import { userInfo } from "node:os"
import path from "node:path"
import { askRollback } from "../src/publishing/node/control"
import { History } from "../src/publishing/node/history"
import { Releases, undoneChangeNote } from "../src/publishing/node/releases"

const stateDir = path.resolve(process.env.PUBLISH_DIR?.trim() || ".publish")
const by = `${userInfo().username} (command line)`
const started = performance.now()
const took = () => `${((performance.now() - started) / 1000).toFixed(2)} s`

void (async () => {
  const answer = await askRollback(stateDir, by).catch((error: Error) => {
    // The server runs but failed: its folder is not switched behind its back.
    console.error(`No undo: ${error.message}`)
    process.exit(1)
  })
  if (answer) {
    console.log(`${answer.message} (${took()})`)
    process.exit(answer.result === "rolledBack" ? 0 : 1)
  }
  // No server answers: the folder itself.
  const releases = new Releases(stateDir)
  const all = await releases.list()
  const live = await releases.current()
  const history = new History(stateDir)
  const target = live ? history.before(live, all) : undefined
  if (!target) {
    console.error(`There is no earlier version kept in ${stateDir} to go back to.`)
    process.exit(1)
  }
  await releases.switchTo(target)
  history.wentLive(target, "undo", live, all)
  const now = new Date()
  history.start(
    {
      kind: "rollback",
      commit: target.commit,
      title: target.title,
      author: target.author,
      state: "live",
      by,
      finishedAt: now.toISOString(),
    },
    now,
  )
  await history.flushed()
  console.log(
    `The site is back to ${target.commit.slice(0, 7)}: ${target.title} (${took()}). nginx serves it now; the site's own server is not running, and serves it when it starts. ${undoneChangeNote}`,
  )
})()
