import { Fragment } from "react"
import { useSiteSettings } from "../../hooks/useSiteSettings"
import { EmailLink } from "./EmailLink"
import { wholeCompounds } from "./wholeCompounds"

interface TextWithEmailLinksProps {
  /** A text from data/, its {email} already filled in with the boutique's address. */
  text: string
}

/**
 * A text in which the boutique's address (data/site.json, {email} in the content) is a link that
 * opens her e-mail app, as it is in the footer and on the contact page: "write to us at …" should
 * take one tap, not copying an address. Words such as "e-mail" are kept on one line, and the
 * address breaks where an address may (./EmailLink.ts).
 */
export function TextWithEmailLinks({ text }: TextWithEmailLinksProps) {
  const { contactEmail } = useSiteSettings()
  const parts = text.split(contactEmail)
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <EmailLink address={contactEmail} />}
          {wholeCompounds(part)}
        </Fragment>
      ))}
    </>
  )
}
