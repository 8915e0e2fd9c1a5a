/** What went wrong, in a log line or a message: an Error's message, or anything else as text. */
export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : String(error)
