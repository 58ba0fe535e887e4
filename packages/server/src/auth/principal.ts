import type { Features } from '@weft/core'

/** The caller of a request, a signed-in person or an API key, as the permission and workspace checks see it. */
export interface Principal {
  /** The person; empty for an API key, which the routes reading it refuse (`isKeyRoute`). */
  userId: string
  /** The person's session; empty for an API key. */
  sessionId: string
  /** Set when the caller is an API key: its permissions are the key's own, held to in every edition. */
  apiKeyId?: string | undefined
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
