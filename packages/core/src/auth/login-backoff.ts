/** Wrong passwords in a row an account takes before each further sign-in must wait. */
export const LOGIN_FAILURES_BEFORE_WAIT = 5

/** The first wait; each further wrong password doubles it. */
const FIRST_WAIT_MS = 1000

/**
 * The longest wait. Guessing is slowed to one try per wait, while a stranger who keeps failing on
 * purpose can hold the owner back by this much at a time, never lock them out.
 */
export const LOGIN_MAX_WAIT_MS = 5 * 60_000

/** How long an account waits, after its last wrong password, before the next one is checked. */
export function loginWaitMs(failures: number): number {
  if (failures < LOGIN_FAILURES_BEFORE_WAIT) return 0
  return Math.min(FIRST_WAIT_MS * 2 ** (failures - LOGIN_FAILURES_BEFORE_WAIT), LOGIN_MAX_WAIT_MS)
}
