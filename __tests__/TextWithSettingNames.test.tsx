import { render } from "@testing-library/react"
import type { ReactElement } from "react"
import { ListElsewhere } from "../src/membership/staffPage/components/ListElsewhere"
import { StaffNotice } from "../src/membership/staffPage/components/StaffNotice"
import { pageTexts } from "../src/membership/staffPage/staffPageTexts"
import { staffProblems } from "../src/membership/web/staff/staffTexts"

// Whoever runs the site reads on the staff's page which settings to make, and copies their names
// from it. On a phone the names broke anywhere ("GITHUB_OAUTH_CLIENT_SEC" / "RET").
const cases: [string, string, string[], ReactElement][] = [
  [
    "the list is not set up",
    staffProblems.notSetUp,
    ["GATSBY_CMS_REPO", "GITHUB_OAUTH_CLIENT_ID", "GITHUB_OAUTH_CLIENT_SECRET"],
    <StaffNotice
      key="notice"
      heading={pageTexts.unavailable.heading}
      message={staffProblems.notSetUp}
      actionLabel={pageTexts.unavailable.tryAgain}
      onAction={() => {}}
    />,
  ],
  [
    "no list is kept on this host",
    pageTexts.elsewhere.noneFix,
    ["SIGNUP_PROVIDER"],
    <ListElsewhere key="elsewhere" answer={{ list: "none", login: "eve", local: false }} />,
  ],
]

describe.each(cases)("%s", (_, text, names, page) => {
  const paragraph = () => {
    const { container } = render(page)
    const found = [...container.querySelectorAll("p")].find((p) => p.textContent === text)
    if (!found) throw new Error(`no paragraph reads: ${text}`)
    return found
  }

  test("each setting's name is in code type, whole, and may break only after an underscore", () => {
    const codes = [...paragraph().querySelectorAll("code")]
    expect(codes.map((code) => code.textContent)).toEqual(names)
    for (const code of codes) {
      const breaks = [...code.querySelectorAll("wbr")]
      expect(breaks).toHaveLength((code.textContent ?? "").split("_").length - 1)
      for (const place of breaks) expect(place.previousSibling?.textContent).toMatch(/_$/)
    }
  })
})
