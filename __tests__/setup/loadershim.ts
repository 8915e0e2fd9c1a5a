import { TextEncoder } from "util"

// Gatsby's Link expects the loader that the real runtime provides.
const globalWithLoader = globalThis as typeof globalThis & {
  ___loader: { enqueue: () => void; hovering: () => void }
}
globalWithLoader.___loader = { enqueue: jest.fn(), hovering: jest.fn() }

// React's server renderer (a test renders a page's server HTML to hydrate it) needs the
// TextEncoder that jsdom leaves out.
globalThis.TextEncoder ??= TextEncoder as typeof globalThis.TextEncoder
