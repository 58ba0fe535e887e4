import type { PlatformType } from '../types/user.js'

/** Reads PLATFORM_TYPE: "enterprise" and "cloud" name those editions; anything else is open source. */
export function parsePlatformType(value: unknown): PlatformType {
  if (value === 'enterprise' || value === 'cloud') return value
  return 'open source'
}

export const isOpenSource = (platform: PlatformType): boolean => platform === 'open source'
