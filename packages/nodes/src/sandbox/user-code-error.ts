/** The code failed: it did not parse, it threw, or it went past a limit. The message says which. */
export class UserCodeError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UserCodeError'
  }
}

/** Said both by the sandbox that interrupts the code and by the pool that gives up on a stuck worker. */
export function timeLimitError(timeoutMs: number): UserCodeError {
  const limit = timeoutMs % 1000 === 0 ? `${timeoutMs / 1000} s` : `${timeoutMs} ms`
  return new UserCodeError(`Custom code took longer than ${limit}`)
}
