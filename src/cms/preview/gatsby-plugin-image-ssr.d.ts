// gatsby-plugin-image ships its SSR hook without types; the preview reads its styles from it.
declare module "gatsby-plugin-image/gatsby-ssr" {
  import type { ReactElement } from "react"

  export function onRenderBody(args: {
    setHeadComponents: (
      components: ReactElement<{ dangerouslySetInnerHTML?: { __html: string } }>[],
    ) => void
  }): void
}
