// React's JSX runtime for development, as the CMS build gives it under `gatsby develop`
// (src/gatsby/cmsWebpack.ts). There the previews' JSX is compiled for React's development runtime
// (jsxDEV), but the page runs React 19's production build: Decap's bundle carries a production
// react-dom, which fails on React's development internals ("dispatcher.getOwner is not a
// function"), and React's production jsx-dev-runtime has no jsxDEV. Its jsx takes the same first
// three arguments and ignores the development ones.
export { Fragment, jsx as jsxDEV } from "react/jsx-runtime"
