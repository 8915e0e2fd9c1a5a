import { Global } from "@emotion/react"
import { createRoot } from "react-dom/client"
import errors from "../../../data/errors.json"
import site from "../../../data/site.json"
import { MembersPage } from "./components/MembersPage"
import { fixedFontFiles, fontFaceRules } from "../../theme/fontFaces"
import { GlobalStyles } from "../../theme/GlobalStyles"
import { membersRootId } from "./membersPageHtml"

/**
 * The staff's page of the list (/admin/members/): a small app of its own, built beside the CMS
 * (src/gatsby/cmsWebpack.ts), so it runs under the CMS's headers with a strict policy of its own and
 * no inline script (src/shared/policy.ts, staffPagePolicy). Its HTML holds no one's details: the
 * list comes from /api/members with the editor's GitHub token.
 */
const root = document.getElementById(membersRootId)
if (root) {
  createRoot(root).render(
    <>
      {/* The site's two font files, at the fixed addresses the build copies them to. `swap`: the
          rules come with this script, later than `optional` allows, which left the page in the
          fallback faces; a face arriving late moves nothing the staff are reading yet. */}
      <Global
        styles={fontFaceRules(
          { body: fixedFontFiles.body.url, display: fixedFontFiles.display.url },
          { fontDisplay: "swap" },
        )}
      />
      <GlobalStyles />
      <MembersPage brandName={site.brandName} errorTexts={errors.unexpected} />
    </>,
  )
}
