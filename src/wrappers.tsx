import type { GatsbyBrowser } from "gatsby"
import { Layout } from "./components/layout/Layout"

export const wrapPageElement: GatsbyBrowser["wrapPageElement"] = ({ element, props }) => (
  <Layout currentPath={props.location.pathname}>{element}</Layout>
)
