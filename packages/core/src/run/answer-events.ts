import { followUpPromptsOf } from '../chatbot/follow-up-prompts.js'
import type { PredictionResponse, RunEvent } from '../types/run.js'

/** A JSON answer as chat text: a fenced JSON block. */
export const fencedJson = (value: unknown) => '```json\n' + JSON.stringify(value, null, 2) + '\n```'

/**
 * The run events a JSON answer stands for, in the order a stream would have sent them, so a client
 * handles a flow that did not stream the same way as one that did. An answer that is only `json`
 * becomes its text as a fenced JSON block.
 */
export function eventsOfAnswer(response: PredictionResponse): RunEvent[] {
  const text = response.text || (response.json === undefined ? '' : fencedJson(response.json))
  const events: RunEvent[] = [{ event: 'start', data: '' }]
  if (text) events.push({ event: 'token', data: text })
  if (response.sourceDocuments?.length) events.push({ event: 'sourceDocuments', data: response.sourceDocuments })
  if (response.usedTools?.length) events.push({ event: 'usedTools', data: response.usedTools })
  // An agentflow answered whole still tells the canvas how each step ended.
  for (const step of response.agentFlowExecutedData ?? []) {
    events.push({ event: 'nextAgentFlow', data: { nodeId: step.nodeId, nodeLabel: step.nodeLabel, status: step.status } })
  }
  if (response.agentFlowExecutedData) events.push({ event: 'agentFlowExecutedData', data: response.agentFlowExecutedData })
  if (response.action) events.push({ event: 'action', data: response.action })
  const followUpPrompts = followUpPromptsOf(response.followUpPrompts)
  events.push({
    event: 'metadata',
    data: {
      chatId: response.chatId,
      chatMessageId: response.chatMessageId,
      question: response.question,
      sessionId: response.sessionId,
      ...(followUpPrompts.length ? { followUpPrompts } : {}),
      ...(response.executionId ? { executionId: response.executionId } : {}),
    },
  })
  events.push({ event: 'end', data: '[DONE]' })
  return events
}
