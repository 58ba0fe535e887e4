import { createRequire } from 'node:module'
import type PinoPretty from 'pino-pretty'
import { isSecretName, redactAddress } from '@weft/core'
import type { FastifyRequest, FastifyServerOptions } from 'fastify'
import type { LogFiles } from './log-files.js'

/** pino-pretty (30 modules) is loaded only when a person watches a terminal, not for JSON logs. */
const prettyStream = (options: PinoPretty.PrettyOptions): NodeJS.WritableStream =>
  (createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty).build(options)

/** Header values that sign a caller in. */
const SIGN_IN_HEADERS = ['authorization', 'Authorization', 'cookie', 'x-api-key', 'proxy-authorization', 'set-cookie']
/** `headers.cookie`, `headers["x-api-key"]`: a name with a dash is only found in brackets. */
const under = (prefix: string, name: string) => (name.includes('-') ? `${prefix}["${name}"]` : `${prefix}.${name}`)
/** Field names that hold a secret, at the top of an entry or one level down (`{ user: { password } }`). */
const SECRET_FIELDS = [
  'password',
  'token',
  'accessToken',
  'refreshToken',
  'apiKey',
  'apikey',
  'secret',
  'clientSecret',
  'credentialData',
  'plainDataObj',
  'encryptedData',
]

/**
 * What the log never writes, whatever a caller logs: the request serializer below keeps no headers,
 * and these paths hide sign-in headers and secret fields wherever else they are logged (an
 * error's request or config, a logged object). Values show as [Redacted].
 */
export const REDACTED = [
  ...SIGN_IN_HEADERS.flatMap((header) =>
    [
      'req.headers',
      'res.headers',
      'headers',
      'err.headers',
      'err.config.headers',
      'err.request.headers',
      'err.response.headers',
    ].map((prefix) => under(prefix, header)),
  ),
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`]),
]

/** Route params named like secrets (`/verify/apikey/:key`): their values are hidden like query secrets. */
const secretParams = (request: Partial<FastifyRequest>): string[] =>
  Object.entries((request.params ?? {}) as Record<string, unknown>)
    .filter(([name, value]) => isSecretName(name) && typeof value === 'string')
    .map(([, value]) => value as string)

/**
 * Fastify's request entry, with the address as a log may keep it: account links
 * (`/reset-password?token=…`), API keys in paths and OAuth codes would let whoever reads the log
 * into the account, on every route, the app's pages included.
 */
const serializers = {
  // Anything logged as `req` comes here, not only Fastify's requests.
  req: (request: Partial<FastifyRequest>) => ({
    method: request.method,
    url: typeof request.url === 'string' ? redactAddress(request.url, secretParams(request)) : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
}

/**
 * The server's log: readable one-line entries when a person watches a terminal, JSON lines
 * otherwise (a file, a pipe, a log collector), so machines keep parsing what they always did.
 */
export function logOutput(
  level: string,
  toTerminal: boolean,
  terminal: NodeJS.WritableStream = process.stdout,
  files?: LogFiles,
): FastifyServerOptions['logger'] {
  const shown: NodeJS.WritableStream | undefined = toTerminal
    ? prettyStream({
        colorize: true,
        singleLine: true,
        translateTime: 'SYS:HH:MM:ss',
        ignore: 'pid,hostname,reqId',
        sync: true,
        destination: terminal,
      })
    : terminal === process.stdout && !files
      ? undefined // pino's own standard output, as before
      : terminal
  if (!files) return { level, redact: REDACTED, serializers, ...(shown ? { stream: shown } : {}) }
  // The same JSON line goes to the terminal (pretty when a person watches) and to the day's file.
  const both = {
    write(line: string) {
      shown?.write(line)
      files.write(line)
    },
  }
  return { level, redact: REDACTED, serializers, stream: both }
}
