import { Fragment } from "react"
import type { PublishRecord } from "../publishesApi"
import { shortCommit } from "./publishNews"
import { publishingTexts as texts } from "./publishingTexts"
import { listInWords } from "../../utils/listInWords"

/** The most titles the editor's corner names after "with"; past it, two and how many more. */
const titlesInBrief = 3

/**
 * What a publish was, as the staff's page and the editor's corner name it: "Publish of <title>",
 * and the earlier publishes built with it, so that whoever published one of them finds hers:
 * "Publish of <title>, with <title> and <title>". The staff's page lists it `whole`: its short
 * SHA, and every publish built with it; the corner's card, up to three.
 */
export function PublishHeadline({
  record,
  whole = false,
}: {
  record: PublishRecord
  whole?: boolean
}) {
  const along = record.togetherWith ?? []
  const named = !whole && along.length > titlesInBrief ? along.slice(0, titlesInBrief - 1) : along
  const more = along.length - named.length
  const names = named.map((each) => (
    <strong key={each.commit}>{each.title ?? shortCommit(each.commit)}</strong>
  ))
  if (more > 0) names.push(<Fragment key="more">{texts.andMore(more)}</Fragment>)
  return (
    <>
      {texts.kinds[record.kind]} <strong>{record.title ?? shortCommit(record.commit)}</strong>
      {whole && ` (${shortCommit(record.commit)})`}
      {names.length > 0 && (
        <>
          , {texts.togetherWith} {listInWords(names, texts.and)}
        </>
      )}
    </>
  )
}
