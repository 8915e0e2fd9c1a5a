import { act } from "react"
import { hydrateRoot } from "react-dom/client"
import { renderToString } from "react-dom/server"
import { render, screen } from "@testing-library/react"
import { StaticContent } from "../src/components/StaticContent"
import { endFirstRender } from "../src/utils/firstRender"

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
    endFirstRender()
    const onRender = jest.fn()
    render(
      <StaticContent id="journal-page">
        <Article onRender={onRender} />
      </StaticContent>,
    )
    expect(onRender).toHaveBeenCalled()
    expect(screen.getByText("Autumn layers, light as air")).toBeInTheDocument()
  })
})
