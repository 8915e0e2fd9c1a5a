import { css } from "@emotion/react"
import { useState } from "react"
import { membersCsvEndpoint } from "../shared/endpoints"
import { pageTexts as texts } from "../staffPage/pageTexts"
import { readProblem, staffFetch } from "../staffPage/session"
import { buttonStyles, card, problemNote } from "../theme/styles"
import { sizes, space } from "../theme/tokens"

const buttons = css`
  display: flex;
  flex-wrap: wrap;
  gap: ${space.sm};
`

// Never display: none, even empty: a live region must be in the page before its words arrive.
const noteStyle = css`
  margin: 0;
  max-width: ${sizes.measure};
  &:not(:empty) {
    margin-top: ${space.md};
  }
`

type Note = { kind: "none" } | { kind: "info"; text: string } | { kind: "problem"; text: string }

/** YYYY-MM-DD of her own day, for the file's name. */
function today(): string {
  const now = new Date()
  const two = (value: number) => String(value).padStart(2, "0")
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`
}

/** Saves what the browser holds as a file, as a link with `download` would. */
function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement("a")
  link.href = url
  link.download = fileName
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // Some browsers read the URL only once the click has been handled: give it a moment.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000)
}

interface MemberDownloadsProps {
  /** A file was saved: the audit log has a new line. */
  onDownloaded: () => void
  /** The server asked for a sign-in (401): the page shows its panel. */
  onSignInNeeded: (message: string) => void
}

/**
 * The members, or everyone, as CSV. Fetched with the editor's token (a plain link could not
 * carry it), then saved from memory under a dated name.
 */
export function MemberDownloads({ onDownloaded, onSignInNeeded }: MemberDownloadsProps) {
  const [busy, setBusy] = useState(false)
  const [note, setNote] = useState<Note>({ kind: "none" })

  const download = async (all: boolean) => {
    if (busy) return
    setBusy(true)
    setNote({ kind: "info", text: texts.downloads.preparing })
    try {
      const response = await staffFetch(all ? `${membersCsvEndpoint}?all=1` : membersCsvEndpoint, {
        headers: { Accept: "text/csv" },
      })
      if (!response.ok) {
        const problem = await readProblem(response)
        if (problem && response.status === 401) return onSignInNeeded(problem.message)
        setNote({ kind: "problem", text: problem?.message ?? texts.unavailable.unexpected })
        return
      }
      const fileName = texts.downloads.fileName(all, today())
      save(await response.blob(), fileName)
      setNote({ kind: "info", text: texts.downloads.saved(fileName) })
      onDownloaded()
    } catch {
      setNote({ kind: "problem", text: texts.unavailable.offline })
    } finally {
      setBusy(false)
    }
  }

  return (
    <section css={card} aria-labelledby="downloads-heading">
      <h2 id="downloads-heading">{texts.downloads.heading}</h2>
      <p>{texts.downloads.text}</p>
      <div css={buttons}>
        <button
          type="button"
          css={buttonStyles("primary")}
          aria-disabled={busy || undefined}
          onClick={() => download(false)}
        >
          {texts.downloads.members}
        </button>
        <button
          type="button"
          css={buttonStyles("secondary")}
          aria-disabled={busy || undefined}
          onClick={() => download(true)}
        >
          {texts.downloads.everyone}
        </button>
      </div>
      <p role="status" css={note.kind === "problem" ? [problemNote, noteStyle] : noteStyle}>
        {note.kind !== "none" && note.text}
      </p>
    </section>
  )
}
