import { css } from "@emotion/react"
import { useState } from "react"
import { membersCsvEndpoint } from "../../../shared/endpoints"
import { pageTexts as texts } from "../staffPageTexts"
import { readProblem, staffFetch } from "../session"
import { card } from "../../../theme/styles"
import { space } from "../../../theme/tokens"
import { StaffButton } from "./StaffButton"
import { StatusNote, type Note } from "./StatusNote"

const buttons = css`
  display: flex;
  flex-wrap: wrap;
  gap: ${space.sm};
`

/** The file's name as the server gives it (one name, made where the file is). */
function fileNameOf(response: Response): string {
  const disposition = response.headers.get("content-disposition") ?? ""
  return /filename="([^"]+)"/.exec(disposition)?.[1] ?? "evergrace.csv"
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
 * carry it), then saved from memory under the dated name the server gives it.
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
      const fileName = fileNameOf(response)
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
        <StaffButton variant="primary" busy={busy} onPress={() => download(false)}>
          {texts.downloads.members}
        </StaffButton>
        <StaffButton busy={busy} onPress={() => download(true)}>
          {texts.downloads.everyone}
        </StaffButton>
      </div>
      <StatusNote note={note} />
    </section>
  )
}
