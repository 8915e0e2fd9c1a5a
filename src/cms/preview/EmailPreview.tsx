import type { PreviewTemplateComponentProps } from "decap-cms-core"
import { useEffect, useState, type SyntheticEvent } from "react"
import type { Field } from "../../content/fields"
import { contentModel } from "../../content/model"
import {
  renderEmail,
  type EmailKind,
  type EmailLinks,
  type RenderedEmail,
} from "../../membership/emails/renderEmail"
import { membershipTextsFrom } from "../../membership/emails/emailTexts"
import { confirmEndpoint, leaveEndpoint, tokenField } from "../../shared/endpoints"
import { colors, fonts, space } from "../../theme/tokens"
import { savedContent } from "../savedContent"
import { convertEntry, placeholderValues, previewImage } from "./previewData"
import { errorMessage } from "../../utils/errorMessage"

/**
 * The preview of data/membership.json: the two e-mails as they will be sent, the confirmation
 * then the welcome, each rendered by the sender's own code (src/membership/emails/) and shown in a frame
 * of its own, as an inbox shows it. Site settings (the names, the postal address) are as saved.
 */

const { fields } = contentModel.membership

/** An example of each link; the real ones carry her own token. */
function exampleLinks(siteUrl: string): Required<EmailLinks> {
  const site = siteUrl.replace(/\/?$/, "/")
  const address = (path: string) => `${site}${path.replace(/^\//, "")}?${tokenField}=example`
  return { confirm: address(confirmEndpoint), leave: address(leaveEndpoint), site }
}

/** What the model calls a field, as the form beside the preview shows it. */
function labelOf(name: string, within: readonly Field[] = fields): string {
  return within.find((field) => field.name === name)?.label ?? name
}

const emails: { kind: EmailKind; group: string }[] = [
  { kind: "confirmation", group: "confirmationEmail" },
  { kind: "welcome", group: "welcomeEmail" },
]

const styles = {
  page: {
    padding: space.md,
    background: colors.linen,
    fontFamily: fonts.body,
    color: colors.ink,
    minHeight: "100vh",
  },
  heading: { fontFamily: fonts.display, fontSize: "1.75rem", margin: `0 0 ${space.xs}` },
  subject: { margin: `0 0 ${space.sm}`, fontSize: "1.125rem" },
  frame: {
    display: "block",
    width: "100%",
    maxWidth: "40rem",
    border: `1px solid ${colors.blush}`,
    background: colors.white,
    marginBottom: space.lg,
  },
} as const

/** The frame as tall as its e-mail, so the preview scrolls as one page. */
function fitHeight(event: SyntheticEvent<HTMLIFrameElement>) {
  const frame = event.currentTarget
  const height = frame.contentDocument?.documentElement.scrollHeight
  if (height) frame.style.height = `${height}px`
}

export function EmailPreview({ entry }: PreviewTemplateComponentProps) {
  const data: unknown = entry.get("data")?.toJS()
  const key = JSON.stringify(data ?? null)
  const [rendered, setRendered] = useState<Partial<Record<EmailKind, RenderedEmail>>>({})
  const [problem, setProblem] = useState<string>()

  useEffect(() => {
    const site = savedContent.site
    const conversion = { image: previewImage, placeholders: placeholderValues(site) }
    const texts = membershipTextsFrom(
      convertEntry(fields, JSON.parse(key), conversion),
      site,
      savedContent.contact.path,
    )
    const links = exampleLinks(site.siteUrl)
    let current = true
    Promise.all(emails.map(({ kind }) => renderEmail(kind, links, texts))).then(
      ([confirmation, welcome]) => {
        if (!current) return
        setRendered({ confirmation, welcome })
        setProblem(undefined)
      },
      (error: unknown) => {
        if (current) setProblem(errorMessage(error))
      },
    )
    return () => {
      current = false
    }
  }, [key])

  return (
    <div style={styles.page}>
      {problem && <p role="alert">{problem}</p>}
      {emails.map(({ kind, group }) => {
        const email = rendered[kind]
        const groupField = fields.find((field) => field.name === group)
        const groupFields = groupField && "fields" in groupField ? groupField.fields : []
        return (
          <section key={kind}>
            <h2 style={styles.heading}>{labelOf(group)}</h2>
            <p style={styles.subject}>
              {labelOf("subject", groupFields)}: <strong>{email?.subject ?? "…"}</strong>
            </p>
            {email && (
              <iframe
                title={`${labelOf(group)}: ${email.subject}`}
                srcDoc={email.html}
                sandbox="allow-same-origin"
                onLoad={fitHeight}
                style={styles.frame}
              />
            )}
          </section>
        )
      })}
    </div>
  )
}
