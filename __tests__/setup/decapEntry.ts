/** Decap's entry as its preSave listener is given it: an Immutable Map, reduced to what src/cms/saveCheck.ts reads. */
export const entryOf = (
  slug: string,
  data: unknown,
  mediaFiles: { path: string; draft: boolean; file: Blob }[] = [],
) => {
  const fields: Record<string, unknown> = {
    slug,
    data: { toJS: () => data },
    mediaFiles: { toJS: () => mediaFiles },
  }
  return { get: (key: string) => fields[key] } as never
}
