import CMS from "decap-cms-app"
import type { CmsBackend } from "decap-cms-core"
import { contentModel } from "../content/model"
import { fontFaces } from "../theme/fonts"
import { cmsConfig } from "./config"
import { jsonFileFormat, jsonFileFormatter } from "./jsonFormat"
import { createFilePreview } from "./preview/FilePreview"
import "./preview/preview.css"
import { pageChoices } from "./savedContent"

/**
 * The /admin page's own bundle (gatsby-plugin-decap-cms builds it apart from the site's, with
 * manualInit): Decap CMS with the configuration made from the content model, and a preview per
 * data file made of the site's own components.
 */

/**
 * The Git host, chosen when the site is built (README, "Editing with the CMS"): GATSBY_CMS_REPO
 * ("owner/name") for the GitHub backend, with GATSBY_CMS_AUTH_URL naming the OAuth service;
 * without it Git Gateway (Netlify). Only names, never secrets, end up in the bundle.
 */
function productionBackend(): CmsBackend {
  const branch = process.env.GATSBY_CMS_BRANCH || "main"
  const repo = process.env.GATSBY_CMS_REPO
  if (!repo) return { name: "git-gateway", branch }
  const authUrl = process.env.GATSBY_CMS_AUTH_URL
  return { name: "github", repo, branch, ...(authUrl ? { base_url: authUrl } : {}) }
}

CMS.registerCustomFormat(jsonFileFormat, "json", jsonFileFormatter)
// The site writes its @font-face rules into each page's static head (gatsby-ssr); the preview
// iframe gets the same rules here.
CMS.registerPreviewStyle(fontFaces, { raw: true })
for (const file of Object.values(contentModel)) {
  CMS.registerPreviewTemplate(file.name, createFilePreview(file))
}
CMS.init({ config: cmsConfig({ pages: pageChoices(), backend: productionBackend() }) })
