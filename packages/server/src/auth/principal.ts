import type { Features } from '@weft/core'

/** The signed-in caller of a request, as the permission and workspace checks see it. */
export interface Principal {
  userId: string
  sessionId: string
  workspaceId: string
  organizationId: string
  isOrganizationAdmin: boolean
  isSSO: boolean
  permissions: string[]
  features: Features
}

/**
 * What a route declares about who may call it: anyone (and then it must be in PUBLIC_ROUTES),
 * any signed-in user, or a signed-in user holding one of the comma-separated permissions.
 */
export type RouteAccess = 'public' | 'signed-in' | { permission: string }

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess
  }
  interface FastifyRequest {
    principal?: Principal
  }
}
