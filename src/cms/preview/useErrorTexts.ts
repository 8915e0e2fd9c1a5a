import { useSharedContent, type ErrorTexts } from "./PreviewContent"

/** Stands in for src/hooks/useErrorTexts.ts in the CMS bundle, like ./useSiteSettings.ts. */
export function useErrorTexts(): ErrorTexts {
  return useSharedContent().errors
}
