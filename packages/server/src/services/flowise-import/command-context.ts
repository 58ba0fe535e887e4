import { createOutboundGuard } from '@weft/nodes'
import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import { loadKeys } from '../../auth/secrets.js'
import type { Config } from '../../config.js'
import type { AppContext } from '../../context.js'
import type { DialectName } from '../../db/connect.js'
import type { Database } from '../../db/tables.js'
import { createMailer } from '../../mail/mailer.js'
import { localRuns } from '../prediction.service.js'
import { localRunningAnswers } from '../running-answers.js'

const ignore = () => undefined
/** A command prints its own report; the services' logs stay quiet. */
const quiet = {
  level: 'silent',
  fatal: ignore,
  error: ignore,
  warn: ignore,
  info: ignore,
  debug: ignore,
  trace: ignore,
  silent: ignore,
  child: () => quiet,
} as unknown as FastifyBaseLogger

/** What the server's services need, for a command run beside the server with the same environment. */
export const commandContext = (config: Config, db: Kysely<Database>, dialect: DialectName): AppContext => {
  const ctx: AppContext = {
    config,
    db,
    dialect,
    keys: loadKeys(config.home, config.secretKey),
    mailer: createMailer(config, quiet),
    log: quiet,
    outbound: createOutboundGuard({ allowedPrivateHosts: config.allowedPrivateHosts }),
    runningAnswers: localRunningAnswers(),
    runs: localRuns(() => ctx),
  }
  return ctx
}
