/**
 * The names pictures are uploaded under in the editor: a picture chosen in an entry's editor is
 * named for the entry first (image.jpg in the About page's editor is about-image.jpg), and one
 * under a name the picture library already has gets a name of its own (about-image-2.jpg), never
 * the other one's place.
 *
 * Why the entry's name: every draft is an entry's own, and two drafts open at once could each add
 * a picture of one name that neither the library nor the other draft showed (a phone names every
 * photo it shares image.jpg; a camera starts again at DSC_0001). Published one after the other,
 * the second met the first's file: decap-server's merge stops on the conflict, and GitHub's
 * backend then forces the merge (decap-cms-backend-github, API.ts: forceMergePR), the second
 * photo replacing the first on its page too. Named for the entry, only that entry's own draft
 * can add the name. The pictures of data/ were named so already (about-hero.jpg).
 *
 * Why a name of its own: Decap asks "spring.jpg already exists. Do you want to replace it?" and,
 * on OK, deletes the published file from the live content at once (decap-cms-core,
 * actions/mediaLibrary.ts: persistMedia, then deleteMedia and the backend's deleteFiles), past
 * drafts and review, as the library's hidden Delete would (./decapStyles.ts): every other page
 * that shows it could not be published again until her draft was, and throwing her draft away
 * would lose the picture. Names meet more often than one would think: the content check's advice
 * for a picture too large is to upload it again.
 *
 * How: the chosen file is renamed for its entry as the file input's change reaches the page,
 * before Decap's handler reads the input. Decap asks its question with `window.confirm` while
 * it handles the change: that question is answered "no" (nothing deleted, nothing uploaded), and
 * the same file goes through the same input again under the next name (Decap asks again if that
 * one is taken too). e2e/cms.spec.ts fails if Decap's question changes.
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
      if (!file) {
        chosen = undefined
        return
      }
      const entry = entryName(window.location.hash)
      const named = entry === undefined ? file.name : entryPictureName(entry, file.name)
      chosen = { input, file: named === file.name ? file : renamed(file, named) }
      // Replaced before Decap's handler reads the input; setting `files` fires no event.
      if (chosen.file !== file) input.files = fileList(chosen.file)
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
    const next = renamed(file, nextName(taken, file.name))
    // After Decap's handler has returned and emptied the input.
    window.setTimeout(() => {
      input.files = fileList(next)
      input.dispatchEvent(new Event("change", { bubbles: true }))
    })
    return false
  }
}

const renamed = (file: File, name: string) =>
  new File([file], name, { type: file.type, lastModified: file.lastModified })

function fileList(file: File): FileList {
  const files = new DataTransfer()
  files.items.add(file)
  return files.files
}

/** The entry open in the editor, from Decap's address (`#/collections/pages/entries/about`). */
export function entryName(hash: string): string | undefined {
  return /^#\/collections\/[^/]+\/entries\/([^/?#]+)/.exec(hash)?.[1]
}

/**
 * The name a picture chosen in `entry`'s editor is uploaded under: the entry's name first, as
 * the pictures of data/ are named (about-hero.jpg), unless hers starts so already.
 */
export function entryPictureName(entry: string, chosen: string): string {
  const prefix = `${entry.toLowerCase()}-`
  return chosen.toLowerCase().startsWith(prefix) ? chosen : `${prefix}${chosen}`
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
