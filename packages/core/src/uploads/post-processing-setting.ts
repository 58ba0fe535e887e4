import type { PostProcessingSetting } from '../types/run.js'

// The owner's post-processing function, kept as Flowise keeps it in the chatbot config:
// { enabled, customFunction } with the code as JSON text of a string. Weft also reads plain code
// there, so a setting written by hand works too.

/** The variables the function reads, by Flowise's names. */
export const POST_PROCESSING_VARIABLES = [
  '$flow.rawOutput',
  '$flow.input',
  '$flow.chatHistory',
  '$flow.chatflowId',
  '$flow.chatId',
  '$flow.sessionId',
  '$flow.sourceDocuments',
  '$flow.usedTools',
] as const

/** The function's code as the owner wrote it, whether the setting is on or off; '' when there is none. */
export function postProcessingCode(setting: PostProcessingSetting | undefined): string {
  const stored = setting?.customFunction
  if (typeof stored !== 'string') return ''
  try {
    const code: unknown = JSON.parse(stored)
    return typeof code === 'string' ? code : stored
  } catch {
    return stored
  }
}

/** The code to run on every answer, or undefined when post-processing is off or empty. */
export function activePostProcessing(setting: PostProcessingSetting | undefined): string | undefined {
  if (setting?.enabled !== true) return undefined
  const code = postProcessingCode(setting)
  return code.trim() === '' ? undefined : code
}

/** The stored setting for the owner's choice, in Flowise's shape. */
export const toPostProcessingSetting = (enabled: boolean, code: string): PostProcessingSetting => ({
  enabled,
  customFunction: JSON.stringify(code),
})

/** What is wrong with a `postProcessing` setting sent to be saved, naming the field; undefined when it can be used. */
export function postProcessingProblem(setting: unknown): string | undefined {
  if (setting === undefined || setting === null) return undefined
  if (typeof setting !== 'object' || Array.isArray(setting)) return 'postProcessing must be an object'
  const { enabled, customFunction } = setting as Record<string, unknown>
  if (enabled !== undefined && typeof enabled !== 'boolean') return 'postProcessing.enabled must be true or false'
  if (customFunction !== undefined && typeof customFunction !== 'string')
    return 'postProcessing.customFunction must be the function as JSON text'
  if (enabled === true && activePostProcessing(setting as PostProcessingSetting) === undefined)
    return 'postProcessing.customFunction: write the function, or switch post-processing off'
  return undefined
}
