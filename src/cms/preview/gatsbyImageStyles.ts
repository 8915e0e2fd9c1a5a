import { onRenderBody } from "gatsby-plugin-image/gatsby-ssr"

/**
 * The few rules every GatsbyImage depends on (the wrapper's positioning, the image's object-fit).
 * On the site gatsby-plugin-image puts them in each page's head at build time; the preview iframe
 * gets them from the same source, the plugin's own onRenderBody.
 */
export function gatsbyImageStyles(): string {
  const rules: string[] = []
  onRenderBody({
    setHeadComponents: (components) => {
      for (const component of components) {
        const css = component.props.dangerouslySetInnerHTML?.__html
        if (component.type === "style" && css) rules.push(css)
      }
    },
  })
  return rules.join("\n")
}
