import type { CmsEventListener } from "decap-cms-core"
import { checkEntry } from "../content/checkContent/checkEntry"
import { pictureFacts, type PictureFacts } from "../content/checkContent/pictureFacts"
import { describeProblem } from "../content/checkContent/problems"
import { imageFolder, imageFolderPath } from "../content/fields"
import { contentModel } from "../content/model"

/**
 * Save runs the site's own content check (src/content/checkContent/) on the entry first: what the
 * build would refuse (two shop categories of one name, an article filed under a category no longer
 * in the list) is stopped here, in the check's words, rather than failing the live build after
 * Publish. Decap's field patterns (./config.ts) cover what each field alone must be; this is what
 * depends on the rest of the file, and the pictures uploaded to the entry: one the site would not
 * take (an AVIF too wide, which the editor does not resize; a picture too tall for its width) is
 * refused here, where she uploaded it, not by the preview and the publish after.
 */

/** Thrown from Decap's preSave: Decap stops the save and shows it as "… %{details}". */
export class NotSaved extends Error {
  constructor(message: string) {
    super(message)
    this.name = "NotSaved"
  }

  // Decap writes the error into its message as text: the words alone, not "NotSaved: …".
  override toString() {
    return this.message
  }
}

/** What is wrong with a file's content as the CMS would save it, in words; undefined if nothing. */
export function saveProblems(
  fileName: string,
  data: unknown,
  pictures?: ReadonlyMap<string, PictureFacts>,
): string | undefined {
  const file = (contentModel as Record<string, (typeof contentModel)[keyof typeof contentModel]>)[
    fileName
  ]
  if (!file) return undefined
  const problems = checkEntry(file, data, pictures)
  if (problems.length === 0) return undefined
  return [
    "this was not saved, because the site would refuse it:",
    ...problems.map((problem) => describeProblem(problem)),
  ].join(" ")
}

/**
 * Sent on the window by each Save's check, its words (`detail`) what was refused, or null where
 * it passed: ./NotSavedNotice.tsx keeps them in sight.
 */
export const saveCheckedEvent = "evergrace:save-checked"

/** One of Decap's media files of an entry (decap-cms-core's createMediaFileFromAsset). */
interface MediaFile {
  path?: string
  file?: Blob
}

/** Where uploads go, and how the content names them (./config.ts: `media_folder`, `public_folder`). */
const mediaFolder = `${imageFolderPath}/`
const publicFolder = `${imageFolder}/`

/**
 * The pictures uploaded to the entry, to be committed with it, by the value a field names each
 * with (data/images/a.jpg is images/a.jpg). The editor has already made each what it makes of an
 * upload (`media_processing`), so these are the bytes Save commits.
 */
async function uploadedPictures(mediaFiles: MediaFile[]): Promise<Map<string, PictureFacts>> {
  const pictures = new Map<string, PictureFacts>()
  for (const { path, file } of mediaFiles) {
    if (!file || !path?.startsWith(mediaFolder)) continue
    const bytes = new Uint8Array(await file.arrayBuffer())
    pictures.set(publicFolder + path.slice(mediaFolder.length), pictureFacts(bytes))
  }
  return pictures
}

/** Decap's preSave listener (CMS.registerEventListener in ./cms.tsx); Decap waits for it. */
export const saveCheck: CmsEventListener = {
  name: "preSave",
  handler: async ({ entry }) => {
    const pictures = await uploadedPictures(entry.get("mediaFiles")?.toJS() ?? [])
    // A file collection's entry is named by its file (src/cms/config.ts: `name: file.name`).
    const problems = saveProblems(String(entry.get("slug")), entry.get("data")?.toJS(), pictures)
    if (typeof window !== "undefined") {
      window.dispatchEvent(new CustomEvent(saveCheckedEvent, { detail: problems ?? null }))
    }
    if (problems) throw new NotSaved(problems)
    // Nothing returned: Decap saves the entry as it is.
    return undefined
  },
}
