import type { PlatformType } from '@weft/core'
import { serverMessage } from '../../api/ApiError'

/** SPEC §8: the server's message or a default; enterprise users are pointed to their administrator. */
export function switchFailureMessage(error: unknown, platform: PlatformType): string[] {
  const message = serverMessage(error) ?? 'Failed to switch workspace'
  return platform === 'enterprise' ? [message, 'Please contact your administrator for assistance.'] : [message]
}
