import { TextDecoder, TextEncoder } from "util"

// Gatsby's Link expects the loader that the real runtime provides.
const globalWithLoader = globalThis as typeof globalThis & {
  ___loader: { enqueue: () => void; hovering: () => void }
}
globalWithLoader.___loader = { enqueue: jest.fn(), hovering: jest.fn() }

// What jsdom leaves out of a browser's globals: React's server renderer (a test renders a page's
// server HTML to hydrate it) needs TextEncoder, and image-size (the CMS's Save check of an
// uploaded picture, src/content/checkContent/pictureFacts.ts) TextDecoder.
globalThis.TextEncoder ??= TextEncoder as typeof globalThis.TextEncoder
globalThis.TextDecoder ??= TextDecoder as typeof globalThis.TextDecoder
