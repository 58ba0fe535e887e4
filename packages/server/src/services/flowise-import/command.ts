import { existsSync, readFileSync } from 'node:fs'
import { loadConfig } from '../../config.js'
import { openDatabase } from '../../db/connect.js'
import { commandContext } from './command-context.js'
import { formatReport, importFlowise } from './import-flowise.js'

// `npm run weft -- import-flowise …`: the migration from a running Flowise, as a command.

export const IMPORT_FLOWISE_USAGE = `  import-flowise --database <SQLite file | postgres:// URL>
                 (--encryption-key-file <file> | --encryption-key <value>) [--workspace <id>]
                       Brings a Flowise 3.x installation into a Weft workspace (the first one when
                       none is named): flows, assistants, tools, variables, templates, credentials,
                       API keys, chat messages with feedback and leads, document stores, executions.
                       The key is Flowise's encryption.key file or its FLOWISE_SECRETKEY_OVERWRITE.`

/** A command line the command cannot run; the usage follows the message. */
export class UsageError extends Error {}

const FLAGS = ['--database', '--encryption-key-file', '--encryption-key', '--workspace'] as const
type Flag = (typeof FLAGS)[number]

function parseFlags(args: readonly string[]): Partial<Record<Flag, string>> {
  const flags: Partial<Record<Flag, string>> = {}
  for (let at = 0; at < args.length; at += 1) {
    const [name, inline] = args[at]!.split(/=(.*)/s, 2) as [string, string | undefined]
    if (!(FLAGS as readonly string[]).includes(name)) throw new UsageError(`Unknown argument ${name}`)
    const value = inline ?? args[(at += 1)]
    if (value === undefined || value === '') throw new UsageError(`${name} needs a value`)
    flags[name as Flag] = value
  }
  return flags
}

/** The encryption key from exactly one of its two flags. */
function encryptionKeyOf(flags: Partial<Record<Flag, string>>): string {
  const file = flags['--encryption-key-file']
  const value = flags['--encryption-key']
  if ((file === undefined) === (value === undefined)) {
    throw new UsageError('Give Flowise’s encryption key with either --encryption-key-file or --encryption-key')
  }
  if (value !== undefined) return value
  if (!existsSync(file!)) throw new UsageError(`No encryption key file at ${file}`)
  return readFileSync(file!, 'utf8')
}

/** Runs the migration and prints its report; throws the errors that say why it changed nothing. */
export async function runImportFlowise(args: readonly string[]): Promise<void> {
  const flags = parseFlags(args)
  const database = flags['--database']
  if (!database) throw new UsageError('--database is required: the Flowise SQLite file or its postgres:// URL')
  const encryptionKey = encryptionKeyOf(flags)
  const config = loadConfig(process.env)
  const { db, dialect } = await openDatabase({
    url: config.databaseUrl,
    home: config.home,
    schema: config.databaseSchema,
  })
  const ctx = commandContext(config, db, dialect)
  try {
    const report = await importFlowise(ctx, { database, encryptionKey, workspaceId: flags['--workspace'] })
    console.log(formatReport(report))
  } finally {
    await ctx.outbound.close()
    await db.destroy()
  }
}
