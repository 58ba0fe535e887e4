import type { AccountTokenPurpose } from './db/tables.js'
import { ConfigError, loadConfig } from './config.js'
import { openDatabase } from './db/connect.js'
import { AccountLinkRefused, accountLinkFor } from './services/manual-account-link.service.js'
import { IMPORT_FLOWISE_USAGE, UsageError, runImportFlowise } from './services/flowise-import/command.js'
import { FlowiseSourceError, MigrationError, WrongKeyError } from './services/flowise-import/import-flowise.js'

// Administrator commands, run beside the server with the same environment: `npm run weft -- <command>`.

const USAGE = `Usage: npm run weft -- <command>

  reset-link <email>   Prints a single-use link for the account: a password reset for an active
                       account, the invitation for one not yet accepted, the email confirmation for
                       one not yet confirmed. Earlier links of the same kind stop working.
${IMPORT_FLOWISE_USAGE}`

const WHAT: Record<AccountTokenPurpose, string> = {
  reset: 'Password reset link (valid 30 minutes)',
  invite: 'Invitation link (valid 7 days)',
  verify: 'Email confirmation link (valid 24 hours)',
}

async function resetLink(email: string): Promise<void> {
  const config = loadConfig(process.env)
  const { db } = await openDatabase({ url: config.databaseUrl, home: config.home, schema: config.databaseSchema })
  try {
    const { purpose, link } = await accountLinkFor({ db, config }, email)
    // The label goes to stderr so that stdout holds the link alone, for scripts.
    console.error(`${WHAT[purpose]} for ${email}:`)
    console.log(link)
  } finally {
    await db.destroy()
  }
}

async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args
  if (command === 'reset-link' && rest.length === 1) {
    await resetLink(rest[0]!)
    return 0
  }
  if (command === 'import-flowise') {
    await runImportFlowise(rest)
    return 0
  }
  console.error(USAGE)
  return 2
}

/** Errors that explain themselves: their message is all the administrator needs. */
const KNOWN = [AccountLinkRefused, ConfigError, FlowiseSourceError, WrongKeyError, MigrationError]

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`)
      process.exit(2)
    }
    console.error(KNOWN.some((kind) => error instanceof kind) ? (error as Error).message : error)
    process.exit(1)
  },
)
