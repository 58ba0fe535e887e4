import {
  isTracingProvider,
  TRACING_PROVIDERS,
  TRACING_PROVIDER_INFO,
  type TracingProvider,
} from './tracing-providers.js'

/** One provider's setting in a flow's `analytic`, in Flowise's shape. */
export interface AnalyticSetting {
  status?: boolean
  credentialId?: string
  projectName?: string
}

/**
 * A flow's `analytic` (stored as JSON text): settings by provider. Keys of Flowise providers that
 * Weft does not send to (lunary, langWatch, …) are kept as they were and never used.
 */
export type FlowAnalytic = Partial<Record<TracingProvider, AnalyticSetting>> & Record<string, unknown>

/** A provider that is switched on for the flow, with the credential it sends under. */
export interface TracingChoice {
  provider: TracingProvider
  credentialId: string
  projectName?: string
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const PROJECT_NAME_MAX = 255

/**
 * What is wrong with a flow's `analytic` object, or undefined when it can be saved. Only the
 * providers Weft traces to are checked; a provider switched on needs a credential.
 */
export function analyticProblem(analytic: Record<string, unknown>): string | undefined {
  for (const provider of TRACING_PROVIDERS) {
    const setting = analytic[provider]
    if (setting === undefined || setting === null) continue
    if (!isObject(setting)) return `${provider} must be an object`
    const { status, credentialId, projectName } = setting
    if (status !== undefined && typeof status !== 'boolean') return `${provider}.status must be true or false`
    if (credentialId !== undefined && typeof credentialId !== 'string') {
      return `${provider}.credentialId must be the id of a credential`
    }
    if (projectName !== undefined && typeof projectName !== 'string') return `${provider}.projectName must be text`
    if (typeof projectName === 'string' && projectName.length > PROJECT_NAME_MAX) {
      return `${provider}.projectName must be at most ${PROJECT_NAME_MAX} characters`
    }
    if (status === true && !credentialId) {
      return `${provider}.credentialId is required while ${TRACING_PROVIDER_INFO[provider].label} is on`
    }
  }
  return undefined
}

/** The stored `analytic` as an object; empty when there is none or the text is not an object. */
export function readFlowAnalytic(text: string | null | undefined): FlowAnalytic {
  if (!text) return {}
  try {
    const value: unknown = JSON.parse(text)
    return isObject(value) ? (value as FlowAnalytic) : {}
  } catch {
    return {}
  }
}

/**
 * The providers a flow's runs are traced to: those switched on with a credential. Settings the
 * routes would refuse (old rows) count as off, so a bad setting never affects a run.
 */
export function tracingChoices(analytic: FlowAnalytic): TracingChoice[] {
  return Object.entries(analytic).flatMap(([key, setting]): TracingChoice[] => {
    if (!isTracingProvider(key) || !isObject(setting)) return []
    const { status, credentialId, projectName } = setting
    if (status !== true || typeof credentialId !== 'string' || credentialId === '') return []
    const project = typeof projectName === 'string' && projectName.trim() ? projectName.trim() : undefined
    return [{ provider: key, credentialId, ...(project ? { projectName: project } : {}) }]
  })
}
