import { STATUS_CODES } from 'node:http'
import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { HttpError } from './http-error.js'

const body = (statusCode: number, message: string, extra: Record<string, unknown> = {}) => ({
  statusCode,
  error: STATUS_CODES[statusCode] ?? 'Error',
  message,
  ...extra,
})

/** "body.email: must be an email address" — the part of the request and the field, then what is wrong. */
function validationMessage(error: { validation: { instancePath: string; message?: string }[]; validationContext?: string }) {
  return error.validation
    .map((issue) => {
      const field = issue.instancePath.split('/').filter(Boolean).join('.')
      const where = [error.validationContext, field].filter(Boolean).join('.')
      return `${where}: ${issue.message ?? 'is invalid'}`
    })
    .join('; ')
}

/** "20 MB": a body limit in the words of the answer that refuses a larger body. */
const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${bytes} bytes`)

/** Maps every failure to `{ statusCode, error, message }`; only unexpected ones are 500s, and they are logged. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(body(error.statusCode, error.message, error.extra))
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(body(400, validationMessage(error)))
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const limit = sizeText(request.routeOptions.bodyLimit)
      return reply.status(413).send(body(413, `The request is too large: this call takes at most ${limit}`))
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) return reply.status(status).send(body(status, error.message))
    request.log.error({ err: error }, 'Unexpected error')
    return reply.status(500).send(body(500, 'Internal Server Error'))
  })
}
