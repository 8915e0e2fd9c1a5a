/**
 * Every file in data/, field by field. Lengths are what the layout has room for; anything else the
 * staff may change. The launch content's values that the spec fixes are checked on a copy of it
 * (__tests__/fixtures/launch-content, __tests__/launchContent.test.ts), not on data/.
 *
 * One module per file of data/ (home.ts for data/home.json, …), the fields several of them share
 * (sharedFields.ts), and the model as a whole (contentModel.ts). The field kinds and their builders
 * (text, group, list, …) are in ../fields.ts, which the JSON Schema, the GraphQL types and the CMS
 * configuration read too.
 */
export {
  cmsCollections,
  contentFiles,
  contentLabel,
  contentModel,
  isPageName,
  pageFiles,
  pageNames,
  type ContentName,
  type PageName,
} from "./contentModel"
