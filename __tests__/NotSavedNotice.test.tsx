import { act, render, screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import shop from "../data/shop.json"
import { NotSavedNotice } from "../src/cms/NotSavedNotice"
import { saveCheck, saveProblems } from "../src/cms/saveCheck"
import { entryOf } from "./setup/decapEntry"

// A Save the site's check refused stays said in the editor's corner (Decap's own toast goes after
// 8 s) until she hides it, a Save passes, or she opens another entry. The refusal is the check's
// own, on data/shop.json with two categories of one name.

const [first, second] = shop.categories
const refused = {
  ...shop,
  categories: [first, { ...second, name: first!.name }, ...shop.categories.slice(2)],
}
/** Save pressed: the check's answer awaited, a refusal caught as Decap catches it (its toast). */
const save = (data: unknown) =>
  act(() =>
    saveCheck.handler({ entry: entryOf("shop", data), author: {} as never }).then(
      () => undefined,
      () => undefined,
    ),
  )

test("a refused Save is said until she hides it, and Hide gives the focus back", async () => {
  const user = userEvent.setup()
  render(
    <>
      <button type="button">Save</button>
      <NotSavedNotice />
    </>,
  )
  expect(screen.queryByRole("alert")).not.toBeInTheDocument()
  screen.getByRole("button", { name: "Save" }).focus()
  await save(refused)
  const words = saveProblems("shop", refused)!
  expect(screen.getByRole("alert")).toHaveTextContent(words.slice(1))
  expect(screen.getByRole("alert")).toHaveTextContent(/^Not saved\s*This was not saved/)
  await user.tab()
  expect(screen.getByRole("button", { name: "Hide" })).toHaveFocus()
  await user.keyboard("{Enter}")
  expect(screen.queryByRole("alert")).not.toBeInTheDocument()
  expect(screen.getByRole("button", { name: "Save" })).toHaveFocus()
})

test("a Save that passes, or another entry opened, takes it away", async () => {
  render(<NotSavedNotice />)
  await save(refused)
  expect(screen.getByRole("alert")).toBeInTheDocument()
  await save(shop)
  expect(screen.queryByRole("alert")).not.toBeInTheDocument()

  await save(refused)
  expect(screen.getByRole("alert")).toBeInTheDocument()
  act(() => void window.dispatchEvent(new HashChangeEvent("hashchange")))
  expect(screen.queryByRole("alert")).not.toBeInTheDocument()
})
