import { css } from "@emotion/react"
import { useCallback, useEffect, useRef, useState } from "react"
import { StaffTime } from "../../membership/staffPage/components/StaffTime"
import { StaffButton } from "../../membership/staffPage/components/StaffButton"
import { StatusNote, type Note } from "../../membership/staffPage/components/StatusNote"
import { useAskFirst } from "../../membership/staffPage/components/useAskFirst"
import { staffJson, type StaffOutcome } from "../../membership/staffPage/session"
import { card, datedLog } from "../../theme/styles"
import { colors, sizes, space } from "../../theme/tokens"
import { isRecord } from "../../utils/json"
import {
  publishAgainEndpoint,
  publishesEndpoint,
  publishingPanelId,
  rollbackEndpoint,
  type PublishesAnswer,
  type AgainAnswer,
  type PublishRecord,
  type RollbackAnswer,
  type RollbackRequest,
} from "../publishesApi"
import { PublishHeadline } from "./PublishHeadline"
import { followMs, isPublishesAnswer, lookMs, shortCommit } from "./publishNews"
import { publishingTexts as texts, stateWords } from "./publishingTexts"

const panel = [
  card,
  css`
    margin-top: ${space.xl};
  `,
]

const note = css`
  display: block;
`

const reason = [
  note,
  css`
    color: ${colors.problem};
  `,
]

/** A note that asks for an action: publishing again, or the undo's question. */
const aside = css`
  max-width: ${sizes.measure};
  margin-block: ${space.md};
  padding: ${space.sm} ${space.md};
  border-left: 5px solid ${colors.accent};
  background: ${colors.ivory};
`

const question = [
  aside,
  css`
    p:first-of-type {
      font-weight: 600;
    }
  `,
]

/** The list's heading, clear of the undo's button above it. */
const recentHeading = css`
  margin-top: ${space.lg};
`

const buttons = css`
  display: flex;
  flex-wrap: wrap;
  gap: ${space.sm};
`

/** The undo's answer, or publishing again's: a result and the words for it. */
function isActionAnswer(value: unknown): value is RollbackAnswer | AgainAnswer {
  return isRecord(value) && typeof value.result === "string" && typeof value.message === "string"
}

/** `untilBuilt`: the note says a publish is being built again, and goes once the panel shows it ended. */
type PanelNote = Note & { untilBuilt?: true }

type PanelState =
  | { kind: "loading" }
  /** The host builds by itself (Netlify, Cloudflare Pages): nothing to show here. */
  | { kind: "none" }
  | { kind: "unavailable" }
  | { kind: "ready"; answer: PublishesAnswer }

interface PublishingPanelProps {
  /** The server asked for a sign-in (401): the page shows its panel. */
  onSignInNeeded: (message: string) => void
}

/**
 * Publishing, on the staff's page: what is live, the last publishes with their state, time and
 * reason, the undo, which asks first, and publishing again a publish the server could not build.
 * Only where the site's own server publishes it.
 */
export function PublishingPanel({ onSignInNeeded }: PublishingPanelProps) {
  const [state, setState] = useState<PanelState>({ kind: "loading" })
  const [busy, setBusy] = useState(false)
  const [note, setNote] = useState<PanelNote>({ kind: "none" })
  const undoRef = useRef<HTMLButtonElement>(null)
  const keepRef = useRef<HTMLButtonElement>(null)
  const { confirming, ask } = useAskFirst(keepRef, undoRef)
  const headingRef = useRef<HTMLHeadingElement>(null)
  /** The live version the undo's question was asked about: the one undone, or none. */
  const [askedAbout, setAskedAbout] = useState<string>()
  /** Loads made, so the panel follows on after one that changed nothing it shows. */
  const [loads, setLoads] = useState(0)

  /** `following`: a failure keeps what the panel shows, and the next look tries again. */
  const load = useCallback(
    async (following = false) => {
      const outcome = await staffJson(publishesEndpoint, { method: "GET" }, isPublishesAnswer)
      setLoads((count) => count + 1)
      if (outcome.kind === "answer") return setState({ kind: "ready", answer: outcome.answer })
      if (outcome.kind === "problem" && outcome.status === 401) {
        return onSignInNeeded(outcome.problem.message)
      }
      setState((shown) =>
        following && shown.kind === "ready"
          ? shown
          : outcome.kind === "unexpected" && outcome.status === 404
            ? { kind: "none" }
            : { kind: "unavailable" },
      )
    },
    [onSignInNeeded],
  )

  useEffect(() => {
    void load()
  }, [load])

  // Linked to from GitHub's status of a publish that failed and from the editor's corner
  // (#publishing-heading): the panel comes after the list has loaded, too late for the browser's
  // own jump to it, so it is brought into view once it is there.
  const shown = state.kind === "ready" || state.kind === "unavailable"
  useEffect(() => {
    if (shown && window.location.hash === `#${publishingPanelId}`) {
      headingRef.current?.scrollIntoView({ block: "start" })
    }
  }, [shown])

  // While the publisher works (a build, the fetch before it, publishes waiting), the panel follows
  // it on its own: "live now" or the reason it failed shows without a reload. Not while the undo's
  // question is open: what it asks about stays as she read it.
  const underWay =
    state.kind === "ready" &&
    (Boolean(state.answer.working) ||
      Boolean(state.answer.waiting) ||
      state.answer.records.some((record) => record.state === "building"))
  // Nothing under way, it still looks now and then: a colleague's publish, a push or a dated
  // article's day shows too (a panel opened while all was quiet stayed as it was, a walk found).
  const following = state.kind === "ready" && !confirming && !busy
  // "It is being built again…" stayed under "Live on the website now". The mark
  // is the note's own: an answer that replaced it (the undo's) stays.
  useEffect(() => {
    if (note.untilBuilt && !underWay) setNote({ kind: "none" })
  }, [note, underWay])
  useEffect(() => {
    if (!following) return
    const next = setTimeout(() => void load(true), underWay ? followMs : lookMs)
    return () => clearTimeout(next)
  }, [following, underWay, loads, load])

  const askUndo = () => {
    setAskedAbout(state.kind === "ready" ? state.answer.live?.release : undefined)
    // The last action's answer is not this question's: it sat under it.
    setNote({ kind: "none" })
    ask(true)
  }

  const undo = async () => {
    if (busy) return
    // What it undoes: the live version the question was asked about, and no other that came
    // live since (the server refuses then, and says so).
    const request: RollbackRequest = { live: askedAbout }
    setBusy(true)
    setNote({ kind: "info", text: texts.undo.working })
    const outcome = await staffJson(
      rollbackEndpoint,
      {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(request),
      },
      isActionAnswer,
    )
    setBusy(false)
    ask(false)
    await said(outcome, "rolledBack", texts.undo.failed)
  }

  const publishAgain = async () => {
    if (busy) return
    setBusy(true)
    setNote({ kind: "info", text: texts.again.working })
    const outcome = await staffJson(publishAgainEndpoint, { method: "POST" }, isActionAnswer)
    setBusy(false)
    await said(outcome, "started", texts.again.failed, true)
  }

  /**
   * An action's answer in the note (`done`: its result when it did it), and the panel anew;
   * `buildsWhenDone`: the note goes when the build it started ends.
   */
  const said = async (
    outcome: StaffOutcome<RollbackAnswer | AgainAnswer>,
    done: string,
    unreached: string,
    buildsWhenDone = false,
  ) => {
    if (outcome.kind === "answer") {
      const text = outcome.answer.message
      const didIt = outcome.answer.result === done
      setNote({ kind: didIt ? "info" : "problem", text })
      await load()
      // Marked once the panel shows the build under way, or it would go at once.
      if (didIt && buildsWhenDone) {
        setNote((shown) =>
          shown.kind !== "none" && shown.text === text ? { ...shown, untilBuilt: true } : shown,
        )
      }
    } else if (outcome.kind === "problem") {
      if (outcome.status === 401) onSignInNeeded(outcome.problem.message)
      else setNote({ kind: "problem", text: outcome.problem.message })
    } else {
      setNote({ kind: "problem", text: unreached })
    }
  }

  if (state.kind === "loading" || state.kind === "none") return null
  return (
    <section css={panel} aria-labelledby={publishingPanelId}>
      <h2 id={publishingPanelId} ref={headingRef}>
        {texts.heading}
      </h2>
      {state.kind === "unavailable" && <p>{texts.unavailable}</p>}
      {state.kind === "ready" && (
        <>
          {state.answer.live && (
            <p>
              {texts.live} <strong>{state.answer.live.title}</strong> (
              {shortCommit(state.answer.live.commit)}), {texts.since}{" "}
              <StaffTime iso={state.answer.live.since} withTime />
            </p>
          )}
          {state.answer.previous && !confirming && (
            <StaffButton ref={undoRef} busy={busy} onPress={askUndo}>
              {texts.undo.button}
            </StaffButton>
          )}
          {state.answer.previous && confirming && (
            <div css={question}>
              <p>{texts.undo.question}</p>
              <p>
                {texts.undo.explain(
                  state.answer.previous.title ?? shortCommit(state.answer.previous.commit),
                )}
              </p>
              <div css={buttons}>
                <StaffButton variant="primary" busy={busy} onPress={() => void undo()}>
                  {texts.undo.yes}
                </StaffButton>
                <StaffButton ref={keepRef} busy={busy} onPress={() => ask(false)}>
                  {texts.undo.no}
                </StaffButton>
              </div>
            </div>
          )}
          {state.answer.again && !confirming && (
            <div css={aside}>
              <p>
                <strong>
                  {state.answer.again.dated
                    ? texts.again.dated
                    : (state.answer.again.title ?? shortCommit(state.answer.again.commit))}
                </strong>{" "}
                {state.answer.again.dated ? texts.again.explainDated : texts.again.explain}
              </p>
              <StaffButton busy={busy} onPress={() => void publishAgain()}>
                {texts.again.button}
              </StaffButton>
            </div>
          )}
          <StatusNote note={note} />
          <h3 css={recentHeading}>{texts.recent}</h3>
          {state.answer.waiting ? <p>{texts.waiting(state.answer.waiting)}</p> : null}
          {state.answer.records.length === 0 ? (
            <p>{texts.empty}</p>
          ) : (
            <ul css={datedLog}>
              {state.answer.records.map((record) => (
                <li key={record.id}>
                  <StaffTime iso={record.finishedAt ?? record.startedAt} withTime />
                  <Entry record={record} liveCommit={state.answer.live?.commit} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  )
}

/** One publish: what, its state in words, and why when it failed. */
function Entry({ record, liveCommit }: { record: PublishRecord; liveCommit?: string }) {
  return (
    <span>
      <PublishHeadline record={record} whole />: {stateWords(record, liveCommit)}
      {record.by && ` (${texts.by} ${record.by})`}
      {record.reason && <span css={reason}>{record.reason}</span>}
      {record.state === "live" && record.waiting && (
        <span css={note}>{texts.waitingForDay(record.waiting)}</span>
      )}
      {record.appeared && <span css={note}>{texts.appeared(record.appeared)}</span>}
    </span>
  )
}
