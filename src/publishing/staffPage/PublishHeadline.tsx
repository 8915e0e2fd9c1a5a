import type { PublishRecord } from "../publishesApi"
import { shortCommit } from "./publishNews"
import { publishingTexts as texts } from "./publishingTexts"

/** What a publish was, as the staff's page and the editor's corner name it: "Publish of <title>". */
export function PublishHeadline({ record }: { record: PublishRecord }) {
  return (
    <>
      {texts.kinds[record.kind]} <strong>{record.title ?? shortCommit(record.commit)}</strong>
    </>
  )
}
