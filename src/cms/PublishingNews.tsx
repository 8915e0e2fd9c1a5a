import { useEffect, useState } from "react"
import { readToken, staffJson } from "../membership/staffPage/session"
import { publishNews, newsKey, type PublishNews } from "../publishing/staffPage/publishNews"
import { publishingTexts } from "../publishing/staffPage/publishingTexts"
import {
  publishesEndpoint,
  publishingPanelId,
  type PublishesAnswer,
} from "../publishing/publishesApi"
import { membersPagePath } from "../shared/endpoints"
import { isRecord } from "../utils/json"
import { decapLook } from "./decapLook"

const texts = publishingTexts

/** Sent on the window by the CMS's `postPublish` (./cms.tsx): the corner follows closely then. */
export const publishedEvent = "evergrace:published"

/** How often the corner asks: closely while a publish is news or was just made here, else now and then. */
const followMs = 5_000
const lookMs = 15_000
/** After Publish in this editor: how long the corner follows closely for GitHub's webhook to come. */
const afterPublishMs = 2 * 60_000

function isPublishesAnswer(value: unknown): value is PublishesAnswer {
  return isRecord(value) && Array.isArray(value.records)
}

/**
 * The news of publishing on the site's own server (GET /api/publishes, as the members' list page
 * reads it), followed while the editor is open. Never asked without the editor's sign-in, nor
 * again with a token the server refused (each refusal counts towards the sign-in's limit), and
 * never again on a host that does not publish itself (404: Netlify, Cloudflare Pages, `npm run cms`).
 */
function usePublishNews(): PublishNews | null {
  const [news, setNews] = useState<PublishNews | null>(null)

  useEffect(() => {
    let answer: PublishesAnswer | null = null
    let timer: number | undefined
    let asking = false
    let ended = false
    let refusedToken: string | null = null
    let publishedAt = 0

    const look = async () => {
      window.clearTimeout(timer)
      const token = readToken()
      if (document.visibilityState === "visible" && token && token !== refusedToken) {
        asking = true
        const outcome = await staffJson(publishesEndpoint, { method: "GET" }, isPublishesAnswer)
        asking = false
        if (ended) return
        if (outcome.kind === "answer") answer = outcome.answer
        else if (outcome.kind !== "offline" && outcome.status === 404) return end()
        else if (outcome.kind === "problem" && [401, 403].includes(outcome.status)) {
          refusedToken = token
          answer = null
        }
      }
      // Worked out at each look: the end of a publish stops being news after a while.
      const current = answer && publishNews(answer, Date.now())
      setNews(current)
      const close = current?.kind === "underWay" || Date.now() - publishedAt < afterPublishMs
      timer = window.setTimeout(() => void look(), close ? followMs : lookMs)
    }
    const lookNow = () => {
      if (!asking && !ended) void look()
    }
    const onPublished = () => {
      publishedAt = Date.now()
      lookNow()
    }
    const onVisible = () => {
      if (document.visibilityState === "visible") lookNow()
    }
    function end() {
      ended = true
      window.clearTimeout(timer)
      window.removeEventListener(publishedEvent, onPublished)
      document.removeEventListener("visibilitychange", onVisible)
    }

    window.addEventListener(publishedEvent, onPublished)
    document.addEventListener("visibilitychange", onVisible)
    void look()
    return end
  }, [])

  return news
}

const card = {
  ...decapLook,
  maxWidth: "min(360px, calc(100vw - 32px))",
  padding: "12px 16px",
  fontSize: "15px",
  "& p": { margin: "0 0 8px" },
  "& a": { color: "#3a69c7", fontWeight: 600 },
} as const

const label = {
  fontSize: "13px",
  fontWeight: 600,
  textTransform: "uppercase",
  letterSpacing: "0.04em",
} as const

const reason = { whiteSpace: "pre-line", color: "#d5342b" } as const

const hideButton = {
  ...decapLook,
  boxShadow: "none",
  minHeight: "36px",
  marginTop: "4px",
  padding: "0 14px",
  fontWeight: 600,
  cursor: "pointer",
} as const

/** The first lines of why a publish failed: the content check's first problem, or the server's words. */
const firstLines = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, 2)
    .join("\n")

/**
 * The editor's corner on the site's own server: the publish being built, then whether it is live
 * or why not, for a few minutes (../publishing/staffPage/publishNews.ts), so the staff member who
 * pressed Publish sees the website take it without leaving the editor. A live region: read out as
 * it changes. Hidden by its button until the next news.
 */
export function PublishingNews() {
  const news = usePublishNews()
  const [hidden, setHidden] = useState<string>()
  const shown = news && newsKey(news) !== hidden ? news : null

  return (
    <div role="status" css={shown ? card : undefined}>
      {shown && (
        <>
          <p css={label}>{texts.news.label}</p>
          {shown.record && (
            <p>
              {texts.kinds[shown.record.kind]}{" "}
              <strong>{shown.record.title ?? shown.record.commit.slice(0, 7)}</strong>:{" "}
              {texts.states[shown.record.state]}.
            </p>
          )}
          {shown.kind === "underWay" && (
            <>
              {shown.record && <p>{texts.news.underWay}</p>}
              {shown.waiting > 0 && <p>{texts.waiting(shown.waiting)}</p>}
            </>
          )}
          {shown.kind === "live" && (
            <p>
              {texts.news.live}{" "}
              {shown.record.address && <a href={shown.record.address}>{texts.news.seeLive}</a>}
            </p>
          )}
          {shown.kind === "failed" && (
            <>
              <p>{texts.news.failed}</p>
              {shown.record.reason && <p css={reason}>{firstLines(shown.record.reason)}</p>}
              <p>
                <a href={`${membersPagePath}#${publishingPanelId}`}>{texts.news.why}</a>
              </p>
            </>
          )}
          <button type="button" css={hideButton} onClick={() => setHidden(newsKey(shown))}>
            {texts.news.hide}
          </button>
        </>
      )}
    </div>
  )
}
