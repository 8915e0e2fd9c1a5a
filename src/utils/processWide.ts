/**
 * One value for the whole process, made on first use: Gatsby loads a Function's module afresh for
 * each request under `gatsby develop` and on Netlify (it clears it from require's cache), so a
 * value kept in a module (an open database, a limit's counts, a sender) would start anew each
 * time. Kept on globalThis under a registered symbol: the one place the site does so (a bend,
 * listed in docs/architecture.md; __tests__/gatsbyFunction.test.ts fails without it). `name`
 * carries a version: a value whose shape changes takes a new name.
 */
export function processWide<T>(name: string, make: () => T): T {
  const key = Symbol.for(`evergrace.${name}`)
  const holder = globalThis as unknown as Record<symbol, T | undefined>
  return (holder[key] ??= make())
}
