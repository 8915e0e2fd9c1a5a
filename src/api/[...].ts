// Gatsby serves every /api/* request through this file: the adapter is src/gatsby/functionAdapter.ts.
export { default } from "../gatsby/functionAdapter"
