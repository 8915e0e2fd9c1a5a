import type { IAdapter } from "gatsby"

/**
 * Gatsby's Netlify adapter, which deploys the Functions (/api/*) there, minus one thing: after
 * onPostBuild it appends Gatsby's default header rules to public/_headers (`/*` must-revalidate,
 * Referrer-Policy, `/static/*` immutable). Those overlap the rules the build has already written
 * and checked (./deliveryFiles.ts), so one header would come from two rules. Handed no header
 * routes, the adapter adds none (gatsby-adapter-netlify route-handler.js: an empty list writes
 * an empty block) and keeps the redirects the Functions need.
 */
export function withoutHeaderRules(adapter: IAdapter): IAdapter {
  return { ...adapter, adapt: (context) => adapter.adapt({ ...context, headerRoutes: [] }) }
}
