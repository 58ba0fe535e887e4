const UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const

/**
 * A file size as SPEC §9 shows it: Bytes through YB in steps of 1024, at most 2 decimals, trailing
 * zeros dropped ("0 Bytes", "512 Bytes", "1.5 KB", "2 MB").
 */
export function formatFileSize(bytes: number, decimals = 2): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes'
  const step = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)))
  const value = Number((bytes / 1024 ** step).toFixed(Math.max(0, decimals)))
  return `${value} ${UNITS[step]}`
}
