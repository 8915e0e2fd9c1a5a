import { render, screen } from "@testing-library/react"
import shop from "../data/shop.json"
import { CategoryCard } from "../src/components/shop/CategoryCard"

// The staff set each count (0 to 9999) and the two words after it: the card reads as English does.
const category = (count: number) =>
  ({
    name: "A category",
    count,
    image: { childImageSharp: null },
    imageAlt: "",
  }) satisfies Queries.CategoryCardFragment

test.each([
  [1, `1 ${shop.countLabelOne}`],
  [0, `0 ${shop.countLabel}`],
  [24, `24 ${shop.countLabel}`],
  [9999, `9,999 ${shop.countLabel}`],
])("%i pieces read “%s”", (count, text) => {
  render(<CategoryCard category={category(count)} countLabels={shop} />)
  expect(screen.getByText(text)).toBeInTheDocument()
})
