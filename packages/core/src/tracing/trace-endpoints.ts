export const LANGSMITH_DEFAULT_ENDPOINT = 'https://api.smith.langchain.com'
export const LANGFUSE_DEFAULT_ENDPOINT = 'https://cloud.langfuse.com'
export const PHOENIX_DEFAULT_ENDPOINT = 'https://app.phoenix.arize.com'

/** The path of OTLP/HTTP trace exports on a collector. */
export const OTLP_TRACES_PATH = '/v1/traces'

const withoutTrailingSlashes = (url: string) => url.trim().replace(/\/+$/, '')

/** `path` below `base`, unless the user already gave the whole address. */
function below(base: string, path: string): string {
  const root = withoutTrailingSlashes(base)
  return root.endsWith(path) ? root : `${root}${path}`
}

/** Langfuse takes OTLP traces below its API: `<base>/api/public/otel/v1/traces`. */
export const langfuseTracesUrl = (base: string | undefined) =>
  below(base?.trim() || LANGFUSE_DEFAULT_ENDPOINT, '/api/public/otel/v1/traces')

/** Phoenix takes OTLP traces at `<base>/v1/traces` (a Phoenix Cloud space's address is the base). */
export const phoenixTracesUrl = (base: string | undefined) =>
  below(base?.trim() || PHOENIX_DEFAULT_ENDPOINT, OTLP_TRACES_PATH)

/**
 * Where a generic collector takes traces: a bare address (`http://collector:4318`) gets the
 * standard path, as OTEL_EXPORTER_OTLP_ENDPOINT does; an address with a path is used as given.
 */
export function collectorTracesUrl(endpoint: string): string {
  const trimmed = withoutTrailingSlashes(endpoint)
  const path = /^[a-z][a-z0-9+.-]*:\/\/[^/]+(\/.*)?$/i.exec(trimmed)?.[1]
  return path ? trimmed : `${trimmed}${OTLP_TRACES_PATH}`
}
