import { contentFile, group, image, list, pageLink, paragraph, text } from "../fields"
import { heading } from "./sharedFields"

/** data/site.json: the settings every page shares. */
export const site = contentFile({
  name: "site",
  label: "Site settings",
  description:
    "Names and texts used on every page: the boutique's name, the menu and the footer. {product}, {partner} and {email} anywhere on the site are replaced with the three names at the top.",
  fields: [
    text("brandName", "Boutique name", {
      maxLength: 30,
      placeholders: false,
      hint: "Used as the logo and wherever a text says {product}.",
    }),
    text("partnerName", "Partner boutique name", {
      maxLength: 40,
      placeholders: false,
      hint: "Used wherever a text says {partner}.",
    }),
    text("contactEmail", "Contact e-mail address", {
      maxLength: 80,
      placeholders: false,
      format: "email",
      hint: "Used in the footer, on the sign-up page and wherever a text says {email}.",
    }),
    paragraph("postalAddress", "Postal address", {
      maxLength: 200,
      placeholders: false,
      hint: "The boutique's postal address, one line per box line (street, town and postcode, country). Shown at the foot of every e-mail to members, as the law asks of such e-mails.",
    }),
    text("tagline", "Tagline", { maxLength: 60, hint: "Shown under the name in the footer." }),
    text("siteUrl", "Site address", {
      maxLength: 100,
      placeholders: false,
      format: "url",
      hint: "The site's full address, starting with https://. Search engines use it to name every page.",
    }),
    paragraph("description", "Site description", { maxLength: 160 }),
    image("shareImage", "Share picture", {
      hint: "Shown when a page is shared on social media or in a message: 1200 × 630 pixels works best.",
    }),
    text("shareImageAlt", "Share picture description", {
      maxLength: 200,
      hint: "What the share picture shows, in one sentence, for visitors who cannot see it.",
    }),
    image("icon", "Site icon", {
      hint: "A square PNG of at least 512 × 512 pixels; the browser-tab icon and the phone home-screen icons are made from it.",
      asUploaded: true,
    }),
    text("skipLinkLabel", "“Skip to content” link", {
      maxLength: 30,
      hint: "The first link keyboard users meet, which jumps past the menu.",
    }),
    text("navigationLabel", "Menu name (read aloud)", {
      maxLength: 30,
      hint: "Screen readers announce the menu by this name.",
    }),
    text("menuButtonLabel", "Menu button text", {
      maxLength: 12,
      hint: "The button that opens the menu on phones.",
    }),
    list(
      "navigation",
      "Menu",
      [text("label", "Link text", { maxLength: 20 }), pageLink("path", "Page")],
      {
        itemLabel: "menu link",
        minItems: 1,
        maxItems: 8,
        hint: "The links at the top of every page and in the footer, in this order.",
      },
    ),
    group("footer", "Footer", [
      heading("contactHeading", "Contact heading"),
      heading("navigationHeading", "Links heading"),
      text("copyright", "Copyright line", { maxLength: 80 }),
      group(
        "privacyLink",
        "Privacy link",
        [text("label", "Link text", { maxLength: 30 }), pageLink("path", "Page")],
        { hint: "Shown beside the copyright line at the bottom of every page." },
      ),
    ]),
    group(
      "previewNotice",
      "Preview notice",
      [
        text("label", "Notice name (read aloud)", {
          maxLength: 30,
          hint: "Screen readers announce the notice by this name.",
        }),
        paragraph("text", "Notice", { maxLength: 160 }),
        text("liveLinkLabel", "Link to the live page", {
          maxLength: 40,
          hint: "Opens the same page on the live site, to compare the two.",
        }),
      ],
      {
        hint: "Shown at the top of every page of a draft's preview (its “View preview” link), and never on the live site, so that no one mistakes a preview for it.",
      },
    ),
  ],
})
