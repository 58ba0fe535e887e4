import { build as prettyStream } from 'pino-pretty'
import type { FastifyServerOptions } from 'fastify'

const REDACTED = ['req.headers.cookie', 'req.headers.authorization']

/**
 * The server's log: readable one-line entries when a person watches a terminal, JSON lines
 * otherwise (a file, a pipe, a log collector), so machines keep parsing what they always did.
 */
export function logOutput(
  level: string,
  toTerminal: boolean,
  terminal: NodeJS.WritableStream = process.stdout,
): FastifyServerOptions['logger'] {
  if (!toTerminal) return { level, redact: REDACTED }
  return {
    level,
    redact: REDACTED,
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
