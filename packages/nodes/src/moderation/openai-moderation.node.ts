import { defineNode } from '../define-node.js'
import { callApi } from '../net/call-api.js'
import { readString, withoutTrailingSlash } from '../providers/node-inputs.js'
import { readText } from '../runtime/read-input.js'
import type { ModerationValue } from './moderation.js'

const DEFAULT_MESSAGE = "Cannot Process! Input violates OpenAI's content moderation policies."
const OPENAI_API = 'https://api.openai.com/v1'

/** Whether the moderation endpoint flagged any of its results. */
function isFlagged(text: string): boolean {
  const body = JSON.parse(text) as { results?: { flagged?: unknown }[] }
  if (!Array.isArray(body.results)) throw new Error('the answer has no results')
  return body.results.some((result) => result.flagged === true)
}

export default defineNode({
  descriptor: {
    label: 'OpenAI Moderation',
    name: 'inputModerationOpenAI',
    version: 1,
    type: 'Moderation',
    category: 'Moderation',
    description: "Refuse input that OpenAI's moderation endpoint flags, before it reaches the model.",
    icon: 'inputModerationOpenAI.svg',
    color: '#0E8C6A',
    baseClasses: ['Moderation'],
    credential: { label: 'Connect Credential', credentialNames: ['openAIApi'] },
    canvases: ['chatflow', 'sequential'],
    inputs: [
      {
        label: 'Error Message',
        name: 'moderationErrorMessage',
        type: 'string',
        rows: 2,
        description: 'The answer given instead when the input is flagged.',
        default: DEFAULT_MESSAGE,
        optional: true,
      },
    ],
  },
  run: async ({ inputs, credential, label }): Promise<ModerationValue> => {
    const apiKey = credential?.openAIApiKey
    if (!apiKey) throw new Error(`${label}: connect an OpenAI API credential with its key.`)
    const message = readText(inputs.moderationErrorMessage).trim() || DEFAULT_MESSAGE
    // Only the credential says where the key goes (its Assistants Base Path): never the flow's inputs.
    const base = withoutTrailingSlash(readString(credential?.openAIApiBasePath) ?? OPENAI_API)
    return {
      kind: 'moderation',
      check: async (input, scope) => {
        const response = await callApi({
          method: 'POST',
          url: new URL(`${base}/moderations`),
          headers: { Authorization: `Bearer ${apiKey}` },
          body: { input },
          fetch: scope.fetch,
          signal: scope.signal,
          maxBytes: 1024 * 1024,
        })
        if (!response.ok) throw new Error(`${label}: the moderation endpoint answered HTTP ${response.status}.`)
        try {
          return isFlagged(response.text) ? message : undefined
        } catch (error) {
          throw new Error(`${label}: the moderation endpoint's answer cannot be read (${(error as Error).message}).`)
        }
      },
    }
  },
})
