import type { Kysely } from 'kysely'
import type { FastifyBaseLogger } from 'fastify'
import type { OutboundGuard } from '@weft/nodes'
import type { Keys } from './auth/secrets.js'
import type { Config } from './config.js'
import type { DialectName } from './db/connect.js'
import type { Database } from './db/tables.js'
import type { Mailer } from './mail/mailer.js'
import type { QueueMode } from './queue/queue-mode.js'
import type { FlowRuns } from './services/prediction.service.js'
import type { RunningAnswers } from './services/running-answers.js'
import type { SharedState } from './shared/shared-state.js'

/** What services need from the running app; passed explicitly, never imported as a global. */
export interface AppContext {
  config: Config
  db: Kysely<Database>
  dialect: DialectName
  keys: Keys
  mailer: Mailer
  log: FastifyBaseLogger
  /** The one way to call an address a user chose: refuses private ones unless WEFT_ALLOWED_PRIVATE_HOSTS lists them. */
  outbound: OutboundGuard
  /** The answers being written, so a Stop sent on its own request reaches its run. */
  runningAnswers: RunningAnswers
  /** Where flow runs happen: here, or on a worker in queue mode. */
  runs: FlowRuns
  /** Queue mode's Redis and queues (MODE=queue); undefined when every run happens in this process. */
  queue?: QueueMode | undefined
  /**
   * What every server must agree on: rate limits, login backoff, cache invalidation (in Redis in
   * queue mode). Read it with `sharedOf(ctx)`, which gives a context built without one its own.
   */
  shared?: SharedState | undefined
}
