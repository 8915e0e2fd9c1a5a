// Jest runs CommonJS without --experimental-vm-modules, where a dynamic import() throws, and
// @react-email/render loads react-dom/server with one. Its own code runs here with each import()
// made a require from its folder, so every suite renders e-mails exactly as the sender does (the
// suites that run the site's server send hers, and would log a failed first attempt).
jest.mock("@react-email/render", () => {
  const fs = jest.requireActual<typeof import("node:fs")>("node:fs")
  const path = jest.requireActual<typeof import("node:path")>("node:path")
  const file = require.resolve("@react-email/render")
  const fromLibrary = (id: string): unknown =>
    jest.requireActual(require.resolve(id, { paths: [path.dirname(file)] }))
  const source = fs.readFileSync(file, "utf8")
  const dynamicImport = /\bimport\(("[^"]+")\)/g
  if (!dynamicImport.test(source)) throw new Error(`no import() left in ${file}: drop this shim`)
  const module = { exports: {} as Record<string, unknown> }
  new Function(
    "module",
    "exports",
    "require",
    source.replace(dynamicImport, "Promise.resolve(require($1))"),
  )(module, module.exports, fromLibrary)
  return module.exports
})
