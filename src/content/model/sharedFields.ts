/**
 * Fields several content files share, built from the field kinds of ../fields.ts: a page's first
 * three fields, a heading, an introduction, a picture and its description, a button.
 */
import { group, image, pageAddress, pageLink, paragraph, text } from "../fields"

export const pictureDescription = (label = "Picture description") =>
  text("imageAlt", label, {
    maxLength: 200,
    hint: "What the picture shows, in one sentence, for visitors who cannot see it (screen readers read it aloud). Start with what matters, without “picture of”.",
  })

export const picture = (hint?: string) =>
  image("image", "Picture", {
    hint: `A JPEG, PNG, WebP or AVIF photo. The site makes the smaller sizes itself.${hint ? ` ${hint}` : ""}`,
  })

export const button = (label = "Button") =>
  group("button", label, [
    text("label", "Button text", { maxLength: 30 }),
    pageLink("path", "Button leads to"),
  ])

/** The first three fields of every page file. */
export const pageBasics = [
  pageAddress("path", "Web address"),
  text("title", "Browser tab title", {
    maxLength: 60,
    hint: "Shown in the browser tab and as the link in search results; the boutique's name is added to it.",
  }),
  paragraph("description", "Search description", {
    maxLength: 160,
    hint: "The summary search engines and social networks show under the title.",
  }),
] as const

export const heading = <N extends string>(name: N, label = "Heading") =>
  text(name, label, { maxLength: 60 })

export const pageIntro = () =>
  paragraph("intro", "Introduction", {
    maxLength: 240,
    optional: true,
    hint: "The sentence under the page heading. Leave it empty to show none.",
  })
