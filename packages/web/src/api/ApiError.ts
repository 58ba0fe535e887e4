/** A failed API call: the HTTP status, the parsed body and a readable message (SPEC §8). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    message: string,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/** The message the server itself sent (`body.message`), when it sent one. */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined
  const body = error.body
  if (typeof body !== 'object' || body === null || !('message' in body)) return undefined
  const { message } = body as { message: unknown }
  return typeof message === 'string' && message !== '' ? message : undefined
}
