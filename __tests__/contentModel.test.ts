/**
 * @jest-environment node
 */
import fs from "node:fs"
import path from "node:path"
import { Kind, parse, type ObjectTypeDefinitionNode } from "graphql"
import { graphqlTypeDefs, nodeTypeName } from "../src/content/graphqlTypes"
import { contentFiles, pageFiles } from "../src/content/model"
import { pageRoutes, siteAddresses, unknownPath } from "../src/content/routes"
import { copyOfData, dataDir } from "./setup/contentCopy"

const typeDefs = graphqlTypeDefs(contentFiles)
const types = new Map(
  parse(typeDefs)
    .definitions.filter(
      (node): node is ObjectTypeDefinitionNode => node.kind === Kind.OBJECT_TYPE_DEFINITION,
    )
    .map((node) => [node.name.value, node]),
)

/** A field of a generated type as written: `intro: String @fill`. */
function printed(typeName: string, fieldName: string): string {
  const line = typeDefs
    .slice(typeDefs.indexOf(`type ${typeName} `))
    .split("\n")
    .find((text) => text.trimStart().startsWith(`${fieldName}:`))
  return line?.trim() ?? `(no field ${fieldName} in ${typeName})`
}

describe("the content model", () => {
  it("covers every file in data/, and each page file has its template", () => {
    const files = fs.readdirSync(dataDir).filter((name) => name.endsWith(".json"))
    expect(contentFiles.map((file) => `${file.name}.json`).sort()).toEqual(files.sort())
    for (const page of pageFiles) {
      expect(fs.existsSync(path.join(__dirname, "../src/templates", `${page.name}.tsx`))).toBe(true)
    }
  })
})

describe("the GraphQL types generated from the model", () => {
  it("declare one node type per data file, named as gatsby-transformer-json names it", () => {
    for (const file of contentFiles) {
      const type = types.get(nodeTypeName(file.name))
      expect(type?.interfaces?.map((name) => name.name.value)).toEqual(["Node"])
      expect(type?.directives?.map((directive) => directive.name.value)).toEqual(["dontInfer"])
    }
    expect(nodeTypeName("shop")).toBe("ShopJson")
  })

  it("name nested types after their place and keep every field of the model", () => {
    expect(printed("ShopJson", "categories")).toBe("categories: [ShopJsonCategories!]!")
    expect(printed("ShopJsonCategories", "count")).toBe("count: Int!")
    expect(printed("HomeJsonHero", "button")).toBe("button: HomeJsonHeroButton!")
    expect(printed("AffiliateJsonCollections", "featured")).toBe("featured: Boolean!")
  })

  it("make optional fields nullable, and fill in {product} only where the model allows it", () => {
    expect(printed("ShopJson", "intro")).toBe("intro: String @fill")
    expect(printed("ShopJson", "heading")).toBe("heading: String! @fill")
    expect(printed("ContactJson", "emailPlaceholder")).toBe("emailPlaceholder: String!")
    expect(printed("SiteJson", "brandName")).toBe("brandName: String!")
    expect(printed("AboutJson", "paragraphs")).toBe("paragraphs: [String!]! @fill")
    expect(printed("HomeJsonHeroButton", "path")).toBe("path: String!")
  })

  it("resolve pictures to files and dates to Gatsby's Date", () => {
    expect(printed("HomeJsonHero", "image")).toBe("image: File! @fileByRelativePath")
    expect(printed("JournalJsonArticles", "date")).toBe("date: Date! @dateformat")
  })
})

describe("the routes read from the content", () => {
  it("are every page file's path, in the model's order, then the 404's probe", () => {
    const routes = pageRoutes()
    expect(routes.map((route) => route.name)).toEqual(pageFiles.map((file) => file.name))
    for (const route of routes) {
      const json = JSON.parse(fs.readFileSync(path.join(dataDir, `${route.name}.json`), "utf8"))
      expect(route.path).toBe(json.path)
    }
    expect(siteAddresses()).toEqual([...routes.map((route) => route.path), unknownPath])
  })

  it("follow a page's address when the content changes it", () => {
    const copy = copyOfData()
    try {
      copy.edit("journal", (journal) => (journal.path = "/style-journal"))
      expect(pageRoutes(copy.dir).find((route) => route.name === "journal")?.path).toBe(
        "/style-journal",
      )
    } finally {
      copy.remove()
    }
  })
})
