import { lazy, Suspense } from "react"
import { SignupFormView, type SignupFormViewProps, type ToastsProps } from "./SignupFormView"

export type { SignupProblem, SignupTexts } from "./SignupFormView"

// Radix's toast code (about 14 KB gzipped) is fetched once a visitor turns to the form.
const SignupToasts = lazy(() => import("./SignupToasts"))

function LazyToasts(props: ToastsProps) {
  return (
    <Suspense fallback={null}>
      <SignupToasts {...props} />
    </Suspense>
  )
}

/**
 * The membership form on the site's pages (./SignupFormView.ts), with its welcome toasts. Its
 * words come from the pages' queries: the `SignupForm` fragment (./SignupForm.fragment.ts).
 */
export function SignupForm(props: Omit<SignupFormViewProps, "toasts">) {
  return <SignupFormView {...props} toasts={LazyToasts} />
}
