import { existsSync, readFileSync } from "node:fs"
import { mkdir, rename, writeFile } from "node:fs/promises"
import path from "node:path"
import type { PublishRecord } from "../publishesApi"

/**
 * What the publisher did, newest first (the staff's page shows it), and what it must remember
 * across restarts: the last head of the branch it took up (so a rollback stays until the next
 * push, even through a restart) and the commits it has had pushes for (a push replayed later
 * starts nothing). One JSON file in the state folder, replaced whole at each change.
 */

interface Saved {
  records: PublishRecord[]
  /** The branch head last put live: a restart builds a newer one, and leaves an undo as it is. */
  lastHead?: string
  /** Pushed commits already taken up, newest last. */
  pushed: string[]
}

const recordsKept = 100
const pushesKept = 1000

export class History {
  private saved: Saved
  private readonly file: string
  private writing = Promise.resolve()
  private count = 0

  constructor(stateDir: string) {
    this.file = path.join(stateDir, "publishes.json")
    this.saved = readSaved(this.file)
  }

  records(): PublishRecord[] {
    return this.saved.records
  }

  get lastHead(): string | undefined {
    return this.saved.lastHead
  }

  set lastHead(sha: string | undefined) {
    this.saved.lastHead = sha
    this.save()
  }

  /** Whether a push of this commit was taken up before; taken up from now on, if not. */
  pushedBefore(sha: string): boolean {
    if (this.saved.pushed.includes(sha)) return true
    this.saved.pushed = [...this.saved.pushed, sha].slice(-pushesKept)
    this.save()
    return false
  }

  /** A new record, at the top. */
  start(record: Omit<PublishRecord, "id" | "startedAt">, at: Date): PublishRecord {
    this.count += 1
    const started: PublishRecord = {
      id: `${at.getTime().toString(36)}-${this.count}`,
      startedAt: at.toISOString(),
      ...record,
    }
    this.saved.records = [started, ...this.saved.records].slice(0, recordsKept)
    this.save()
    return started
  }

  update(record: PublishRecord, change: Partial<PublishRecord>): PublishRecord {
    Object.assign(record, change)
    this.save()
    return record
  }

  /** Resolves when what was changed is on the disk. */
  flushed(): Promise<void> {
    return this.writing
  }

  private save() {
    const text = `${JSON.stringify(this.saved, null, 2)}\n`
    this.writing = this.writing
      .then(async () => {
        await mkdir(path.dirname(this.file), { recursive: true })
        const next = `${this.file}.next`
        await writeFile(next, text)
        await rename(next, this.file)
      })
      .catch((error: unknown) => {
        console.error(`publish: the history could not be written (${(error as Error).message})`)
      })
  }
}

function readSaved(file: string): Saved {
  if (!existsSync(file)) return { records: [], pushed: [] }
  try {
    const saved = JSON.parse(readFileSync(file, "utf8")) as Partial<Saved>
    return {
      records: Array.isArray(saved.records) ? saved.records : [],
      lastHead: typeof saved.lastHead === "string" ? saved.lastHead : undefined,
      pushed: Array.isArray(saved.pushed) ? saved.pushed : [],
    }
  } catch {
    return { records: [], pushed: [] }
  }
}
