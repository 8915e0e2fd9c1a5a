import { goLiveDateField, type ContentFile, type Field, type ListField } from "./fields"

/**
 * The GraphQL types of the content in data/, generated from the content model (./model/) as
 * the JSON Schema and the CMS form are. Declared rather than inferred, so that a field left empty
 * in every entry still exists and typegen gives the pages exact types. Optional in the model is
 * nullable here. `@fill` puts the values of {product}, {partner} and {email} in at build time
 * (gatsby-node), wherever the model allows placeholders.
 */

const capitalize = (name: string) => `${name.charAt(0).toUpperCase()}${name.slice(1)}`

/** data/shop.json is `ShopJson`, as gatsby-transformer-json names it (gatsby-config.ts). */
export const nodeTypeName = (fileName: string) => `${capitalize(fileName)}Json`

/** A group or list entry's type is named after its place: `ShopJsonCategories`. */
const innerTypeName = (parent: string, field: Field) => `${parent}${capitalize(field.name)}`

const fills = (field: { placeholders?: boolean }) => (field.placeholders === false ? "" : " @fill")

/** `@goLive` keeps a list's entries whose date is still to come out of the build (./goLive.ts). */
const goLive = (list: ListField) => {
  const date = goLiveDateField(list)
  return date ? ` @goLive(date: "${date}")` : ""
}

/** The field's type and directives, and the type it needs declared for a group or list. */
function fieldType(field: Field, parent: string, declare: (type: string) => void): string {
  const required = field.optional ? "" : "!"
  switch (field.kind) {
    case "text":
      return `String${required}${fills(field)}`
    case "choice":
    case "pageLink":
    case "pageAddress":
      return `String${required}`
    case "wholeNumber":
      return `Int${required}`
    case "yesNo":
      return `Boolean${required}`
    case "date":
      return `Date${required} @dateformat`
    case "image":
      return `File${required} @fileByRelativePath`
    case "textList":
      return `[String!]${required} @fill`
    case "group": {
      const name = innerTypeName(parent, field)
      declare(objectType(name, field.fields, declare))
      return `${name}${required}`
    }
    case "list": {
      const name = innerTypeName(parent, field)
      declare(objectType(name, field.fields, declare))
      return `[${name}!]${required}${goLive(field)}`
    }
  }
}

function objectType(
  name: string,
  fields: readonly Field[],
  declare: (type: string) => void,
  header = `type ${name}`,
): string {
  const lines = fields.map((field) => `  ${field.name}: ${fieldType(field, name, declare)}`)
  return `${header} {\n${lines.join("\n")}\n}`
}

/** The type definitions for gatsby-node's createTypes: one node type per file, then its parts. */
export function graphqlTypeDefs(files: readonly ContentFile[]): string {
  const types: string[] = []
  for (const file of files) {
    const name = nodeTypeName(file.name)
    const inner: string[] = []
    types.push(
      objectType(
        name,
        file.fields,
        (type) => inner.push(type),
        `type ${name} implements Node @dontInfer`,
      ),
      ...inner,
    )
  }
  return types.join("\n\n")
}
