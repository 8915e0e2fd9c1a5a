import { render, screen } from "@testing-library/react"
import { pagePreviews } from "../src/cms/preview/FilePreview"
import { placeholderValues, previewImage } from "../src/cms/preview/previewData"
import { savedContent } from "../src/cms/savedContent"
import { pageNames } from "../src/content/model"
import { markHydrated } from "../src/utils/hydration"

// Every page component renders its content from data/ as its template's query gives it (here
// converted as the CMS preview does), and none of them trips StaticContent's check for
// interactive elements: outside production, that check runs on every render.
beforeAll(() => markHydrated())
afterEach(() => jest.restoreAllMocks())

const conversion = {
  image: (path: string) => previewImage(`/${path}`),
  placeholders: placeholderValues(savedContent.site),
}

describe.each(pageNames.map((name) => [name]))("the %s page", (name) => {
  it("renders its heading and no error screen", () => {
    const errors = jest.spyOn(console, "error")
    render(pagePreviews[name](savedContent[name], conversion))
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1)
    expect(screen.queryByRole("alert")).not.toBeInTheDocument()
    expect(errors).not.toHaveBeenCalled()
  })
})
