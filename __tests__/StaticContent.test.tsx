import { act } from "react"
import { hydrateRoot } from "react-dom/client"
import { renderToString } from "react-dom/server"
import { render, screen, within } from "@testing-library/react"
import { ErrorBoundary } from "../src/components/layout/ErrorBoundary"
import { StaticContent } from "../src/gatsby/StaticContent"
import { markHydrated } from "../src/utils/hydration"

function Article({ onRender }: { onRender: () => void }) {
  onRender()
  return <p>Autumn layers, light as air</p>
}

describe("StaticContent", () => {
  it("keeps the server's HTML as the page first hydrates, without rendering its children again", async () => {
    const container = document.createElement("div")
    container.innerHTML = renderToString(
      <StaticContent id="journal-page">
        <Article onRender={() => {}} />
      </StaticContent>,
    )
    document.body.append(container)
    const serverParagraph = container.querySelector("p")
    const onRender = jest.fn()

    await act(async () => {
      hydrateRoot(
        container,
        <StaticContent id="journal-page">
          <Article onRender={onRender} />
        </StaticContent>,
      )
    })

    expect(onRender).not.toHaveBeenCalled()
    expect(container.querySelector("p")).toBe(serverParagraph)
    expect(screen.getByText("Autumn layers, light as air")).toBeInTheDocument()
    container.remove()
  })

  it("renders its children when there is no server HTML: after a client-side navigation", () => {
    markHydrated()
    const onRender = jest.fn()
    render(
      <StaticContent id="journal-page">
        <Article onRender={onRender} />
      </StaticContent>,
    )
    expect(onRender).toHaveBeenCalled()
    expect(screen.getByText("Autumn layers, light as air")).toBeInTheDocument()
  })

  describe("refuses interactive content (it would do nothing on a page loaded directly)", () => {
    const texts = { heading: "Unexpected Application Error!", text: "Sorry.", linkLabel: "Home" }
    const renderInside = (content: React.ReactNode) => {
      markHydrated()
      jest.spyOn(console, "error").mockImplementation(() => {})
      render(
        <ErrorBoundary texts={texts}>
          <StaticContent id="shop-page">{content}</StaticContent>
        </ErrorBoundary>,
      )
    }
    afterEach(() => jest.restoreAllMocks())

    it.each([
      ["a button", <button key="b">Add to basket</button>],
      ["a form", <form key="f" aria-label="Search" />],
      ["a field", <input key="i" aria-label="E-mail" />],
      // A handler on a plain element is what the check must catch, so the lint rule is off here.
      // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
      ["an element with a handler", <div key="d" onClick={() => {}} />],
      [
        "a link with a handler and no address",
        // eslint-disable-next-line jsx-a11y/anchor-is-valid, jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
        <a key="a" onClick={() => {}}>
          Sale
        </a>,
      ],
    ])("fails loudly on %s", (_kind, element) => {
      renderInside(<div>{element}</div>)
      expect(screen.getByRole("alert")).toHaveTextContent('StaticContent "shop-page" holds')
      expect(screen.queryByText("Sorry.")).toBeInTheDocument()
    })

    it("accepts text, pictures and links", () => {
      renderInside(
        <p>
          Autumn layers <a href="/shop">in the shop</a>
        </p>,
      )
      expect(screen.queryByRole("alert")).not.toBeInTheDocument()
      expect(screen.getByRole("link", { name: "in the shop" })).toBeInTheDocument()
    })

    it("accepts a link with a handler in another window's document, as in the CMS's preview frame", () => {
      // The CMS renders the preview into an iframe: its elements are another window's, whose
      // HTMLAnchorElement is not this one's.
      const frame = document.createElement("iframe")
      document.body.append(frame)
      const frameDocument = frame.contentDocument!
      expect(frameDocument.defaultView!.HTMLAnchorElement).not.toBe(HTMLAnchorElement)
      markHydrated()
      jest.spyOn(console, "error").mockImplementation(() => {})
      render(
        <ErrorBoundary texts={texts}>
          <StaticContent id="home-page">
            <a href="/shop" onClick={() => {}}>
              Autumn edit
            </a>
          </StaticContent>
        </ErrorBoundary>,
        { container: frameDocument.body.appendChild(frameDocument.createElement("div")) },
      )
      const inFrame = within(frameDocument.body)
      expect(inFrame.queryByRole("alert")).not.toBeInTheDocument()
      expect(inFrame.getByRole("link", { name: "Autumn edit" })).toHaveAttribute("href", "/shop")
      frame.remove()
    })
  })
})
