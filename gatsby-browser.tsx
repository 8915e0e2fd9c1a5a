export { wrapPageElement } from "./src/wrappers"
