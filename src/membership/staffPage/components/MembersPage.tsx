import { css } from "@emotion/react"
import { useCallback, useEffect, useRef, useState } from "react"
import { membersEndpoint } from "../../../shared/endpoints"
import type { MembersAnswer } from "../../membersApi"
import { pageTexts as texts } from "../staffPageTexts"
import { signOut, staffJson, type StaffOutcome } from "../session"
import { container, pageTitle } from "../../../theme/styles"
import { colors, fontSizes, space } from "../../../theme/tokens"
import { ErrorBoundary, type ErrorTexts } from "../../../components/layout/ErrorBoundary"
import { ListElsewhere } from "./ListElsewhere"
import { MemberList } from "./MemberList"
import { SkipLink } from "../../../components/layout/SkipLink"
import { StaffHeader } from "./StaffHeader"
import { StaffNotice } from "./StaffNotice"
import { StaffSignIn } from "./StaffSignIn"
import { PublishingPanel } from "../../../publishing/staffPage/PublishingPanel"

const MAIN_ID = "content"

const main = css`
  ${container};
  display: block;
  padding-top: ${space.xl};
  padding-bottom: ${space.xxl};
  &:focus {
    outline: none;
  }
`

const top = css`
  margin-bottom: ${space.lg};
  ${pageTitle};
  p {
    margin: 0;
  }
`

const loading = css`
  font-size: ${fontSizes.lead};
  color: ${colors.inkSoft};
`

type PageState =
  | { kind: "loading" }
  | { kind: "signIn"; message: string }
  | { kind: "refused"; message: string }
  | { kind: "unavailable"; message: string }
  | { kind: "ready"; answer: MembersAnswer }

function isMembersAnswer(value: unknown): value is MembersAnswer {
  if (typeof value !== "object" || value === null) return false
  if (!("login" in value) || typeof value.login !== "string") return false
  if (!("local" in value) || typeof value.local !== "boolean") return false
  if (!("list" in value)) return false
  switch (value.list) {
    case "store":
      return (
        "counts" in value &&
        typeof value.counts === "object" &&
        value.counts !== null &&
        "members" in value &&
        Array.isArray(value.members) &&
        "audit" in value &&
        Array.isArray(value.audit)
      )
    case "provider":
      return (
        "provider" in value &&
        typeof value.provider === "object" &&
        value.provider !== null &&
        "name" in value.provider &&
        typeof value.provider.name === "string" &&
        "url" in value.provider &&
        typeof value.provider.url === "string"
      )
    case "none":
      return true
    default:
      return false
  }
}

function stateFor(outcome: StaffOutcome<MembersAnswer>): PageState {
  switch (outcome.kind) {
    case "answer":
      return { kind: "ready", answer: outcome.answer }
    case "problem": {
      const { message } = outcome.problem
      if (outcome.status === 401) return { kind: "signIn", message }
      if (outcome.status === 403) return { kind: "refused", message }
      return { kind: "unavailable", message }
    }
    case "offline":
      return { kind: "unavailable", message: texts.unavailable.offline }
    case "unexpected":
      return { kind: "unavailable", message: texts.unavailable.unexpected }
  }
}

interface LoadOptions {
  /** Keep what is on screen while loading (after an action): no "Loading…" in between. */
  quiet?: boolean
  /** Move focus to the page's heading once loaded (the button she used has gone). */
  focus?: boolean
}

/**
 * The staff's page of the mailing list (/admin/members/). Its HTML is static and holds no one's
 * details: the browser asks the server for the list with the editor's GitHub token (the CMS's
 * sign-in), so only people who may edit the site see it.
 */
interface MembersPageProps {
  brandName: string
  /** What the page says if it breaks (data/errors.json's `unexpected`). */
  errorTexts: ErrorTexts
}

export function MembersPage({ brandName, errorTexts }: MembersPageProps) {
  const [state, setState] = useState<PageState>({ kind: "loading" })
  const headingRef = useRef<HTMLHeadingElement>(null)
  const latestRequest = useRef(0)
  const focusWhenLoaded = useRef(false)

  const load = useCallback(async ({ quiet = false, focus = false }: LoadOptions = {}) => {
    const request = ++latestRequest.current
    if (!quiet) setState({ kind: "loading" })
    const outcome = await staffJson(membersEndpoint, { method: "GET" }, isMembersAnswer)
    // A newer request (or a sign-out) has overtaken this one.
    if (request !== latestRequest.current) return
    const next = stateFor(outcome)
    // Her screen changes under her (signed out meanwhile, say): start her again at the heading.
    focusWhenLoaded.current =
      focus || (quiet && next.kind !== "ready" && next.kind !== "unavailable")
    // A list on screen is better than a moment's hiccup after an action; sign-in problems count.
    setState((current) =>
      quiet && current.kind === "ready" && next.kind === "unavailable" ? current : next,
    )
  }, [])

  // In the browser only: the static HTML says it is loading, and never holds the list.
  useEffect(() => {
    void load()
  }, [load])

  useEffect(() => {
    if (state.kind === "loading" || !focusWhenLoaded.current) return
    focusWhenLoaded.current = false
    headingRef.current?.focus()
  }, [state])

  const signOutWith = (message: string) => {
    signOut()
    latestRequest.current++
    focusWhenLoaded.current = true
    setState({ kind: "signIn", message })
  }

  const signInNeeded = useCallback((message: string) => {
    latestRequest.current++
    focusWhenLoaded.current = true
    setState({ kind: "signIn", message })
  }, [])

  const refresh = useCallback(() => void load({ quiet: true }), [load])
  const reload = () => void load({ focus: true })

  const answer = state.kind === "ready" ? state.answer : null
  const identity = answer ? { login: answer.login, local: answer.local } : null

  return (
    <>
      <SkipLink targetId={MAIN_ID} label={texts.skipLink} />
      <StaffHeader
        brandName={brandName}
        identity={identity}
        onSignOut={answer && !answer.local ? () => signOutWith(texts.signIn.signedOut) : undefined}
      />
      <main id={MAIN_ID} css={main} tabIndex={-1}>
        <div css={top}>
          <h1 ref={headingRef} tabIndex={-1}>
            {texts.heading}
          </h1>
          {answer?.list === "store" && <p>{texts.intro}</p>}
        </div>
        <ErrorBoundary texts={errorTexts}>
          {/* Without JavaScript the page's own HTML says so (src/membership/staffPage/membersPageHtml.ts). */}
          {state.kind === "loading" && (
            <p css={loading} role="status">
              {texts.loading}
            </p>
          )}
          {state.kind === "signIn" && <StaffSignIn message={state.message} onSignedIn={reload} />}
          {state.kind === "refused" && (
            <StaffNotice
              heading={texts.refused.heading}
              message={state.message}
              alert
              actionLabel={texts.refused.switchAccount}
              onAction={() => signOutWith(texts.refused.switched)}
            />
          )}
          {state.kind === "unavailable" && (
            <StaffNotice
              heading={texts.unavailable.heading}
              message={state.message}
              actionLabel={texts.unavailable.tryAgain}
              onAction={reload}
            />
          )}
          {answer?.list === "store" && (
            <MemberList answer={answer} onRefresh={refresh} onSignInNeeded={signInNeeded} />
          )}
          {answer && answer.list !== "store" && <ListElsewhere answer={answer} />}
          {answer && <PublishingPanel onSignInNeeded={signInNeeded} />}
        </ErrorBoundary>
      </main>
    </>
  )
}
