import type { Kysely } from 'kysely'

// Frozen in time, like every migration: later changes get a new file.
// Issue 24: single sign-on provider configurations.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  void db
}

export async function down(): Promise<void> {
  throw new Error('Weft migrations only move forward')
}
