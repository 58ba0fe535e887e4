import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import { z } from 'zod'
import { DEFAULT_FLOW_BODY_LIMIT_MB, parsePlatformType, type PlatformType } from '@weft/core'

const port = z.coerce.number().int().min(0).max(65535)
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()))

const envSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().default('0.0.0.0'),
  WEFT_HOME: optionalText,
  DATABASE_URL: optionalText.refine(
    (url) => url === undefined || /^postgres(ql)?:\/\//.test(url),
    'must start with postgres:// (leave it unset for the embedded SQLite database)',
  ),
  PLATFORM_TYPE: optionalText,
  WEFT_SECRET_KEY: optionalText.refine(
    (key) => key === undefined || key.length >= 16,
    'must be at least 16 characters',
  ),
  WEFT_ADMIN_EMAIL: optionalText.refine(
    (v) => v === undefined || z.email().safeParse(v).success,
    'must be an e-mail address',
  ),
  WEFT_ADMIN_PASSWORD: optionalText,
  WEFT_PUBLIC_URL: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEFT_LOG_RETENTION_DAYS: z.coerce
    .number('must be a whole number of days')
    .int('must be a whole number of days')
    .min(0, 'must be 0 (no log files) or more days')
    .max(3650, 'must be at most 3650 (days)')
    .default(14),
  SMTP_HOST: optionalText,
  SMTP_PORT: port.optional(),
  SMTP_USER: optionalText,
  SMTP_PASSWORD: optionalText,
  SMTP_SECURE: z.enum(['true', 'false']).optional(),
  SENDER_EMAIL: optionalText,
  WEFT_RUN_TIMEOUT_MS: z.coerce.number().int().min(100, 'must be at least 100 (milliseconds)').default(300_000),
  WEFT_ADMIN_NAME: optionalText,
  WEFT_ALLOWED_PRIVATE_HOSTS: optionalText,
  WEFT_TRUST_PROXY: optionalText,
  WEFT_GITHUB_STARS: z.enum(['true', 'false']).default('true'),
  WEFT_SANDBOX_THREADS: z.coerce.number().int().min(1, 'must be at least 1').max(64, 'must be at most 64').default(2),
  WEFT_SANDBOX_QUEUE: z.coerce.number().int().min(1, 'must be at least 1').default(64),
  WEFT_TOOL_FILES_DIR: optionalText,
  WEFT_FLOW_BODY_LIMIT_MB: z.coerce
    .number('must be a whole number of megabytes')
    .int('must be a whole number of megabytes')
    .min(5, 'must be at least 5 (megabytes; other calls take 5 MB)')
    .max(1024, 'must be at most 1024 (megabytes)')
    .default(DEFAULT_FLOW_BODY_LIMIT_MB),
  NODE_ENV: optionalText,
  WEFT_METRICS_TOKEN: optionalText.refine(
    (token) => token === undefined || token.length >= 16,
    'must be at least 16 characters (or unset: /api/v1/metrics is then open)',
  ),
  WEFT_SHUTDOWN_GRACE_MS: z.coerce
    .number('must be a whole number of milliseconds')
    .int('must be a whole number of milliseconds')
    .min(0, 'must be 0 or more (milliseconds)')
    .default(10_000),
  MODE: z
    .enum(['main', 'queue'], 'must be main (runs in this process) or queue (runs on workers, with REDIS_URL)')
    .default('main'),
  REDIS_URL: optionalText.refine(
    (url) => url === undefined || /^rediss?:\/\//.test(url),
    'must start with redis:// or rediss:// (e.g. redis://127.0.0.1:6379)',
  ),
  WORKER_CONCURRENCY: z.coerce
    .number('must be a whole number')
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(1000, 'must be at most 1000')
    .default(10),
  WORKER_PORT: port.default(3001),
  WEFT_QUEUE_PREFIX: z
    .string()
    .regex(/^[a-zA-Z0-9_-]{1,40}$/, 'must be 1 to 40 letters, digits, - or _')
    .default('weft'),
  WEFT_QUEUE_LOCK_MS: z.coerce
    .number('must be a whole number of milliseconds')
    .int('must be a whole number of milliseconds')
    .min(1000, 'must be at least 1000 (milliseconds)')
    .default(30_000),
  WEFT_QUEUE_WAIT_MS: z.coerce
    .number('must be a whole number of milliseconds')
    .int('must be a whole number of milliseconds')
    .min(0, 'must be 0 or more (milliseconds)')
    .default(5_000),
  WEFT_DATABASE_SCHEMA: optionalText.refine(
    (name) => name === undefined || /^[a-z_][a-z0-9_]{0,62}$/.test(name),
    'must be a PostgreSQL schema name: lower-case letters, digits and _, not starting with a digit, at most 63',
  ),
})

export interface SmtpConfig {
  host: string
  port: number
  secure: boolean
  user: string | undefined
  password: string | undefined
  from: string
}

export interface Config {
  port: number
  host: string
  home: string
  databaseUrl: string | undefined
  platform: PlatformType
  secretKey: string | undefined
  admin: { email: string; password: string; name: string } | undefined
  publicUrl: string
  logLevel: string
  /**
   * The log is also written to one file a day (UTC) under `home/logs`, the files of the last this
   * many days kept (today's included); 0 writes no log files.
   */
  logRetentionDays: number
  smtp: SmtpConfig | undefined
  /** A flow run still going after this many milliseconds is stopped. */
  runTimeoutMs: number
  /** Where the built web app lives; undefined serves the API alone. */
  webRoot: string | undefined
  /**
   * Private or loopback hosts that outbound requests to user-chosen URLs may still reach (a model
   * server on the same machine): `host` (any port) or `host:port`, lower case, IPv6 in brackets.
   */
  allowedPrivateHosts: string[]
  /** Fastify's `trustProxy`: false (default), true, a hop count, or the proxies' addresses/CIDRs. */
  trustProxy: boolean | number | string[]
  /** Whether the server may ask GitHub for the star count and the latest release (at most once a day). */
  githubStars: boolean
  /** User code (custom tools and functions) runs on this many worker threads, with this many runs waiting at most. */
  sandbox: { threads: number; queue: number }
  /** The one folder the Read File and Write File tools may use; undefined turns them off. */
  toolFilesFolder: string | undefined
  /** The largest body a flow save (POST/PUT /chatflows) or a workspace import takes; other calls take 5 MB. */
  flowBodyLimitBytes: number
  /** NODE_ENV=production: live account links are never written to the log. */
  production: boolean
  /** When set, GET /api/v1/metrics asks for `Authorization: Bearer <token>`; unset, it is open. */
  metricsToken: string | undefined
  /** On SIGTERM/SIGINT, running answers get this many milliseconds to finish before they are stopped. */
  shutdownGraceMs: number
  /** Set in queue mode (MODE=queue); undefined runs every flow in this process. */
  queue: QueueConfig | undefined
  /**
   * The PostgreSQL schema Weft's tables live in (created when missing), instead of the connection's
   * default (`public`); several installs, or test runs, can then share one database.
   */
  databaseSchema: string | undefined
}

/** Queue mode: runs are BullMQ jobs on Redis, run by workers (`npm run worker`). */
export interface QueueConfig {
  redisUrl: string
  /** Every key of this install in Redis starts with it, so several installs (or tests) share one Redis. */
  prefix: string
  /** How many runs one worker takes at once. */
  concurrency: number
  /** Where a worker serves /api/v1/health, /api/v1/ready and /api/v1/metrics. */
  workerPort: number
  /** While Redis is unreachable, a new run waits this long for it, then answers 503. */
  waitMs: number
  /**
   * A worker holds each job it runs for this long, renewing the hold while it runs; the jobs of a
   * worker that died are taken back after about this long (an agentflow goes on elsewhere).
   */
  lockMs: number
}

export class ConfigError extends Error {}

/** Reads and validates the environment; a bad value stops the start with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, webRoot?: string): Config {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`)
  }
  const e = parsed.data
  if (Boolean(e.WEFT_ADMIN_EMAIL) !== Boolean(e.WEFT_ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration:\n  WEFT_ADMIN_EMAIL and WEFT_ADMIN_PASSWORD go together')
  }
  if (e.WEFT_ADMIN_NAME !== undefined && !e.WEFT_ADMIN_EMAIL) {
    throw new ConfigError(
      'Invalid configuration:\n  WEFT_ADMIN_NAME goes with WEFT_ADMIN_EMAIL and WEFT_ADMIN_PASSWORD',
    )
  }
  if (e.WEFT_ADMIN_PASSWORD !== undefined && e.WEFT_ADMIN_PASSWORD.length < 8) {
    throw new ConfigError('Invalid configuration:\n  WEFT_ADMIN_PASSWORD: must be at least 8 characters')
  }
  if (e.WEFT_DATABASE_SCHEMA !== undefined && !e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  WEFT_DATABASE_SCHEMA goes with DATABASE_URL (the embedded SQLite database has no schemas)',
    )
  }
  if (e.MODE === 'queue' && !e.REDIS_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  REDIS_URL: queue mode (MODE=queue) needs Redis, e.g. redis://127.0.0.1:6379',
    )
  }
  return {
    port: e.PORT,
    host: e.HOST,
    home: e.WEFT_HOME ?? join(homedir(), '.weft'),
    databaseUrl: e.DATABASE_URL,
    platform: parsePlatformType(e.PLATFORM_TYPE),
    secretKey: e.WEFT_SECRET_KEY,
    admin:
      e.WEFT_ADMIN_EMAIL && e.WEFT_ADMIN_PASSWORD
        ? { email: e.WEFT_ADMIN_EMAIL, password: e.WEFT_ADMIN_PASSWORD, name: e.WEFT_ADMIN_NAME ?? 'Admin' }
        : undefined,
    publicUrl: (e.WEFT_PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
    logRetentionDays: e.WEFT_LOG_RETENTION_DAYS,
    smtp: e.SMTP_HOST
      ? {
          host: e.SMTP_HOST,
          port: e.SMTP_PORT ?? 587,
          secure: e.SMTP_SECURE === 'true',
          user: e.SMTP_USER,
          password: e.SMTP_PASSWORD,
          from: e.SENDER_EMAIL ?? 'Weft <no-reply@localhost>',
        }
      : undefined,
    runTimeoutMs: e.WEFT_RUN_TIMEOUT_MS,
    webRoot,
    allowedPrivateHosts: readHostList(e.WEFT_ALLOWED_PRIVATE_HOSTS),
    trustProxy: readTrustProxy(e.WEFT_TRUST_PROXY),
    githubStars: e.WEFT_GITHUB_STARS === 'true',
    sandbox: { threads: e.WEFT_SANDBOX_THREADS, queue: e.WEFT_SANDBOX_QUEUE },
    toolFilesFolder: e.WEFT_TOOL_FILES_DIR === undefined ? undefined : resolve(e.WEFT_TOOL_FILES_DIR),
    flowBodyLimitBytes: e.WEFT_FLOW_BODY_LIMIT_MB * 1024 * 1024,
    production: e.NODE_ENV === 'production',
    metricsToken: e.WEFT_METRICS_TOKEN,
    shutdownGraceMs: e.WEFT_SHUTDOWN_GRACE_MS,
    queue:
      e.MODE === 'queue' && e.REDIS_URL
        ? {
            redisUrl: e.REDIS_URL,
            prefix: e.WEFT_QUEUE_PREFIX,
            concurrency: e.WORKER_CONCURRENCY,
            workerPort: e.WORKER_PORT,
            waitMs: e.WEFT_QUEUE_WAIT_MS,
            lockMs: e.WEFT_QUEUE_LOCK_MS,
          }
        : undefined,
    databaseSchema: e.WEFT_DATABASE_SCHEMA,
  }
}

const HOST_ENTRY = /^(\[[0-9a-f:.]+\]|[a-z0-9]([a-z0-9.-]*[a-z0-9])?)(:\d{1,5})?$/

/** `127.0.0.1:11434, ollama.internal` → entries checked one by one; a bad one is named. */
function readHostList(text: string | undefined): string[] {
  if (text === undefined) return []
  const entries = text
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean)
  const bad = entries.find((entry) => !HOST_ENTRY.test(entry))
  if (bad !== undefined) {
    throw new ConfigError(
      `Invalid configuration:\n  WEFT_ALLOWED_PRIVATE_HOSTS: "${bad}" is not a host or host:port (e.g. 127.0.0.1:11434,ollama.internal)`,
    )
  }
  return entries
}

/** `false`/`true`, a hop count, or a comma list of proxy addresses or CIDR ranges. */
function readTrustProxy(text: string | undefined): boolean | number | string[] {
  if (text === undefined || text === 'false') return false
  if (text === 'true') return true
  if (/^\d+$/.test(text)) return Number(text)
  const list = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  if (list.length === 0 || list.some((entry) => !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(entry))) {
    throw new ConfigError(
      'Invalid configuration:\n  WEFT_TRUST_PROXY: must be true, false, a hop count or a comma list of proxy addresses (e.g. 10.0.0.1,10.0.1.0/24)',
    )
  }
  return list
}
