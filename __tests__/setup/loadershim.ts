// Gatsby's Link expects the loader that the real runtime provides.
const globalWithLoader = globalThis as typeof globalThis & {
  ___loader: { enqueue: () => void; hovering: () => void }
}
globalWithLoader.___loader = { enqueue: jest.fn(), hovering: jest.fn() }
