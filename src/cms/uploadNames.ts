/**
 * A picture uploaded under a name the picture library already has is uploaded under a name of
 * its own (spring.jpg, then spring-2.jpg), never in the other one's place.
 *
 * Why: Decap asks "spring.jpg already exists. Do you want to replace it?" and, on OK, deletes the
 * published file from the live content at once (decap-cms-core, actions/mediaLibrary.ts:
 * persistMedia, then deleteMedia and the backend's deleteFiles), past drafts and review, as the
 * library's hidden Delete would (./decapStyles.ts): every other page that shows it could not be
 * published again until her draft was, and throwing her draft away would lose the picture. Names
 * meet more often than one would think: two phones both name photos IMG_1234.jpg, and the content
 * check's advice for a picture too large is to upload it again.
 *
 * How: Decap asks with `window.confirm` while it handles the file input's change. That question
 * is answered "no" (nothing deleted, nothing uploaded), and the same file goes through the same
 * input again under the next name (Decap asks again if that one is taken too).
 * e2e/cms.spec.ts fails if Decap's question changes.
 *
 * A picture she uploaded earlier in this draft (its card marked Draft) is hers to replace: OK
 * then only drops that upload from the draft (`deleteMedia` with `file.draft`), so Decap's
 * question is hers, as it was. Renamed, the earlier upload (often one Save refused, uploaded
 * again as the refusal advises) would be committed with the draft, used or not.
 */
export function neverReplacePictures(window: Window) {
  let chosen: { input: HTMLInputElement; file: File } | undefined
  window.document.addEventListener(
    "change",
    (event) => {
      const input = event.target
      const file = input instanceof HTMLInputElement && input.type === "file" && input.files?.[0]
      chosen = file ? { input, file } : undefined
    },
    // Before Decap's own handler, which asks its question while it handles the change.
    true,
  )
  const ask = window.confirm.bind(window)
  window.confirm = (question) => {
    const taken = takenName(String(question ?? ""))
    if (taken === undefined || !chosen || isDraftUpload(window.document, taken)) {
      return ask(question)
    }
    const { input, file } = chosen
    const renamed = new File([file], nextName(taken, file.name), {
      type: file.type,
      lastModified: file.lastModified,
    })
    // After Decap's handler has returned and emptied the input.
    window.setTimeout(() => {
      const files = new DataTransfer()
      files.items.add(renamed)
      input.files = files.files
      input.dispatchEvent(new Event("change", { bubbles: true }))
    })
    return false
  }
}

/**
 * Whether the picture library shows `name` as uploaded in this draft: its card's Draft badge
 * (Decap's MediaLibraryCard: the badge in the picture's frame, the name the card's last line).
 * Its grid draws only the cards in sight, but an upload goes first in the list (entryDraft's
 * ADD_DRAFT_ENTRY_MEDIA_FILE), and the library scrolls back to the top after it; a card not drawn
 * counts as published, so the upload is renamed, the safe way.
 */
function isDraftUpload(document: Document, name: string): boolean {
  return [...document.querySelectorAll('[data-testid="draft-text"]')].some(
    (badge) =>
      badge.parentElement?.parentElement?.lastElementChild?.textContent?.toLowerCase() ===
      name.toLowerCase(),
  )
}

/** The library's name in Decap's question whether to replace it; undefined for any other question. */
export function takenName(question: string): string | undefined {
  return /^(.+) already exists\. Do you want to replace it\?$/.exec(question)?.[1]
}

/**
 * The name to upload `chosen` under when `taken` is in the library: its name with "-2" (or the
 * next number, "-2" making "-3"), and the chosen file's own extension, which the editor's
 * processing may change in turn (a .png becomes a .jpg). Only a "-2" to "-9" counts: a year or
 * a size at the end of a name is kept as it is.
 */
export function nextName(taken: string, chosen: string): string {
  const stem = taken.replace(/\.[^.]*$/, "")
  const [, base = stem, count] = /^(.*)-([2-9])$/.exec(stem) ?? []
  const extension = /\.[^.]*$/.exec(chosen)?.[0] ?? ""
  return `${base}-${count ? Number(count) + 1 : 2}${extension}`
}
