import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs'

// The data folder holds the database, the generated secret key and uploaded models: only the account
// that runs Weft may read them. Modes are set explicitly (the umask would widen or narrow them) and
// re-applied at every start, which also tightens a folder or file left by an older version.

/** Creates the folder if needed and makes it owner-only (0700). */
export function ensurePrivateFolder(path: string): void {
  mkdirSync(path, { recursive: true, mode: 0o700 })
  chmodSync(path, 0o700)
}

/** Creates the file empty if needed and makes it owner-only (0600). */
export function ensurePrivateFile(path: string): void {
  closeSync(openSync(path, 'a', 0o600))
  chmodSync(path, 0o600)
}

/** Makes the file owner-only if it exists (a SQLite -wal or -shm file left by an earlier run). */
export function tightenIfPresent(path: string): void {
  if (existsSync(path)) chmodSync(path, 0o600)
}
