// What the pages' bundle gets in place of the browser code of Gatsby and its plugins that this
// site never runs (src/gatsby/siteWebpack.ts, `unusedBrowserCode`): a module with no exports.
export {}
