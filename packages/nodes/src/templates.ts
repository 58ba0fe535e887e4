import type { FlowTemplate } from '@weft/core'
import { calculatorAssistant } from './templates/calculator-assistant.template.js'
import { classifyRequest } from './templates/classify-request.template.js'
import { conversationMemory } from './templates/conversation-memory.template.js'
import { documentQa } from './templates/document-qa.template.js'
import { draftAndRefine } from './templates/draft-and-refine.template.js'
import { routeByCondition } from './templates/route-by-condition.template.js'
import { sequentialTeam } from './templates/sequential-team.template.js'
import { simpleLlmChain } from './templates/simple-llm-chain.template.js'

const BUILDERS = [
  simpleLlmChain,
  conversationMemory,
  documentQa,
  calculatorAssistant,
  routeByCondition,
  draftAndRefine,
  classifyRequest,
  sequentialTeam,
]

let built: FlowTemplate[] | undefined

/**
 * The built-in marketplace templates, built once from the catalogue with the canvas rules. They use
 * only the built-in responder and embedder, so they run on a fresh install with no key.
 */
export async function listTemplates(): Promise<FlowTemplate[]> {
  built ??= BUILDERS.map((build) => build()).sort((a, b) => a.templateName.localeCompare(b.templateName))
  return built
}
