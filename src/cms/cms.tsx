import CMS from "decap-cms-app"
import { createRoot } from "react-dom/client"
import { contentModel, type ContentName } from "../content/model"
import { fontFaceRules } from "../theme/fontFaces"
import { notSetUpBackendName, productionBackend } from "./backend"
import { cmsConfig } from "./config"
import { jsonFileFormat, jsonFileFormatter } from "./jsonFormat"
import { CmsCorner } from "./CmsCorner"
import { localBackendFor, noPreviewsOnDecapServer, siteUrlFor } from "./localEditor"
import { NotSetUpBackend } from "./notSetUp"
import { decapStyles } from "./decapStyles"
import { decapWords, withWords } from "./decapWords"
import { publishedEvent } from "./PublishingNews"
import { EmailPreview } from "./preview/EmailPreview"
import { previewFontUrls } from "./previewFonts"
import { createFilePreview } from "./preview/FilePreview"
import "./preview/preview.css"
import { followRefusedSaves } from "./refusedFields"
import { saveCheck } from "./saveCheck"
import { pageChoices, pageShowing, savedContent } from "./savedContent"
import { neverReplacePictures } from "./uploadNames"
import { showLoadedPictures } from "./withLoadedPicture"
import { WholeNumberControl, wholeNumberWidget } from "./WholeNumberControl"

/**
 * The /admin page's own bundle (gatsby-plugin-decap-cms builds it apart from the site's, with
 * manualInit): Decap CMS with the configuration made from the content model, and a preview per
 * data file made of the site's own components.
 */

CMS.registerCustomFormat(jsonFileFormat, "json", jsonFileFormatter)
// Decap's English, with its words that misled the staff replaced (./decapWords.ts).
CMS.registerLocale(
  "en",
  withWords(CMS.getLocale("en") as Parameters<typeof withWords>[0], decapWords),
)
// Each picture's box shows its picture as the entry opens, not an empty frame (./withLoadedPicture.tsx).
showLoadedPictures(CMS)
// Every whole number's box (./WholeNumberControl.tsx): digits, or a refusal in words.
CMS.registerWidget(wholeNumberWidget, WholeNumberControl)
// The site writes its @font-face rules into each page's static head (gatsby-ssr), with the faces
// preloaded and `font-display: optional`. The preview iframe has no preload, so with `optional`
// the faces came too late and it showed the fallback faces for good: it gets the same faces
// with `swap` instead, from the whole files, since it shows letters no build has seen yet
// (./previewFonts.ts).
CMS.registerPreviewStyle(fontFaceRules(previewFontUrls, { fontDisplay: "swap" }), { raw: true })
for (const file of Object.values(contentModel)) {
  CMS.registerPreviewTemplate(file.name, createFilePreview(file))
}
// The members' e-mails file shows the two e-mails themselves, not a page of the site.
CMS.registerPreviewTemplate(contentModel.membership.name, EmailPreview)
CMS.registerBackend(notSetUpBackendName, NotSetUpBackend)
// decap-server on her computer has no previews of drafts: no "Check for Preview" there (./localEditor.ts).
noPreviewsOnDecapServer(CMS)
// Save runs the site's content check on the entry first (./saveCheck.ts).
CMS.registerEventListener(saveCheck)
// Once this editor publishes, the corner's news of publishing follows closely (./PublishingNews.tsx).
CMS.registerEventListener({
  name: "postPublish",
  handler: () => {
    window.dispatchEvent(new Event(publishedEvent))
  },
})

// Webpack writes each `process.env.GATSBY_…` in as it was when the site was built.
const backend = productionBackend(
  {
    GATSBY_CMS_REPO: process.env.GATSBY_CMS_REPO,
    GATSBY_CMS_BRANCH: process.env.GATSBY_CMS_BRANCH,
    GATSBY_CMS_PREVIEW_CONTEXT: process.env.GATSBY_CMS_PREVIEW_CONTEXT,
    GATSBY_CMS_AUTH_URL: process.env.GATSBY_CMS_AUTH_URL,
    GATSBY_CMS_BACKEND: process.env.GATSBY_CMS_BACKEND,
  },
  // The sign-in endpoint is the site's own, wherever it is served from.
  window.location.origin,
)
CMS.init({
  config: cmsConfig({
    pages: pageChoices(),
    previewPaths: (name) => pageShowing(name as ContentName),
    // Under `npm run cms` the site on this computer, where Publish shows (./localEditor.ts).
    siteUrl: siteUrlFor(
      { GATSBY_CMS_LOCAL_EDITOR: process.env.GATSBY_CMS_LOCAL_EDITOR },
      window.location.origin,
      savedContent.site.siteUrl,
    ),
    backend,
    // decap-server's port under `CMS_BACKEND_PORT=… npm run cms` (./localEditor.ts).
    localBackend: localBackendFor({ GATSBY_CMS_BACKEND_PORT: process.env.GATSBY_CMS_BACKEND_PORT }),
  }),
})

// What the site changes in Decap's screens (./decapStyles.ts): the editor on a phone, and the
// picture library's Delete.
const styles = document.createElement("style")
styles.textContent = decapStyles
document.head.append(styles)

// A Save refused for a field out of sight brings the field into sight (./refusedFields.ts).
followRefusedSaves(document)

// A picture is uploaded under its entry's name, so two drafts never add one name, and under a
// name of its own where the library has it, where Decap would delete the live one at once to put
// it in its place (./uploadNames.ts).
neverReplacePictures(window)

// The site's corner of the CMS's page (./CmsCorner.tsx): the news of a publish, and the way to
// the members' list.
const cornerRoot = document.createElement("div")
document.body.append(cornerRoot)
createRoot(cornerRoot).render(<CmsCorner />)
