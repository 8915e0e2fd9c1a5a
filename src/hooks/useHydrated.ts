import { useEffect, useState } from "react"

/** False in the static HTML and until React has taken over the page in the browser. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}
