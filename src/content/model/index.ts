import {
  choice,
  contentFile,
  date,
  group,
  image,
  isPageFile,
  list,
  pageAddress,
  pageLink,
  paragraph,
  text,
  textList,
  wholeNumber,
  yesNo,
  type ContentFile,
} from "../fields"

/**
 * Every file in data/, field by field. Lengths are what the layout has room for; anything else the
 * staff may change. The launch content's values that the spec fixes are checked on a copy of it
 * (__tests__/fixtures/launch-content, __tests__/launchContent.test.ts), not on data/.
 */

const pictureDescription = (label = "Picture description") =>
  text("imageAlt", label, {
    maxLength: 200,
    hint: "What the picture shows, in one sentence, for visitors who cannot see it (screen readers read it aloud). Start with what matters, without “picture of”.",
  })

const picture = (hint?: string) =>
  image("image", "Picture", {
    hint: `A JPEG, PNG, WebP or AVIF photo. The site makes the smaller sizes itself.${hint ? ` ${hint}` : ""}`,
  })

const button = (label = "Button") =>
  group("button", label, [
    text("label", "Button text", { maxLength: 30 }),
    pageLink("path", "Button leads to"),
  ])

/** The first three fields of every page file. */
const pageBasics = [
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

const heading = <N extends string>(name: N, label = "Heading") =>
  text(name, label, { maxLength: 60 })

const pageIntro = () =>
  paragraph("intro", "Introduction", {
    maxLength: 240,
    optional: true,
    hint: "The sentence under the page heading. Leave it empty to show none.",
  })

const home = contentFile({
  name: "home",
  label: "Home page",
  description:
    "The first page visitors see: the large picture with the headline, the featured collections and the short story.",
  fields: [
    ...pageBasics,
    group("hero", "Top of the page (hero)", [
      text("headline", "Headline", {
        maxLength: 50,
        hint: "The big words over the picture. Keep it short: it is set very large.",
      }),
      paragraph("subtitle", "Text under the headline", { maxLength: 200 }),
      button(),
      picture("It fills the whole screen behind the headline; the right-hand part stays visible."),
      pictureDescription(),
    ]),
    group("featured", "Featured collections", [
      heading("heading"),
      paragraph("intro", "Introduction", {
        maxLength: 200,
        optional: true,
        hint: "A sentence under the heading. Leave it empty to show none.",
      }),
      list(
        "collections",
        "Collections",
        [
          text("title", "Name", { maxLength: 40 }),
          paragraph("description", "Description", { maxLength: 200 }),
          button(),
          picture("Shown upright (4 by 5), trimmed at the edges if needed."),
          pictureDescription(),
        ],
        { itemLabel: "collection", minItems: 1, maxItems: 6 },
      ),
    ]),
    group("story", "Our story teaser", [
      heading("heading"),
      paragraph("text", "Text", { maxLength: 300 }),
      button(),
    ]),
  ],
})

const shop = contentFile({
  name: "shop",
  label: "Shop page",
  description: "The shop's categories, each with its picture and number of pieces.",
  fields: [
    ...pageBasics,
    heading("heading", "Page heading"),
    pageIntro(),
    text("countLabel", "Word after the number", {
      maxLength: 20,
      hint: "Shown after each category's number of pieces, as in “24 items”.",
    }),
    list(
      "categories",
      "Categories",
      [
        text("name", "Name", { maxLength: 30 }),
        wholeNumber("count", "Number of pieces", {
          minimum: 0,
          maximum: 9999,
          hint: "A whole number: the pieces in stock in this category.",
        }),
        picture("Shown upright (4 by 5), trimmed at the edges if needed."),
        pictureDescription(),
      ],
      { itemLabel: "category", minItems: 1, maxItems: 12 },
    ),
  ],
})

const about = contentFile({
  name: "about",
  label: "Our story page",
  description: "The boutique's story and its philosophy.",
  fields: [
    ...pageBasics,
    heading("heading", "Page heading"),
    picture("Shown across the page under the heading, uncropped."),
    pictureDescription(),
    textList("paragraphs", "Story", {
      itemLabel: "paragraph",
      multiline: true,
      maxLength: 1000,
      minItems: 1,
      hint: "One box per paragraph. The first one starts with a large initial letter.",
    }),
    group("philosophy", "Our philosophy box", [
      heading("heading"),
      paragraph("text", "Text", { maxLength: 300 }),
    ]),
  ],
})

const journal = contentFile({
  name: "journal",
  label: "Style journal page",
  description:
    "The journal's categories and articles. The page shows the articles newest first, by their dates.",
  fields: [
    ...pageBasics,
    heading("heading", "Page heading"),
    pageIntro(),
    textList("categories", "Categories", {
      itemLabel: "category",
      maxLength: 30,
      minItems: 1,
      maxItems: 12,
      hint: "The categories an article can be filed under. Publish a new one here before choosing it for an article.",
    }),
    list(
      "articles",
      "Articles",
      [
        text("title", "Title", { maxLength: 80 }),
        choice("category", "Category", {
          from: "categories",
          hint: "One of the categories above; it is shown over the title.",
        }),
        date("date", "Date", {
          hint: "The day the article appears. The newest article is shown first, wherever it is in this list.",
        }),
        paragraph("excerpt", "Summary", { maxLength: 200 }),
        picture("Shown landscape (3 by 2), trimmed at the edges if needed."),
        pictureDescription(),
      ],
      { itemLabel: "article", minItems: 1, maxItems: 24 },
    ),
  ],
})

const affiliate = contentFile({
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
      hint: "The small label on the picture of a featured collection.",
    }),
    text("exploreLabel", "Collection button text", { maxLength: 30 }),
    list(
      "collections",
      "Collections",
      [
        text("title", "Name", { maxLength: 40 }),
        paragraph("description", "Description", { maxLength: 200 }),
        yesNo("featured", "Featured", { hint: "Shows the featured badge on the picture." }),
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

const contact = contentFile({
  name: "contact",
  label: "Join our list page",
  description:
    "The sign-up page: the members' benefits, the e-mail form and its thank-you message.",
  fields: [
    ...pageBasics,
    heading("heading", "Page heading"),
    pageIntro(),
    heading("benefitsHeading", "Benefits heading"),
    textList("benefits", "Benefits", { itemLabel: "benefit", maxLength: 80, minItems: 1 }),
    text("emailLabel", "E-mail field label", { maxLength: 40 }),
    text("emailPlaceholder", "Example in the e-mail field", {
      maxLength: 40,
      placeholders: false,
      hint: "The grey example address shown in the empty field.",
    }),
    text("submitLabel", "Button text", { maxLength: 30 }),
    paragraph("privacyNote", "Privacy note", { maxLength: 160 }),
    group(
      "privacyLink",
      "Link after the privacy note",
      [text("label", "Link text", { maxLength: 60 }), pageLink("path", "Page")],
      { hint: "Leads to the page that says how members' addresses are kept." },
    ),
    text("sendingLabel", "Button text while sending", {
      maxLength: 30,
      hint: "Shown on the button for the moment the sign-up is on its way.",
    }),
    group(
      "toast",
      "Thank-you message",
      [
        text("title", "Title", { maxLength: 60 }),
        paragraph("description", "Text", { maxLength: 120 }),
        text("closeLabel", "Close button (read aloud)", {
          maxLength: 30,
          hint: "Screen readers say this for the × button.",
        }),
        text("regionLabel", "Message area (read aloud)", {
          maxLength: 30,
          hint: "Screen readers use this name for the corner where messages appear.",
        }),
      ],
      {
        hint: "Appears in the corner for five seconds after someone signs up. In browsers with JavaScript turned off, the title and text make the page that thanks her instead.",
      },
    ),
    text("continueLabel", "Link on the thank-you page", {
      maxLength: 40,
      hint: "In browsers with JavaScript turned off, the thank-you page links to the home page with this text.",
    }),
    group(
      "messages",
      "Sign-up problems",
      [
        heading("heading", "Heading of the problem page"),
        paragraph("missing", "No address given", { maxLength: 200 }),
        paragraph("invalid", "Not an e-mail address", { maxLength: 200 }),
        paragraph("tooLong", "Address too long", { maxLength: 200 }),
        paragraph("rejected", "Sign-up refused", {
          maxLength: 200,
          hint: "When the form arrives filled in by a program, or from another site.",
        }),
        paragraph("tooMany", "Too many tries", {
          maxLength: 200,
          hint: "When many sign-ups came from one connection within a few minutes.",
        }),
        paragraph("unavailable", "List not answering", {
          maxLength: 240,
          hint: "When the mailing list cannot be reached: the address has not been kept.",
        }),
        text("botFieldLabel", "Hidden trap field (read by programs only)", {
          maxLength: 60,
          hint: "A field people never see; programs that fill every field fill it, and their sign-up is refused.",
        }),
      ],
      {
        hint: "Shown beside the form, and read aloud, when a sign-up cannot be completed; the address stays in the field. {email} is the contact address.",
      },
    ),
    group("questions", "Questions box", [
      heading("heading"),
      paragraph("text", "Text before the e-mail address", {
        maxLength: 160,
        hint: "The contact address from Site settings follows this text as a link.",
      }),
    ]),
  ],
})

const privacy = contentFile({
  name: "privacy",
  label: "Privacy page",
  description:
    "How the boutique looks after the e-mail addresses of the people who join its list: what it keeps, why, where, for how long, and the members' rights.",
  fields: [
    ...pageBasics,
    heading("heading", "Page heading"),
    pageIntro(),
    list(
      "sections",
      "Sections",
      [
        text("title", "Section heading", {
          maxLength: 60,
          hint: "A short question or statement, such as “What we keep”.",
        }),
        textList("paragraphs", "Text", {
          itemLabel: "paragraph",
          multiline: true,
          maxLength: 600,
          minItems: 1,
          hint: "One box per paragraph. Keep sentences short and plain. {email} is the contact address.",
        }),
      ],
      {
        itemLabel: "section",
        minItems: 1,
        maxItems: 12,
        hint: "Shown in this order, each under its own heading. Whatever this page says must stay true of the sign-up: check any change with the person responsible for members' data.",
      },
    ),
  ],
})

const site = contentFile({
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
  ],
})

const errors = contentFile({
  name: "errors",
  label: "Error pages",
  description: "What visitors see at an address that does not exist, or when a page fails to show.",
  fields: [
    group("notFound", "Page not found (404)", [
      text("title", "Browser tab title", { maxLength: 60 }),
      heading("heading"),
      paragraph("text", "Text", { maxLength: 300 }),
      text("linkLabel", "Button text", { maxLength: 30 }),
    ]),
    group("unexpected", "Unexpected error", [
      heading("heading"),
      paragraph("text", "Text", { maxLength: 300 }),
      text("linkLabel", "Button text", { maxLength: 30 }),
    ]),
  ],
})

const emailSubject = () =>
  text("subject", "Subject", {
    maxLength: 80,
    hint: "The e-mail's subject line. Short and plain: many inboxes cut it off after about 50 characters.",
  })

const emailPreview = () =>
  text("preview", "Preview line", {
    maxLength: 140,
    hint: "The grey line many inboxes show after the subject, before the e-mail is opened. It is not shown in the e-mail itself.",
  })

const emailReason = () =>
  paragraph("reason", "Why she gets this e-mail", {
    maxLength: 200,
    hint: "Shown at the foot of the e-mail, before the link to leave the list and the boutique's addresses.",
  })

const membership = contentFile({
  name: "membership",
  label: "Members' e-mails",
  description:
    "The two e-mails the list sends, the confirmation as soon as someone signs up and the welcome with her gift once she has confirmed, and the pages the links in them lead to. {product} and {email} are filled in as on the pages. The boutique's postal address is in Site settings.",
  fields: [
    wholeNumber("pendingDays", "Days an unconfirmed sign-up is kept", {
      minimum: 1,
      maximum: 90,
      hint: "A whole number. An address that has not been confirmed by then is deleted, and its confirmation link shows the “link has expired” page.",
    }),
    group(
      "gift",
      "Welcome gift",
      [
        text("code", "Code", {
          maxLength: 30,
          placeholders: false,
          hint: "What she shows or tells the boutique when she pays, such as WELCOME15.",
        }),
        text("description", "What the gift is", {
          maxLength: 80,
          hint: "In a few words, such as “15% off one piece of your choice”.",
        }),
        paragraph("terms", "Terms", {
          maxLength: 300,
          hint: "How, where and until when the code can be used, in plain words.",
        }),
      ],
      {
        hint: "Sent in the welcome e-mail. A change reaches the members who confirm after it is published; those welcomed before keep the code they were sent.",
      },
    ),
    group(
      "confirmationEmail",
      "Confirmation e-mail",
      [
        emailSubject(),
        emailPreview(),
        heading("heading"),
        paragraph("text", "Text", { maxLength: 300 }),
        text("buttonLabel", "Button text", {
          maxLength: 30,
          hint: "The one button: it confirms her address.",
        }),
        paragraph("linkNote", "Text before the written-out link", {
          maxLength: 160,
          hint: "For when the button does not work: the confirmation link follows it, written out in full.",
        }),
        paragraph("ignoreNote", "If she did not ask to join", { maxLength: 200 }),
        emailReason(),
      ],
      {
        hint: "Sent as soon as someone signs up, so that only the owner of the address can join. Keep it plain: no offers or pictures, only the button.",
      },
    ),
    group(
      "welcomeEmail",
      "Welcome e-mail",
      [
        emailSubject(),
        emailPreview(),
        heading("heading"),
        paragraph("text", "Text", { maxLength: 400 }),
        heading("giftHeading", "Gift heading"),
        text("codeLabel", "Words before the code", { maxLength: 30 }),
        text("buttonLabel", "Button text", {
          maxLength: 30,
          hint: "The button under the gift leads to the website's home page.",
        }),
        paragraph("signOff", "Closing words", {
          maxLength: 120,
          hint: "The last words of the letter. A new line in the box starts a new line in the e-mail.",
        }),
        emailReason(),
      ],
      { hint: "Sent once she has confirmed her address, with the welcome gift above." },
    ),
    group(
      "emailFooter",
      "Foot of both e-mails",
      [
        text("leaveLabel", "Link to leave the list", {
          maxLength: 40,
          hint: "Every e-mail has this link; it leads to the “leave the list” page below.",
        }),
        text("contactText", "Text before the contact address", {
          maxLength: 80,
          hint: "The contact address from Site settings follows this text as a link.",
        }),
      ],
      {
        hint: "Under each e-mail, after why she gets it; the boutique's name and postal address follow.",
      },
    ),
    group(
      "confirmPage",
      "Confirmation page",
      [
        heading("heading"),
        paragraph("text", "Text", { maxLength: 240 }),
        text("buttonLabel", "Button text", { maxLength: 30 }),
        heading("confirmedHeading", "Heading once confirmed"),
        paragraph("confirmedText", "Text once confirmed", { maxLength: 240 }),
      ],
      {
        hint: "Where the button in the confirmation e-mail leads. The page confirms her address at once; in a browser with JavaScript turned off, she presses the button first.",
      },
    ),
    group(
      "expiredPage",
      "“Link has expired” page",
      [
        heading("heading"),
        paragraph("text", "Text", { maxLength: 240 }),
        text("joinAgainLabel", "Link to the sign-up page", { maxLength: 40 }),
      ],
      { hint: "When she follows a confirmation link after the days above have passed." },
    ),
    group(
      "invalidPage",
      "“Link does not work” page",
      [heading("heading"), paragraph("text", "Text", { maxLength: 240 })],
      { hint: "When a link from an e-mail arrives incomplete or altered." },
    ),
    group(
      "leavePage",
      "“Leave the list” page",
      [
        heading("heading"),
        paragraph("text", "Text", { maxLength: 240 }),
        text("buttonLabel", "Button text", { maxLength: 30 }),
        heading("leftHeading", "Heading once she has left"),
        paragraph("leftText", "Text once she has left", { maxLength: 240 }),
      ],
      {
        hint: "Where the link at the foot of every e-mail leads. She presses the button to leave; she is not asked why.",
      },
    ),
  ],
})

/** Every file of data/ by name, with its fields' literal types (see ContentShape in ../fields). */
export const contentModel = {
  home,
  shop,
  about,
  journal,
  affiliate,
  contact,
  privacy,
  site,
  errors,
  membership,
}

export type ContentName = keyof typeof contentModel

/** All of data/, in the order the CMS lists it. */
export const contentFiles: readonly ContentFile[] = Object.values(contentModel)

/** The files that are pages of the site (they have a web address): home, shop, … */
export type PageName = {
  [Name in ContentName]: Extract<
    (typeof contentModel)[Name]["fields"][number],
    { kind: "pageAddress" }
  > extends never
    ? never
    : Name
}[ContentName]

/** The page files, in the model's order; gatsby-node makes a page of each. */
export const pageFiles: readonly ContentFile[] = contentFiles.filter(isPageFile)

export function isPageName(name: string): name is PageName {
  return pageFiles.some((file) => file.name === name)
}

/** The page files' names: home, shop, … */
export const pageNames: readonly PageName[] = pageFiles.map((file) => file.name).filter(isPageName)
