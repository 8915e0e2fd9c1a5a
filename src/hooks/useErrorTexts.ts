import { graphql, useStaticQuery } from "gatsby"

/** Texts of the 404 page and the error screen, from data/errors.json. */
export function useErrorTexts() {
  const data = useStaticQuery<Queries.ErrorTextsQuery>(graphql`
    query ErrorTexts {
      errorsJson {
        notFound {
          title
          heading
          text
          linkLabel
        }
        unexpected {
          heading
          text
          linkLabel
        }
      }
    }
  `)
  if (!data.errorsJson) throw new Error("data/errors.json is missing")
  return data.errorsJson
}
