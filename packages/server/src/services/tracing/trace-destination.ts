import {
  collectorTracesUrl,
  langfuseTracesUrl,
  LANGSMITH_DEFAULT_ENDPOINT,
  parseOtlpHeaders,
  phoenixTracesUrl,
  type TracingChoice,
  type TracingProvider,
} from '@weft/core'

/** How long a collector may take to take a trace; the run was answered long before. */
export const EXPORT_TIMEOUT_MS = 10_000

/** An OTLP/HTTP collector: where to POST and with which headers. */
export interface OtlpDestination {
  kind: 'otlp'
  provider: Exclude<TracingProvider, 'langSmith'>
  url: string
  headers: Record<string, string>
  /** Resource attributes this destination reads (Phoenix's project). */
  resource: Record<string, string>
}

export interface LangSmithDestination {
  kind: 'langSmith'
  provider: 'langSmith'
  apiUrl: string
  apiKey: string
  projectName: string
}

export type TraceDestination = OtlpDestination | LangSmithDestination

/** LangSmith files runs without a project under this one. */
const LANGSMITH_DEFAULT_PROJECT = 'default'

const field = (credential: Record<string, string>, name: string) => credential[name]?.trim() || undefined

function required(credential: Record<string, string>, name: string, label: string): string {
  const value = field(credential, name)
  if (!value) throw new Error(`its credential has no ${label}`)
  return value
}

/**
 * Where a provider's traces go and how they are signed, from the decrypted credential it names.
 * Throws, naming the missing field, when the credential cannot be used.
 */
export function destinationOf(choice: TracingChoice, credential: Record<string, string>): TraceDestination {
  switch (choice.provider) {
    case 'langSmith':
      return {
        kind: 'langSmith',
        provider: 'langSmith',
        apiUrl: field(credential, 'langSmithEndpoint') ?? LANGSMITH_DEFAULT_ENDPOINT,
        apiKey: required(credential, 'langSmithApiKey', 'API Key'),
        projectName: choice.projectName ?? LANGSMITH_DEFAULT_PROJECT,
      }
    case 'langFuse': {
      const publicKey = required(credential, 'langFusePublicKey', 'Public Key')
      const secretKey = required(credential, 'langFuseSecretKey', 'Secret Key')
      return {
        kind: 'otlp',
        provider: 'langFuse',
        url: langfuseTracesUrl(field(credential, 'langFuseEndpoint')),
        headers: { authorization: `Basic ${Buffer.from(`${publicKey}:${secretKey}`).toString('base64')}` },
        resource: {},
      }
    }
    case 'arizePhoenix': {
      const apiKey = field(credential, 'arizePhoenixApiKey')
      return {
        kind: 'otlp',
        provider: 'arizePhoenix',
        url: phoenixTracesUrl(field(credential, 'arizePhoenixEndpoint')),
        // Phoenix Cloud reads `api_key`; a self-hosted Phoenix with auth reads a bearer token.
        headers: apiKey ? { api_key: apiKey, authorization: `Bearer ${apiKey}` } : {},
        resource: choice.projectName ? { 'openinference.project.name': choice.projectName } : {},
      }
    }
    case 'openTelemetry': {
      const parsed = parseOtlpHeaders(field(credential, 'openTelemetryHeaders'))
      if ('problem' in parsed) throw new Error(`its credential's Headers: ${parsed.problem}`)
      return {
        kind: 'otlp',
        provider: 'openTelemetry',
        url: collectorTracesUrl(required(credential, 'openTelemetryEndpoint', 'Endpoint')),
        headers: parsed.headers,
        resource: {},
      }
    }
  }
}
