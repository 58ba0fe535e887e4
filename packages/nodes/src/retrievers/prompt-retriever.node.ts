import { defineNode } from '../define-node.js'
import { readText, isRecord } from '../runtime/read-input.js'

/** What a Prompt Retriever builds: a system message a Multi Prompt Chain may choose by its description. */
export interface PromptChoice {
  kind: 'promptRetriever'
  name: string
  description: string
  systemMessage: string
}

export const isPromptChoice = (value: unknown): value is PromptChoice =>
  isRecord(value) && value.kind === 'promptRetriever'

export default defineNode({
  descriptor: {
    label: 'Prompt Retriever',
    name: 'promptRetriever',
    version: 1,
    type: 'PromptRetriever',
    category: 'Retrievers',
    description: 'A system message with a name and a description, for a Multi Prompt Chain to choose from.',
    icon: 'promptRetriever.svg',
    color: '#8A6D1F',
    baseClasses: ['PromptRetriever'],
    canvases: ['chatflow'],
    inputs: [
      { label: 'Prompt Name', name: 'name', type: 'string', placeholder: 'physics-qa' },
      {
        label: 'Prompt Description',
        name: 'description',
        type: 'string',
        rows: 3,
        description: 'When to use this prompt; the chain chooses by it.',
        placeholder: 'Good for answering questions about physics',
      },
      {
        label: 'Prompt System Message',
        name: 'systemMessage',
        type: 'string',
        rows: 4,
        placeholder: 'You are a very smart physics professor.',
      },
    ],
  },
  run: async ({ inputs, label }): Promise<PromptChoice> => {
    const name = readText(inputs.name).trim()
    const description = readText(inputs.description).trim()
    if (!name || !description) throw new Error(`${label}: fill in Prompt Name and Prompt Description.`)
    return { kind: 'promptRetriever', name, description, systemMessage: readText(inputs.systemMessage) }
  },
})
