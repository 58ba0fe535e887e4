import type { FlowTemplate } from '@weft/core'
import { calculatorAssistant } from './templates/calculator-assistant.template.js'
import { classifyRequest } from './templates/classify-request.template.js'
import { conversationMemory } from './templates/conversation-memory.template.js'
import { documentQa } from './templates/document-qa.template.js'
import { draftAndRefine } from './templates/draft-and-refine.template.js'
import { routeByCondition } from './templates/route-by-condition.template.js'
import {
  answersWithSources,
  askDocumentStore,
  chatWithNotes,
  searchOneTeam,
  twoShelves,
} from './templates/rag.templates.js'
import { agentWithOwnTool, chattyCalculator, datesAndSums, webApiAgent } from './templates/chat-agents.templates.js'
import { answerAsJson, commaIdeas, fillTypedForm, stepsList } from './templates/chain-outputs.templates.js'
import {
  annotatedChain,
  ideaThenTagline,
  keepOutWords,
  pickTheExpert,
  selfSummarisingChat,
  summariseText,
  translateMessage,
  wordCountFunction,
} from './templates/chain-text.templates.js'
import {
  approveBeforeSending,
  countWithCode,
  eachItemInTurn,
  handOffToFlow,
  reviseUntilApproved,
  splitThenWorkEach,
} from './templates/agentflow-control.templates.js'
import {
  agentWithTools,
  extractFields,
  fetchFromApi,
  postToWebhook,
  runOneTool,
  searchStoreThenAnswer,
} from './templates/agentflow-steps.templates.js'
import {
  leadWithHelpers,
  memoryWindowChat,
  outlineWriteShorten,
  translateWithState,
  triageWithNotes,
} from './templates/agentflow-teams.templates.js'
import {
  draftCritiqueFinal,
  sequentialToolAgent,
  supervisorTeam,
  tidyThenAnswer,
} from './templates/sequential.templates.js'
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
  // rag
  answersWithSources,
  chatWithNotes,
  twoShelves,
  searchOneTeam,
  askDocumentStore,
  // chat-agents
  datesAndSums,
  agentWithOwnTool,
  webApiAgent,
  chattyCalculator,
  // chain-outputs
  answerAsJson,
  fillTypedForm,
  commaIdeas,
  stepsList,
  // chain-text
  keepOutWords,
  summariseText,
  translateMessage,
  ideaThenTagline,
  pickTheExpert,
  selfSummarisingChat,
  annotatedChain,
  wordCountFunction,
  // agentflow-control
  approveBeforeSending,
  eachItemInTurn,
  splitThenWorkEach,
  reviseUntilApproved,
  countWithCode,
  handOffToFlow,
  // agentflow-steps
  fetchFromApi,
  postToWebhook,
  runOneTool,
  agentWithTools,
  searchStoreThenAnswer,
  extractFields,
  // agentflow-teams
  leadWithHelpers,
  outlineWriteShorten,
  translateWithState,
  memoryWindowChat,
  triageWithNotes,
  // sequential
  draftCritiqueFinal,
  sequentialToolAgent,
  tidyThenAnswer,
  supervisorTeam,
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
