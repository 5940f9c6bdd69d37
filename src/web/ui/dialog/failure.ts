/** The text of a failure: the server's message (ApiError.message) or a generic one. */
export const failureMessage = (e: unknown): string =>
  (e instanceof Error && e.message) || (typeof e === 'string' && e) || 'Something went wrong...';
