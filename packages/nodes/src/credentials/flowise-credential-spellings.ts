import { withOurNames } from '@weft/core'

// Flowise's credential types that we name, or whose fields we name, differently. Checked against
// Flowise's packages/components/credentials/*.credential.ts: openAIApi, anthropicApi, PostgresApi,
// httpBasicAuth, httpBearerToken, langsmithApi and langfuseApi store the same fields as ours;
// Flowise has no openAICompatibleApi or openTelemetryApi.

interface FlowiseCredentialSpelling {
  /** Flowise's name of the credential type. */
  name: string
  /** Our field → the field Flowise stores it under. */
  fields: Readonly<Record<string, string>>
}

/** Per credential type of ours, how Flowise spells it. */
export const FLOWISE_CREDENTIAL_SPELLINGS: Readonly<Record<string, FlowiseCredentialSpelling>> = {
  arizePhoenixApi: {
    name: 'phoenixApi',
    fields: { arizePhoenixApiKey: 'phoenixApiKey', arizePhoenixEndpoint: 'phoenixEndpoint' },
  },
}

/** Our name of a credential type Flowise names differently (`phoenixApi` → `arizePhoenixApi`); others as given. */
export function ourCredentialName(name: string): string {
  const ours = Object.entries(FLOWISE_CREDENTIAL_SPELLINGS).find(([, spelling]) => spelling.name === name)
  return ours ? ours[0] : name
}

/**
 * Decrypted credential data with the fields Flowise stored under its names moved to ours, so a
 * Flowise credential's endpoint is read and never replaced by the provider's public default.
 */
export function withOurCredentialFields(credentialName: string, data: Record<string, string>): Record<string, string> {
  const spelling = FLOWISE_CREDENTIAL_SPELLINGS[ourCredentialName(credentialName)]
  return spelling ? withOurNames(data, spelling.fields) : data
}
