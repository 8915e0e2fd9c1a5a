import { css } from "@emotion/react"
import { Fragment, type ReactNode } from "react"
import { fonts } from "../../../theme/tokens"

/** A host setting's name as the texts write it: capitals and digits joined by underscores. */
const settingName = /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g

const code = css`
  font-family: ${fonts.mono};
  font-size: 0.9em;
  /* Whole on a line of its own where it fits (a box goes to the next line as one); broken
     after its underscores only where it is wider than a line. */
  display: inline-block;
  max-width: 100%;
  /* The page breaks a long word anywhere; a name breaks only where it offers to. */
  overflow-wrap: normal;
`

/** The name in code type, with a place to break after each underscore, should it need one. */
function SettingName({ name }: { name: string }) {
  return (
    <code css={code}>
      {name.split("_").map((word, index) => (
        <Fragment key={index}>
          {index > 0 && (
            <>
              _<wbr />
            </>
          )}
          {word}
        </Fragment>
      ))}
    </code>
  )
}

/**
 * A text for whoever runs the site in which each setting's name (GITHUB_OAUTH_CLIENT_SECRET) is
 * set in code type, to be copied as it is: whole where it fits a line, else broken after an
 * underscore. On a phone the names broke anywhere ("GITHUB_OAUTH_CLIENT_SEC" / "RET").
 */
export function TextWithSettingNames({ text }: { text: string }) {
  const pieces: ReactNode[] = []
  let from = 0
  for (const match of text.matchAll(settingName)) {
    pieces.push(text.slice(from, match.index), <SettingName key={match.index} name={match[0]} />)
    from = match.index + match[0].length
  }
  pieces.push(text.slice(from))
  return <>{pieces}</>
}
