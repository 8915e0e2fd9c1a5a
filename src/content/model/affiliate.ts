import { contentFile, group, list, paragraph, text, yesNo } from "../fields"
import { heading, pageBasics, pageIntro, picture, pictureDescription } from "./sharedFields"

/** data/affiliate.json: the partner boutique page. */
export const affiliate = contentFile({
  name: "affiliate",
  label: "Partner boutique page",
  description:
    "The partner boutique's page: the partnership, its collections and why to shop through us.",
  fields: [
    ...pageBasics,
    heading("heading", "Page heading"),
    pageIntro(),
    group("partnership", "Partnership box", [
      heading("heading"),
      paragraph("text", "Text", { maxLength: 300 }),
      text("buttonLabel", "Button text", {
        maxLength: 30,
        hint: "The button does not lead anywhere yet; hovering it shows the “not open yet” note below.",
      }),
    ]),
    paragraph("comingSoonNote", "“Not open yet” note", {
      maxLength: 160,
      hint: "Explains that the partner's online store is not open yet. Shown under the partnership box and when a visitor points at any of the buttons.",
    }),
    heading("collectionsHeading", "Collections heading"),
    text("featuredLabel", "Featured badge", {
      maxLength: 20,
      hint: "The small label above the name of a featured collection.",
    }),
    text("exploreLabel", "Collection button text", { maxLength: 30 }),
    list(
      "collections",
      "Collections",
      [
        text("title", "Name", { maxLength: 40 }),
        paragraph("description", "Description", { maxLength: 200 }),
        yesNo("featured", "Featured", { hint: "Shows the featured badge above its name." }),
        picture("Shown upright (4 by 5), trimmed at the edges if needed."),
        pictureDescription(),
      ],
      { itemLabel: "collection", minItems: 1, maxItems: 8 },
    ),
    group("why", "Why shop through us", [
      heading("heading"),
      list(
        "points",
        "Reasons",
        [text("title", "Title", { maxLength: 40 }), paragraph("text", "Text", { maxLength: 200 })],
        { itemLabel: "reason", minItems: 1, maxItems: 6 },
      ),
    ]),
  ],
})
