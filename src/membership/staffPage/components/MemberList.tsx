import { css } from "@emotion/react"
import { useEffect, useRef, useState } from "react"
import type { MembersAnswer } from "../../membersApi"
import { pageTexts as texts } from "../staffPageTexts"
import { space } from "../../../theme/tokens"
import { AuditLog } from "./AuditLog"
import { MemberActions } from "./MemberActions"
import { MemberCounts } from "./MemberCounts"
import { MemberDownloads } from "./MemberDownloads"
import { manageButtonId, MemberTable } from "./MemberTable"

// minmax(0, …): a wide table scrolls inside its own frame instead of widening the page.
const sections = css`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${space.xl};
`

type StoreAnswer = Extract<MembersAnswer, { list: "store" }>

/** Where focus goes once the panel has closed: her row's button, or the search box. */
type FocusAfterClose = { to: "row"; memberId: string } | { to: "search" } | null

interface MemberListProps {
  answer: StoreAnswer
  /** Loads the list again, keeping this one on screen meanwhile. */
  onRefresh: () => void
  /** The server asked for a sign-in (401): the page shows its panel. */
  onSignInNeeded: (message: string) => void
}

/** The site's own list: its figures, the downloads, everyone in it, and the staff's actions. */
export function MemberList({ answer, onRefresh, onSignInNeeded }: MemberListProps) {
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const [notice, setNotice] = useState("")
  const [focusAfterClose, setFocusAfterClose] = useState<FocusAfterClose>(null)
  const searchRef = useRef<HTMLInputElement>(null)
  const panelHeadingRef = useRef<HTMLHeadingElement>(null)

  // Erased, here or by someone else: the list no longer has her, and her panel goes.
  const selected = answer.members.find((member) => member.id === selectedId) ?? null

  useEffect(() => {
    if (selectedId === null || selected) return
    setSelectedId(null)
    setFocusAfterClose({ to: "search" })
  }, [selectedId, selected])

  useEffect(() => {
    if (!focusAfterClose) return
    setFocusAfterClose(null)
    const row =
      focusAfterClose.to === "row"
        ? document.getElementById(manageButtonId(focusAfterClose.memberId))
        : null
    ;(row ?? searchRef.current)?.focus()
  }, [focusAfterClose])

  const open = (memberId: string) => {
    setNotice("")
    setSelectedId(memberId)
    // Opening the panel for the same person again still brings her heading into view.
    if (memberId === selectedId) panelHeadingRef.current?.focus()
  }

  const close = () => {
    if (selectedId) setFocusAfterClose({ to: "row", memberId: selectedId })
    setSelectedId(null)
  }

  const erased = (message: string) => {
    setSelectedId(null)
    setNotice(message)
    setFocusAfterClose({ to: "search" })
    onRefresh()
  }

  return (
    <div css={sections}>
      <MemberCounts counts={answer.counts} mailDelay={answer.mailDelay} mailOff={answer.mailOff} />
      <MemberDownloads onDownloaded={onRefresh} onSignInNeeded={onSignInNeeded} />
      <section aria-labelledby="list-heading">
        <h2 id="list-heading">{texts.list.heading}</h2>
        <MemberTable
          members={answer.members}
          selectedId={selected?.id ?? null}
          onManage={open}
          searchRef={searchRef}
          notice={notice}
        />
        {selected && (
          <MemberActions
            key={selected.id}
            member={selected}
            headingRef={panelHeadingRef}
            onClose={close}
            onChanged={onRefresh}
            onErased={erased}
            onSignInNeeded={onSignInNeeded}
          />
        )}
      </section>
      <AuditLog audit={answer.audit} />
    </div>
  )
}
