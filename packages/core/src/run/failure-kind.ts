// Why a run failed, as the code that threw knows it, and the HTTP status that follows from it. One
// table: what the caller or the flow's owner can fix answers 4xx, a model's or another service's
// failure 502, its timeout 504, and anything unclassified is our own fault, 500.

/**
 * - `request`: the call itself is wrong (a value the caller sends is missing or unusable): 400.
 * - `configuration`: the flow as its owner built it cannot run this way (a refused address, a file
 *   outside its folder, a prompt variable nothing fills): 422.
 * - `service`: a model or another service answered with an error or could not be used: 502.
 * - `timeout`: a model or another service did not answer in time: 504.
 */
export type FailureKind = 'request' | 'configuration' | 'service' | 'timeout'

export const FAILURE_STATUS: Readonly<Record<FailureKind, number>> = Object.freeze({
  request: 400,
  configuration: 422,
  service: 502,
  timeout: 504,
})

const KINDS = new Set<unknown>(Object.keys(FAILURE_STATUS))

/** `error` marked with its kind (the same object), for code that knows why it failed. */
export function markFailure<E>(error: E, kind: FailureKind): E {
  if (typeof error === 'object' && error !== null && failureKindOf(error) === undefined) {
    ;(error as { failureKind?: FailureKind }).failureKind = kind
  }
  return error
}

/** A new Error of the given kind. */
export const failure = (kind: FailureKind, message: string, options?: ErrorOptions): Error =>
  markFailure(new Error(message, options), kind)

/**
 * The kind of a thrown value: its own `failureKind`, else the first one found along what it wraps
 * (`cause`, or `original` of an engine's step failure); undefined when nothing says.
 */
export function failureKindOf(error: unknown): FailureKind | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth++) {
    const { failureKind, cause, original } = current as { failureKind?: unknown; cause?: unknown; original?: unknown }
    if (KINDS.has(failureKind)) return failureKind as FailureKind
    current = cause ?? original
  }
  return undefined
}

/** The HTTP status of a failure: its kind's, or 500 when no kind is known. */
export function failureStatus(error: unknown): number {
  const kind = failureKindOf(error)
  return kind ? FAILURE_STATUS[kind] : 500
}
