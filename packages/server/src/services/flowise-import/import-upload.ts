import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Principal } from '../../auth/principal.js'
import type { AppContext } from '../../context.js'
import { FILE_FIELD, readForm } from '../../http/multipart-files.js'
import { badRequest } from '../../http-error.js'
import { FlowiseSourceError, formatReport, importFlowise, MigrationError, WrongKeyError } from './import-flowise.js'
import type { MigrationReport } from './migration-report.js'

// The Import dialog's "Import from a Flowise database": a Flowise SQLite file and its key, uploaded
// from the browser, migrated into the caller's workspace by the same importer as the command.

/** The form field the encryption key comes in. */
export const KEY_FIELD = 'encryptionKey'
const HOW = `send multipart/form-data with the Flowise SQLite file in "${FILE_FIELD}" and its key in "${KEY_FIELD}"`

export async function importUploadedFlowise(
  ctx: AppContext,
  principal: Principal,
  body: unknown,
  contentType: string | undefined,
): Promise<{ report: MigrationReport; text: string }> {
  const form = await readForm(body, contentType, HOW)
  const file = form.get(FILE_FIELD)
  if (!(file instanceof File) || file.size === 0)
    throw badRequest(`body.${FILE_FIELD}: the Flowise database file is required`)
  const key = form.get(KEY_FIELD)
  if (typeof key !== 'string' || key.trim() === '') {
    throw badRequest(
      `body.${KEY_FIELD}: Flowise's encryption key (its encryption.key file or FLOWISE_SECRETKEY_OVERWRITE) is required`,
    )
  }
  // better-sqlite3 reads a file, so the upload waits in a private folder of its own for the run.
  const folder = mkdtempSync(join(tmpdir(), 'weft-flowise-'))
  const path = join(folder, 'database.sqlite')
  try {
    writeFileSync(path, Buffer.from(await file.arrayBuffer()), { mode: 0o600 })
    const report = await importFlowise(ctx, { database: path, encryptionKey: key, workspaceId: principal.workspaceId })
    return { report, text: formatReport(report) }
  } catch (error) {
    const known =
      error instanceof FlowiseSourceError || error instanceof WrongKeyError || error instanceof MigrationError
    // The message names the uploaded file, not where the server kept it.
    if (known) throw badRequest(error.message.replaceAll(path, file.name || 'the uploaded file'))
    throw error
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}
