import type { FastifyRequest } from 'fastify'

const email = (request: FastifyRequest): string => {
  const body = request.body as { email?: unknown } | undefined
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : ''
}

/**
 * Guessing passwords or flooding someone's inbox takes many calls: these routes allow a few a
 * minute per address and account. The store is in memory; queue mode moves it to Redis.
 */
export const SIGN_IN_LIMIT = {
  max: 20,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => `${request.ip}|${email(request)}`,
}

export const MAIL_LIMIT = {
  max: 5,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => `${request.ip}|${email(request)}`,
}
