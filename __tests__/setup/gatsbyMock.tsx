import "@testing-library/jest-dom"

// Gatsby's data layer does not run under Jest: static queries answer with the real content of
// data/, and Link renders a plain anchor.
jest.mock("gatsby", () => {
  const actual = jest.requireActual("gatsby")
  const { createElement } = jest.requireActual("react")
  const { staticQueryData } = jest.requireActual("./content")
  return {
    ...actual,
    graphql: jest.fn(),
    useStaticQuery: jest.fn(() => staticQueryData),
    Link: ({ to, ...rest }: { to: string }) => createElement("a", { ...rest, href: to }),
  }
})
