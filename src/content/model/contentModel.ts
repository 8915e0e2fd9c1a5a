/**
 * The model as a whole: every content file by name, in the order the CMS lists them, and what is
 * derived from it: the files' names as types (ContentName, PageName) and the page files.
 */
import { isPageFile, type ContentFile } from "../fields"
import { home } from "./home"
import { shop } from "./shop"
import { about } from "./about"
import { journal } from "./journal"
import { affiliate } from "./affiliate"
import { contact } from "./contact"
import { privacy } from "./privacy"
import { site } from "./site"
import { errors } from "./errors"
import { membership } from "./membership"

/** Every file of data/ by name, with its fields' literal types (see ContentShape in ../fields.ts). */
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

/**
 * The CMS's two collections of these files (src/cms/config.ts): the pages, and the settings every
 * page shares. Their labels are in Decap's commit messages too ("Update Pages “journal”").
 */
export const cmsCollections = {
  pages: { label: "Pages", description: "One entry per page of the site." },
  settings: {
    label: "Site settings",
    description: "Names, menu, footer and error texts shared by every page.",
  },
} as const

/** A content file's label, as the CMS lists it ("Style journal page"); undefined for no such file. */
export const contentLabel = (name: string | undefined): string | undefined =>
  contentFiles.find((file) => file.name === name)?.label

export function isPageName(name: string): name is PageName {
  return pageFiles.some((file) => file.name === name)
}

/** The page files' names: home, shop, … */
export const pageNames: readonly PageName[] = pageFiles.map((file) => file.name).filter(isPageName)
