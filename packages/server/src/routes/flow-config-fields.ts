import { z } from 'zod'
import {
  analyticProblem,
  fullFileUploadProblem,
  postProcessingProblem,
  speechToTextProblem,
  toOrigin,
} from '@weft/core'

const CONFIG_MAX = 100_000

const parseObject = (text: string): Record<string, unknown> | undefined => {
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}

/** JSON text of an object, checked further by `check`, which reports the first problem it finds. */
const configText = (check: (config: Record<string, unknown>) => string | undefined) =>
  z
    .string('must be JSON text of an object, or null')
    .max(CONFIG_MAX, `must be at most ${CONFIG_MAX} characters`)
    .superRefine((text, issues) => {
      const config = parseObject(text)
      const problem = config ? check(config) : 'must be JSON text of an object, or null'
      if (problem) issues.addIssue({ code: 'custom', message: problem })
    })
    .nullable()

function chatbotConfigProblem(config: Record<string, unknown>): string | undefined {
  const settingProblem = fullFileUploadProblem(config.fullFileUpload) ?? postProcessingProblem(config.postProcessing)
  if (settingProblem) return settingProblem
  const origins = config.allowedOrigins
  if (origins === undefined || origins === null) return undefined
  if (!Array.isArray(origins)) return 'allowedOrigins must be a list of origins like https://example.com'
  for (const origin of origins) {
    // The configuration dialog sends an empty row while the user has not typed one yet.
    if (origin === '') continue
    if (typeof origin !== 'string' || toOrigin(origin) === undefined) {
      return `allowedOrigins: ${JSON.stringify(origin)} is not an origin like https://example.com`
    }
  }
  return undefined
}

const isCount = (value: unknown) => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  return typeof n === 'number' && Number.isInteger(n) && n >= 1
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Flowise's shape: `{ status, nodes: { <node label>: [{ label, name, type, enabled }] }, variables: [{ name, enabled }] }`. */
function overrideConfigProblem(setting: unknown): string | undefined {
  if (setting === undefined || setting === null) return undefined
  if (!isObject(setting)) return 'overrideConfig must be an object'
  if (setting.status !== undefined && typeof setting.status !== 'boolean')
    return 'overrideConfig.status must be true or false'
  const nodes = setting.nodes ?? {}
  if (!isObject(nodes)) return 'overrideConfig.nodes must be an object of parameter lists by node label'
  for (const [label, params] of Object.entries(nodes)) {
    if (!Array.isArray(params)) return `overrideConfig.nodes.${label} must be a list of parameters`
    const bad = params.find(
      (param) => !isObject(param) || typeof param.name !== 'string' || typeof param.enabled !== 'boolean',
    )
    if (bad !== undefined) return `overrideConfig.nodes.${label}: each parameter needs a name and enabled true or false`
  }
  const variables = setting.variables ?? []
  if (!Array.isArray(variables)) return 'overrideConfig.variables must be a list of variables'
  const bad = variables.find((v) => !isObject(v) || typeof v.name !== 'string' || typeof v.enabled !== 'boolean')
  if (bad !== undefined) return 'overrideConfig.variables: each variable needs a name and enabled true or false'
  return undefined
}

function apiConfigProblem(config: Record<string, unknown>): string | undefined {
  const overrideProblem = overrideConfigProblem(config.overrideConfig)
  if (overrideProblem) return overrideProblem
  const rule = config.rateLimit
  if (rule === undefined || rule === null) return undefined
  if (typeof rule !== 'object' || Array.isArray(rule)) return 'rateLimit must be an object'
  const { status, limitMax, limitDuration, limitMsg } = rule as Record<string, unknown>
  if (status !== undefined && typeof status !== 'boolean') return 'rateLimit.status must be true or false'
  if (limitMsg !== undefined && typeof limitMsg !== 'string') return 'rateLimit.limitMsg must be text'
  if (status !== true) return undefined
  if (!isCount(limitMax)) return 'rateLimit.limitMax must be a whole number of at least 1'
  if (!isCount(limitDuration)) return 'rateLimit.limitDuration must be a whole number of seconds, at least 1'
  return undefined
}

/** The flow's chatbot appearance; allowed origins must be origins, so the check at run time can match them. */
export const chatbotConfigText = configText(chatbotConfigProblem)
/** The flow's API settings; a rate limit that is on needs its numbers, overrides Flowise's shape. */
export const apiConfigText = configText(apiConfigProblem)
/** The flow's speech to text providers (Flowise's shape); the one that is on must be usable. */
export const speechToTextText = configText(speechToTextProblem)
/** Flowise's follow-up prompts setting: `{"status":true,…}`; the rest (its provider choice) is kept as sent. */
export const followUpPromptsText = configText((config) =>
  config.status === undefined || typeof config.status === 'boolean' ? undefined : 'status must be true or false',
)
/** Tracing of runs by provider (Flowise's `analytic`); a provider that is on needs a credential. */
export const analyticText = configText(analyticProblem)
