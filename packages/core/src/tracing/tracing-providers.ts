/**
 * Where Weft can send a trace of each run, by its key in a flow's `analytic` JSON. `langSmith`,
 * `langFuse` and `arizePhoenix` are Flowise's keys; `openTelemetry` is any OTLP/HTTP collector.
 */
export const TRACING_PROVIDERS = ['langSmith', 'langFuse', 'arizePhoenix', 'openTelemetry'] as const
export type TracingProvider = (typeof TRACING_PROVIDERS)[number]

export interface TracingProviderInfo {
  label: string
  /** The credential type it takes (`credentialName` of a stored credential). */
  credentialName: string
  /** Whether the flow's setting names a project the runs are filed under. */
  hasProject: boolean
}

export const TRACING_PROVIDER_INFO: Record<TracingProvider, TracingProviderInfo> = {
  langSmith: { label: 'LangSmith', credentialName: 'langsmithApi', hasProject: true },
  langFuse: { label: 'Langfuse', credentialName: 'langfuseApi', hasProject: false },
  arizePhoenix: { label: 'Arize Phoenix', credentialName: 'arizePhoenixApi', hasProject: true },
  openTelemetry: { label: 'OpenTelemetry', credentialName: 'openTelemetryApi', hasProject: false },
}

export const isTracingProvider = (key: string): key is TracingProvider =>
  (TRACING_PROVIDERS as readonly string[]).includes(key)
