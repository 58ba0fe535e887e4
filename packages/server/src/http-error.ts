/** An error the API answers with its own status and message instead of a 500. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message)
  }
}

export const badRequest = (message: string) => new HttpError(400, message)
export const unauthorized = (message: string, extra?: Record<string, unknown>) => new HttpError(401, message, extra)
export const forbidden = (message = 'You do not have permission to do this') => new HttpError(403, message)
export const notFound = (message: string) => new HttpError(404, message)
export const conflict = (message: string) => new HttpError(409, message)

/** The two 401 messages the client of SPEC §8 acts on. */
export const TOKEN_EXPIRED = 'Token Expired'
export const INVALID_TOKEN = 'Invalid or Missing token'
