/**
 * The GraphQL types of the content in data/. Declared rather than inferred so that a field left
 * empty in every entry still exists, and so that typegen gives templates exact types. They match
 * the content model in src/content/model.ts (optional there = nullable here; a test holds them
 * together).
 * `@fill` resolves {product}, {partner} and {email} from data/site.json at build time.
 */
export const contentTypeDefs = /* GraphQL */ `
  type LinkButton {
    label: String! @fill
    path: String!
  }

  type SiteJson implements Node @dontInfer {
    brandName: String!
    partnerName: String!
    contactEmail: String!
    tagline: String! @fill
    siteUrl: String!
    description: String! @fill
    shareImage: File! @fileByRelativePath
    shareImageAlt: String! @fill
    icon: File! @fileByRelativePath
    skipLinkLabel: String! @fill
    navigationLabel: String! @fill
    menuButtonLabel: String! @fill
    navigation: [LinkButton!]!
    footer: SiteFooter!
  }
  type SiteFooter {
    contactHeading: String! @fill
    navigationHeading: String! @fill
    copyright: String! @fill
  }

  type HomeJson implements Node @dontInfer {
    path: String!
    title: String! @fill
    description: String! @fill
    hero: HomeHero!
    featured: HomeFeatured!
    story: HomeStory!
  }
  type HomeHero {
    headline: String! @fill
    subtitle: String! @fill
    button: LinkButton!
    image: File! @fileByRelativePath
    imageAlt: String! @fill
  }
  type HomeFeatured {
    heading: String! @fill
    intro: String @fill
    collections: [HomeCollection!]!
  }
  type HomeCollection {
    title: String! @fill
    description: String! @fill
    button: LinkButton!
    image: File! @fileByRelativePath
    imageAlt: String! @fill
  }
  type HomeStory {
    heading: String! @fill
    text: String! @fill
    button: LinkButton!
  }

  type ShopJson implements Node @dontInfer {
    path: String!
    title: String! @fill
    description: String! @fill
    heading: String! @fill
    intro: String @fill
    countLabel: String! @fill
    categories: [ShopCategory!]!
  }
  type ShopCategory {
    name: String! @fill
    count: Int!
    image: File! @fileByRelativePath
    imageAlt: String! @fill
  }

  type AboutJson implements Node @dontInfer {
    path: String!
    title: String! @fill
    description: String! @fill
    heading: String! @fill
    image: File! @fileByRelativePath
    imageAlt: String! @fill
    paragraphs: [String!]! @fill
    philosophy: AboutPhilosophy!
  }
  type AboutPhilosophy {
    heading: String! @fill
    text: String! @fill
  }

  type JournalJson implements Node @dontInfer {
    path: String!
    title: String! @fill
    description: String! @fill
    heading: String! @fill
    intro: String @fill
    articles: [JournalArticle!]!
  }
  type JournalArticle {
    title: String! @fill
    category: String! @fill
    date: Date! @dateformat
    excerpt: String! @fill
    image: File! @fileByRelativePath
    imageAlt: String! @fill
  }

  type AffiliateJson implements Node @dontInfer {
    path: String!
    title: String! @fill
    description: String! @fill
    heading: String! @fill
    intro: String @fill
    partnership: AffiliatePartnership!
    comingSoonNote: String! @fill
    collectionsHeading: String! @fill
    featuredLabel: String! @fill
    exploreLabel: String! @fill
    collections: [AffiliateCollection!]!
    why: AffiliateWhy!
  }
  type AffiliatePartnership {
    heading: String! @fill
    text: String! @fill
    buttonLabel: String! @fill
  }
  type AffiliateCollection {
    title: String! @fill
    description: String! @fill
    featured: Boolean!
    image: File! @fileByRelativePath
    imageAlt: String! @fill
  }
  type AffiliateWhy {
    heading: String! @fill
    points: [AffiliatePoint!]!
  }
  type AffiliatePoint {
    title: String! @fill
    text: String! @fill
  }

  type ContactJson implements Node @dontInfer {
    path: String!
    title: String! @fill
    description: String! @fill
    heading: String! @fill
    intro: String @fill
    benefitsHeading: String! @fill
    benefits: [String!]! @fill
    emailLabel: String! @fill
    emailPlaceholder: String!
    submitLabel: String! @fill
    privacyNote: String! @fill
    noScriptNote: String! @fill
    toast: ContactToast!
    questions: ContactQuestions!
  }
  type ContactToast {
    title: String! @fill
    description: String! @fill
    closeLabel: String! @fill
    regionLabel: String! @fill
  }
  type ContactQuestions {
    heading: String! @fill
    text: String! @fill
  }

  type ErrorsJson implements Node @dontInfer {
    notFound: NotFoundTexts!
    unexpected: UnexpectedErrorTexts!
  }
  type NotFoundTexts {
    title: String! @fill
    heading: String! @fill
    text: String! @fill
    linkLabel: String! @fill
  }
  type UnexpectedErrorTexts {
    heading: String! @fill
    text: String! @fill
    linkLabel: String! @fill
  }
`

/** Content files that are pages: gatsby-node creates each at the file's `path` with the template of the same name. */
export const pageTemplates = ["home", "shop", "about", "journal", "affiliate", "contact"] as const
export type PageTemplate = (typeof pageTemplates)[number]
