import { createContext, useContext, type ReactNode } from "react"
import type { useErrorTexts as siteUseErrorTexts } from "../../hooks/useErrorTexts"
import type { useSiteSettings as siteUseSiteSettings } from "../../hooks/useSiteSettings"

export type SiteSettings = ReturnType<typeof siteUseSiteSettings>
export type ErrorTexts = ReturnType<typeof siteUseErrorTexts>

/** What the site's static queries return on the live site, supplied by the preview instead. */
export interface SharedContent {
  site: SiteSettings
  errors: ErrorTexts
}

const SharedContentContext = createContext<SharedContent | null>(null)

export function SharedContentProvider({
  value,
  children,
}: {
  value: SharedContent
  children: ReactNode
}) {
  return <SharedContentContext.Provider value={value}>{children}</SharedContentContext.Provider>
}

export function useSharedContent(): SharedContent {
  const content = useContext(SharedContentContext)
  if (!content) throw new Error("A preview component was rendered outside SharedContentProvider")
  return content
}
