/**
 * @jest-environment node
 */
import fs from "node:fs"
import path from "node:path"
import {
  Kind,
  parse,
  print,
  type FieldDefinitionNode,
  type ObjectTypeDefinitionNode,
  type TypeNode,
} from "graphql"
import type { Field } from "../src/content/fields"
import { contentFiles } from "../src/content/model"
import { contentTypeDefs, pageTemplates } from "../src/utils/contentSchema"
import { dataDir } from "./setup/contentCopy"

// The GraphQL types the site queries and the model the content check and the CMS use describe
// the same files: the same fields, optional exactly where nullable, placeholders filled where
// the model allows them.
const types = new Map(
  parse(contentTypeDefs)
    .definitions.filter(
      (node): node is ObjectTypeDefinitionNode => node.kind === Kind.OBJECT_TYPE_DEFINITION,
    )
    .map((node) => [node.name.value, node]),
)

const directives = (field: FieldDefinitionNode) =>
  (field.directives ?? []).map((directive) => directive.name.value)

/** The named type inside any list and non-null wrappers. */
function namedType(type: TypeNode): string {
  return type.kind === Kind.NAMED_TYPE ? type.name.value : namedType(type.type)
}

function expectedType(field: Field): string {
  const required = field.optional ? "" : "!"
  switch (field.kind) {
    case "text":
    case "choice":
    case "pageLink":
    case "pageAddress":
      return `String${required}`
    case "wholeNumber":
      return `Int${required}`
    case "yesNo":
      return `Boolean${required}`
    case "date":
      return `Date${required}`
    case "image":
      return `File${required}`
    case "textList":
      return `[String!]${required}`
    case "group":
      return `(object)${required}`
    case "list":
      return `[(object)!]${required}`
  }
}

function compare(typeName: string, fields: readonly Field[], where: string) {
  const type = types.get(typeName)
  expect(type).toBeDefined()
  const graphqlFields = new Map((type?.fields ?? []).map((field) => [field.name.value, field]))
  expect([...graphqlFields.keys()].sort()).toEqual(fields.map((field) => field.name).sort())
  for (const field of fields) {
    const graphqlField = graphqlFields.get(field.name)
    if (!graphqlField) continue
    const place = `${where}.${field.name}`
    const printed = print(graphqlField.type).replace(namedType(graphqlField.type), (name) =>
      types.has(name) ? "(object)" : name,
    )
    expect([place, printed]).toEqual([place, expectedType(field)])
    const fills = directives(graphqlField).includes("fill")
    if (field.kind === "text" || field.kind === "textList") {
      const fillable = field.kind === "textList" || field.placeholders !== false
      expect([place, fills]).toEqual([place, fillable])
    }
    if (field.kind === "image") expect(directives(graphqlField)).toContain("fileByRelativePath")
    if (field.kind === "group" || field.kind === "list") {
      compare(namedType(graphqlField.type), field.fields, place)
    }
  }
}

describe("the content model", () => {
  it("covers every file in data/, and the page files are the pages", () => {
    const files = fs.readdirSync(dataDir).filter((name) => name.endsWith(".json"))
    expect(contentFiles.map((file) => `${file.name}.json`).sort()).toEqual(files.sort())
    for (const page of pageTemplates) {
      expect(contentFiles.find((file) => file.name === page)?.fields[0]?.kind).toBe("pageAddress")
      expect(fs.existsSync(path.join(__dirname, "../src/templates", `${page}.tsx`))).toBe(true)
    }
  })

  it.each(contentFiles.map((file) => [file.name, file] as const))(
    "matches the GraphQL types of data/%s.json",
    (name, file) => {
      compare(`${name.charAt(0).toUpperCase()}${name.slice(1)}Json`, file.fields, name)
    },
  )
})
