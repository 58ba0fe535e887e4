/**
 * The limit a public flow gets while its owner has set none: anyone on the internet can call it,
 * and each call spends the owner's model budget. It cannot be switched off for a public flow; an
 * owner who needs more calls sets a higher limit of their own.
 */
export const PUBLIC_FLOW_RATE_LIMIT = {
  /** Requests one client may make per window. */
  limitMax: 60,
  /** Window length in seconds. */
  limitDuration: 60,
} as const
