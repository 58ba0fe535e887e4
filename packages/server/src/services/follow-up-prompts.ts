import { FOLLOW_UP_COUNT, isFollowUpPromptsOn, readFollowUpQuestions, type RunEvent } from '@weft/core'
import { prepareChatflow } from '@weft/engine'
import { buildComponent, chat, isChatModel, offlineChatModel, type ChatModel, type NodeDefinition } from '@weft/nodes'
import type { AppContext } from '../context.js'
import { updateChatMessage } from '../db/repositories/chat-messages.repository.js'
import type { FlowRow } from '../db/tables.js'

// Follow-up prompts: once a flow has answered, its own chat model (the node the run built, with the
// flow's credential and settings) is asked for a few questions the user may ask next. They go into
// the run's `metadata`, onto the stored answer, and into the JSON answer, as Flowise sends them.

type MetadataEvent = Extract<RunEvent, { event: 'metadata' }>

export interface FollowUps {
  /** The catalogue for this run: the same nodes, each chat model it builds noted by node id. */
  nodes: readonly NodeDefinition[]
  /**
   * `event` with the questions added (and stored on the answer) for the answer in the events `seen`
   * before it; unchanged when none came.
   */
  withPrompts: (event: MetadataEvent, seen: readonly RunEvent[], signal: AbortSignal) => Promise<MetadataEvent>
}

const INSTRUCTIONS =
  `You suggest what a user could ask next. Given the user's question and the answer they got, write ` +
  `${FOLLOW_UP_COUNT} short follow-up questions the user might ask, in the language of the conversation. ` +
  `Reply with a JSON list of strings and nothing else.`

/** The chat model nearest the flow's ending node: the one that wrote the answer in a flow with several. */
function answeringModel(flow: FlowRow, models: ReadonlyMap<string, ChatModel>): ChatModel | undefined {
  if (models.size <= 1) return models.values().next().value
  const prepared = prepareChatflow(flow.flow_data)
  const queue = [...prepared.endingNodeIds]
  const visited = new Set<string>()
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    if (visited.has(id)) continue
    visited.add(id)
    const model = models.get(id)
    if (model) return model
    queue.push(...(prepared.nodes.get(id)?.dependsOn ?? []))
  }
  return models.values().next().value
}

/** Follow-ups for one run of the flow, or undefined when its setting is off. */
export function followUpsFor(
  ctx: Pick<AppContext, 'db' | 'log'>,
  flow: FlowRow,
  catalogue: readonly NodeDefinition[],
): FollowUps | undefined {
  if (!isFollowUpPromptsOn(flow.follow_up_prompts)) return undefined
  const models = new Map<string, ChatModel>()
  const nodes = catalogue.map((definition): NodeDefinition => ({
    ...definition,
    run: async (context) => {
      const value = await buildComponent(definition, context)
      if (isChatModel(value)) models.set(context.nodeId, value)
      return value
    },
  }))

  async function ask(question: string, answer: string, signal: AbortSignal): Promise<string[]> {
    const model = answeringModel(flow, models)
    // The built-in responder is not a language model: it has no questions to suggest.
    if (!model || model.model === offlineChatModel.model || !answer.trim()) return []
    const reply = await chat(model, {
      system: INSTRUCTIONS,
      messages: [{ role: 'user', content: `Question: ${question}\n\nAnswer: ${answer}` }],
      signal,
      stream: false,
    })
    return readFollowUpQuestions(reply.text)
  }

  return {
    nodes,
    async withPrompts(event, seen, signal) {
      const answer = seen.map((earlier) => (earlier.event === 'token' ? earlier.data : '')).join('')
      try {
        const questions = await ask(event.data.question, answer, signal)
        if (questions.length === 0) return event
        await updateChatMessage(ctx.db, { workspaceId: flow.workspace_id }, event.data.chatMessageId, {
          follow_up_prompts: JSON.stringify(questions),
        })
        return { ...event, data: { ...event.data, followUpPrompts: questions } }
      } catch (error) {
        // The answer stands without suggestions; a stopped run needs no word about them.
        if (!signal.aborted) ctx.log.warn({ err: error, flowId: flow.id }, 'Follow-up prompts could not be made')
        return event
      }
    },
  }
}
