import type { MailRefusal } from "../../membersApi"
import { pageTexts as texts } from "../staffPageTexts"
import { StaffTime } from "./StaffTime"

/** Which of her e-mails a mail server refused for good, on which day, and its answer. */
export function RefusalNote({ refused }: { refused: MailRefusal }) {
  return (
    <>
      {texts.list.refusedOn(refused.email)} <StaffTime iso={refused.at} />
      {texts.list.refusedAnswer(refused.answer)}
    </>
  )
}
