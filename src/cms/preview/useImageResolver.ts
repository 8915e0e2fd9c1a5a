import { useCallback, useEffect, useRef, useState } from "react"
import { previewImage, type ImageSize, type ResolveImage } from "./previewData"

/**
 * Resolves the JSON's picture paths with Decap's getAsset (which also knows pictures uploaded but
 * not yet saved) and learns each picture's proportions, so it is shown at its own shape. Pictures
 * met while rendering are measured after the render, which then repeats with their sizes.
 */
export function useImageResolver(urlOf: (path: string) => string): ResolveImage {
  const [sizes, setSizes] = useState<ReadonlyMap<string, ImageSize>>(() => new Map())
  const unmeasured = useRef(new Set<string>())
  const requested = useRef(new Set<string>())

  useEffect(() => {
    for (const url of unmeasured.current) {
      if (requested.current.has(url)) continue
      requested.current.add(url)
      const image = new Image()
      image.onload = () =>
        setSizes((known) =>
          new Map(known).set(url, { width: image.naturalWidth, height: image.naturalHeight }),
        )
      image.src = url
    }
    unmeasured.current.clear()
  })

  return useCallback(
    (path: string) => {
      const url = urlOf(path)
      const size = sizes.get(url)
      if (!size) unmeasured.current.add(url)
      return previewImage(url, size)
    },
    [urlOf, sizes],
  )
}
