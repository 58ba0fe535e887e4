import type { FastifyRequest } from 'fastify'
import type { ClientInfo } from '../services/sessions.service.js'

export const clientInfo = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip ?? null,
  userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
})
