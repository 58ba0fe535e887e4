import type { AppContext } from '../../context.js'
import { findTargetWorkspace } from '../../db/repositories/flowise-import.repository.js'
import { readFlowiseDatabase } from './flowise-database.js'
import { toLeads, toRawBundle } from './flowise-records.js'
import { decryptCredentials, readApiKeys } from './flowise-secrets.js'
import type { MigrationReport } from './migration-report.js'
import { writeMigration } from './write-migration.js'

export { FlowiseSourceError } from './flowise-database.js'
export { WrongKeyError } from './flowise-secrets.js'
export { formatReport, type MigrationReport } from './migration-report.js'

/** The migration cannot run as asked (no such workspace, a failed write); nothing was written. */
export class MigrationError extends Error {}

export interface FlowiseImportOptions {
  /** A Flowise SQLite file's path, or a `postgres://` URL of its PostgreSQL database. */
  database: string
  /** Flowise's encryption key: its `encryption.key` file's text or FLOWISE_SECRETKEY_OVERWRITE. */
  encryptionKey: string
  /** The Weft workspace to bring it into; the first one when absent. */
  workspaceId?: string | undefined
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * Brings a Flowise 3.x installation into a Weft workspace, in one transaction: everything is read
 * and every credential decrypted before anything is written, so a bad path, a database that is not
 * Flowise's or a wrong key (FlowiseSourceError, WrongKeyError) change nothing, and any failed write
 * undoes the rest (MigrationError). Records an earlier run brought are counted as already there.
 */
export async function importFlowise(ctx: AppContext, options: FlowiseImportOptions): Promise<MigrationReport> {
  const tables = await readFlowiseDatabase(options.database)
  const opened = decryptCredentials(tables, options.encryptionKey)
  const keys = readApiKeys(tables)
  const { bundle, leftBehind } = toRawBundle(tables)
  const workspace = await findTargetWorkspace(ctx.db, options.workspaceId)
  if (!workspace) {
    throw new MigrationError(
      options.workspaceId
        ? `No Weft workspace has the id ${options.workspaceId}`
        : 'This Weft has no workspace yet: start the server and create the first account, then run the import again',
    )
  }
  const content = {
    bundle,
    credentials: opened.credentials,
    apiKeys: keys.apiKeys,
    leads: toLeads(tables),
    leftBehind: [...opened.leftBehind, ...keys.leftBehind, ...leftBehind],
  }
  try {
    return await ctx.db
      .transaction()
      .execute((trx) => writeMigration({ ...ctx, db: trx }, { id: workspace.id, name: workspace.name }, content))
  } catch (error) {
    throw new MigrationError(`The import failed and changed nothing: ${messageOf(error)}`)
  }
}
