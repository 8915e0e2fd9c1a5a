import { css } from "@emotion/react"
import { useEffect, useRef, useState, type RefObject } from "react"
import { memberActionEndpoints } from "../../../shared/endpoints"
import {
  shownStatus,
  type ActionAnswer,
  type ActionRequest,
  type MemberRow,
} from "../../membersApi"
import { pageTexts as texts } from "../staffPageTexts"
import { staffJson } from "../session"
import { isRecord } from "../../../utils/json"
import { card } from "../../../theme/styles"
import { colors, sizes, space } from "../../../theme/tokens"
import { RefusalNote } from "./RefusalNote"
import { StaffTime } from "./StaffTime"
import { StatusNote, type Note } from "./StatusNote"
import { StaffButton } from "./StaffButton"
import { useAskFirst } from "./useAskFirst"

type Action = keyof typeof memberActionEndpoints

const panel = [
  card,
  css`
    margin-top: ${space.lg};
    border-top: 4px solid ${colors.accent};
  `,
]

const facts = css`
  color: ${colors.inkSoft};
`

const buttons = css`
  display: flex;
  flex-wrap: wrap;
  gap: ${space.sm};
`

const question = css`
  max-width: ${sizes.measure};
  padding: ${space.sm} ${space.md};
  border-left: 5px solid ${colors.problem};
  background: ${colors.ivory};
  p {
    font-weight: 600;
  }
`

/** For the one action that cannot be undone. */
const danger = css`
  background: ${colors.problem};
  &:hover {
    background: ${colors.ink};
  }
`

function isActionAnswer(value: unknown): value is ActionAnswer {
  return isRecord(value) && typeof value.result === "string" && typeof value.message === "string"
}

interface MemberActionsProps {
  member: MemberRow
  /** Focus goes here as the panel opens, and back here if the button she used has gone. */
  headingRef: RefObject<HTMLHeadingElement>
  onClose: () => void
  /** An action was taken: the list is loaded again. */
  onChanged: () => void
  /** She is gone from the list: the page says so and closes the panel. */
  onErased: (message: string) => void
  /** The server asked for a sign-in (401): the page shows its panel. */
  onSignInNeeded: (message: string) => void
}

/** The panel's id, for the Manage button that opens it (aria-controls). */
export const memberPanelId = "member-actions"

/**
 * One person's panel, below the table: send her confirmation again, take her off the list, or
 * erase her, which asks first. What the server answers is shown in its own words.
 */
export function MemberActions({
  member,
  headingRef,
  onClose,
  onChanged,
  onErased,
  onSignInNeeded,
}: MemberActionsProps) {
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<Note>({ kind: "none" })
  const keepRef = useRef<HTMLButtonElement>(null)
  const eraseRef = useRef<HTMLButtonElement>(null)
  const { confirming, ask } = useAskFirst(keepRef, eraseRef)

  // The panel is keyed by her id: a new panel, a new person, so her address is read first.
  useEffect(() => {
    headingRef.current?.focus()
  }, [headingRef])

  // A button that no longer applies (she is no longer pending) takes the focus with it.
  useEffect(() => {
    if (document.activeElement === document.body) headingRef.current?.focus()
  }, [member.status, headingRef])

  // Escape, from within the question, answers "Keep her", as it would close a dialog.
  const questionRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!confirming) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || busy) return
      if (!questionRef.current?.contains(document.activeElement)) return
      ask(false)
    }
    document.addEventListener("keydown", onKeyDown)
    return () => document.removeEventListener("keydown", onKeyDown)
  }, [confirming, busy, ask])

  const act = async (action: Action) => {
    if (busy) return
    setBusy(true)
    setMessage({ kind: "info", text: texts.actions.working })
    const body: ActionRequest = { member: member.id }
    const outcome = await staffJson(
      memberActionEndpoints[action],
      {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      },
      isActionAnswer,
    )
    setBusy(false)
    switch (outcome.kind) {
      case "answer": {
        const { result, message: text } = outcome.answer
        // She is no longer on the list: erased, gone already, or taken off before she confirmed
        // (a sign-up she never confirmed is not kept). Her panel goes; the table says so.
        const gone = result === "erased" || result === "unknown" || result === "forgotten"
        if (gone) {
          onErased(text)
          return
        }
        setMessage({ kind: "info", text })
        if (confirming) ask(false)
        onChanged()
        return
      }
      case "problem":
        if (outcome.status === 401) return onSignInNeeded(outcome.problem.message)
        setMessage({ kind: "problem", text: outcome.problem.message })
        return
      case "offline":
        setMessage({ kind: "problem", text: texts.actions.offline })
        return
      case "unexpected":
        setMessage({ kind: "problem", text: texts.actions.unexpected })
        return
    }
  }

  const status = shownStatus(member)
  const canResend = member.status === "pending"
  const canLeave = member.status === "pending" || member.status === "confirmed"

  return (
    <section
      id={memberPanelId}
      css={panel}
      aria-labelledby="member-actions-heading"
      data-member-panel
    >
      <h3 id="member-actions-heading" ref={headingRef} tabIndex={-1}>
        {member.address}
      </h3>
      <p css={facts}>
        {texts.actions.intro(texts.status[status])} {texts.list.columns.joined}{" "}
        <StaffTime iso={member.askedAt} />.
      </p>
      {member.refused && (
        <p css={facts}>
          <RefusalNote refused={member.refused} />
        </p>
      )}
      {status === "refused" && <p css={facts}>{texts.actions.refusedAdvice}</p>}

      {confirming ? (
        <div css={question} role="group" aria-labelledby="erase-question" ref={questionRef}>
          <p id="erase-question">{texts.actions.confirmErase(member.address)}</p>
          <div css={buttons}>
            <StaffButton variant="primary" extra={danger} busy={busy} onPress={() => act("erase")}>
              {texts.actions.yesErase}
            </StaffButton>
            <StaffButton ref={keepRef} busy={busy} onPress={() => ask(false)}>
              {texts.actions.keep}
            </StaffButton>
          </div>
        </div>
      ) : (
        <div css={buttons}>
          {canResend && (
            <StaffButton variant="primary" busy={busy} onPress={() => act("resend")}>
              {texts.actions.resend}
            </StaffButton>
          )}
          {canLeave && (
            <StaffButton busy={busy} onPress={() => act("takeOff")}>
              {texts.actions.takeOff}
            </StaffButton>
          )}
          <StaffButton ref={eraseRef} busy={busy} onPress={() => ask(true)}>
            {texts.actions.erase}
          </StaffButton>
          <StaffButton busy={busy} onPress={onClose}>
            {texts.actions.close}
          </StaffButton>
        </div>
      )}

      <StatusNote note={message} />
    </section>
  )
}
