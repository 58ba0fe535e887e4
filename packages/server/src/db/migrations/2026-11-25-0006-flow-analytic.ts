import type { Kysely } from 'kysely'

// Frozen in time, like every migration: later changes get a new file.
// Tracing of runs, as Flowise keeps it: the flow's `analytic`, JSON text of settings by provider
// (`{"langSmith":{"status":true,"credentialId":"…","projectName":"…"},…}`), or null: off.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('flows').addColumn('analytic', 'text').execute()
}

export async function down(): Promise<void> {
  throw new Error('Weft migrations only move forward')
}
