// What the pages' bundle gets in place of @builder.io/partytown/integration (gatsby-node.ts,
// onCreateWebpackConfig): Gatsby's own partytown plugin requires it in every page's bundle, yet
// calls it only under `gatsby develop`, and the site has no off-main-thread script.
export const SCRIPT_TYPE = "text/partytown"
export const partytownSnippet = () => ""
