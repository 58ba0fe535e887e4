import type { FailureKind } from '@weft/core'

/**
 * The one error for an address Weft will not call, a host it cannot resolve, a port that refuses
 * the connection or one that never answers the handshake: the same words for all of them, so a
 * flow cannot be used to learn which private addresses and ports are open. It names the host as the
 * entry an administrator would add to allow it.
 */
export class OutboundRequestRefused extends Error {
  /** The flow's configuration names the address: the caller or owner fixes it (422). */
  readonly failureKind: FailureKind = 'configuration'

  constructor(url: URL) {
    super(
      `Weft could not reach ${url.origin}: the address is private, unreachable or refused the connection. ` +
        `An administrator can allow a private host by adding ${url.host} to WEFT_ALLOWED_PRIVATE_HOSTS.`,
    )
    this.name = 'OutboundRequestRefused'
  }
}
