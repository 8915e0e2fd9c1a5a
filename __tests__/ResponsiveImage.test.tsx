import { render, screen } from "@testing-library/react"
import type { IGatsbyImageData } from "gatsby-plugin-image"
import { ResponsiveImage } from "../src/components/ui/ResponsiveImage"

// The shape gatsby-plugin-image's resolver returns for a slot (see the fragments in src/components/ui/ResponsiveImage.tsx).
const card: IGatsbyImageData = {
  layout: "constrained",
  width: 560,
  height: 700,
  backgroundColor: "#e8e0d8",
  placeholder: { fallback: "data:image/jpeg;base64,AAAA" },
  images: {
    fallback: {
      src: "/static/a/560/dress.jpg",
      srcSet: "/static/a/320/dress.jpg 320w,\n/static/a/560/dress.jpg 560w",
      sizes: "(min-width: 1152px) 360px, 92vw",
    },
    sources: [
      { type: "image/avif", srcSet: "/static/a/320/dress.avif 320w", sizes: "92vw" },
      { type: "image/webp", srcSet: "/static/a/320/dress.webp 320w", sizes: "92vw" },
    ],
  },
}

const banner: IGatsbyImageData = { ...card, layout: "fullWidth", width: 1, height: 0.625 }

describe("ResponsiveImage", () => {
  it("offers AVIF and WebP before the JPEG, with the sizes the layout needs", () => {
    const { container } = render(<ResponsiveImage image={card} alt="A navy midi dress" />)
    const sources = container.querySelectorAll("picture > source")
    expect([...sources].map((source) => source.getAttribute("type"))).toEqual([
      "image/avif",
      "image/webp",
    ])
    for (const source of sources) expect(source).toHaveAttribute("srcset")
    const img = screen.getByRole("img", { name: "A navy midi dress" })
    expect(img).toHaveAttribute("src", "/static/a/560/dress.jpg")
    expect(img).toHaveAttribute("sizes", "(min-width: 1152px) 360px, 92vw")
  })

  it("announces the width its slot names, where that is not the fragment's, on every source", () => {
    const column = "(min-width: 72rem) calc(72rem - 2 * 2.5rem), 92vw"
    const { container } = render(
      <ResponsiveImage image={banner} alt="The boutique" sizes={column} />,
    )
    const sizes = [...container.querySelectorAll("source, img")].map((el) =>
      el.getAttribute("sizes"),
    )
    expect(sizes).toEqual([column, column, column])
  })

  it("loads lazily and shows the blurred placeholder until the picture arrives", () => {
    render(<ResponsiveImage image={card} alt="A navy midi dress" />)
    const img = screen.getByRole("img")
    expect(img).toHaveAttribute("loading", "lazy")
    expect(img).not.toHaveAttribute("fetchpriority")
    expect(img.style.backgroundImage).toContain("data:image/jpeg;base64,AAAA")
  })

  it("fetches the first screen's picture at once, with high priority", () => {
    render(<ResponsiveImage image={card} alt="" priority />)
    const img = screen.getByRole("presentation")
    expect(img).toHaveAttribute("loading", "eager")
    expect(img).toHaveAttribute("fetchpriority", "high")
  })

  it("reserves the picture's space in whole pixels, also for a full-width ratio", () => {
    render(<ResponsiveImage image={banner} alt="The boutique" />)
    const img = screen.getByRole("img")
    expect(img).toHaveAttribute("width", "1000")
    expect(img).toHaveAttribute("height", "625")
  })
})
