/** Decap's entry as its preSave listener is given it: an Immutable Map, reduced to what src/cms/saveCheck.ts reads. */
export const entryOf = (slug: string, data: unknown) => {
  const fields: Record<string, unknown> = { slug, data: { toJS: () => data } }
  return { get: (key: string) => fields[key] } as never
}
