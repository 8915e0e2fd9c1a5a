import { css } from "@emotion/react"
import type { MembersAnswer } from "../../membersApi"
import { pageTexts as texts } from "../staffPageTexts"
import { buttonStyles, card } from "../../../theme/styles"
import { sizes } from "../../../theme/tokens"
import { TextWithSettingNames } from "./TextWithSettingNames"

const panel = [
  card,
  css`
    max-width: ${sizes.measure};
  `,
]

type ElsewhereAnswer = Exclude<MembersAnswer, { list: "store" }>

/** When the site keeps no list of its own: where it is kept, or what to set so one is. */
export function ListElsewhere({ answer }: { answer: ElsewhereAnswer }) {
  return (
    <section css={panel} aria-labelledby="elsewhere-heading">
      <h2 id="elsewhere-heading">{texts.elsewhere.heading}</h2>
      {answer.list === "provider" ? (
        <>
          <p>{texts.elsewhere.provider(answer.provider.name)}</p>
          <a href={answer.provider.url} css={buttonStyles("primary")}>
            {texts.elsewhere.providerLink(answer.provider.name)}
          </a>
        </>
      ) : (
        <>
          <p>{texts.elsewhere.none}</p>
          <p>
            <TextWithSettingNames text={texts.elsewhere.noneFix} />
          </p>
        </>
      )}
    </section>
  )
}
