import { build as prettyStream } from 'pino-pretty'
import { isSecretName, redactAddress } from '@weft/core'
import type { FastifyRequest, FastifyServerOptions } from 'fastify'

const REDACTED = ['req.headers.cookie', 'req.headers.authorization']

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
): FastifyServerOptions['logger'] {
  if (!toTerminal) return { level, redact: REDACTED, serializers }
  return {
    level,
    redact: REDACTED,
    serializers,
    stream: prettyStream({
      colorize: true,
      singleLine: true,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname,reqId',
      sync: true,
      destination: terminal,
    }),
  }
}
