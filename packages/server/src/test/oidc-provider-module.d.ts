// oidc-provider 9 ships no types (and @types/oidc-provider is not installed): the little of it
// the SSO test helper uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  interface Grant {
    addOIDCScope(scope: string): void
    save(): Promise<string>
  }

  interface KoaContext {
    type: string
    body: unknown
    oidc: {
      provider: Provider
      client?: { clientId: string }
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined }
      result?: { consent?: { grantId?: string } }
    }
  }

  interface Account {
    accountId: string
    claims: () => Record<string, unknown> | Promise<Record<string, unknown>>
  }

  export interface Configuration {
    clients?: Array<Record<string, unknown>>
    claims?: Record<string, string[]>
    conformIdTokenClaims?: boolean
    cookies?: { keys: string[] }
    pkce?: { required: () => boolean }
    features?: Record<string, { enabled: boolean }>
    findAccount?: (ctx: KoaContext, id: string) => Account | undefined | Promise<Account | undefined>
    loadExistingGrant?: (ctx: KoaContext) => Promise<Grant | undefined>
    renderError?: (ctx: KoaContext, out: Record<string, unknown>, error: unknown) => void | Promise<void>
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration)
    Grant: {
      new (properties: { clientId: string; accountId: string }): Grant
      find(id: string): Promise<Grant | undefined>
    }
    callback(): (req: IncomingMessage, res: ServerResponse) => void
  }
}
