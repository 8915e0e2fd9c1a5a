import { Component, type ErrorInfo, type ReactNode } from "react"
import { ErrorScreen } from "./ErrorScreen"

export interface ErrorTexts {
  heading: string
  text: string
  linkLabel: string
}

interface ErrorBoundaryProps {
  texts: ErrorTexts
  children: ReactNode
}

interface ErrorBoundaryState {
  error: Error | null
}

/** Catches a rendering error in a page and shows a readable screen instead of a blank one. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null }

  static getDerivedStateFromError(error: Error): ErrorBoundaryState {
    return { error }
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("Unexpected application error:", error, info.componentStack)
  }

  override render() {
    const { error } = this.state
    if (!error) return this.props.children
    return <ErrorScreen texts={this.props.texts} message={error.message} />
  }
}
