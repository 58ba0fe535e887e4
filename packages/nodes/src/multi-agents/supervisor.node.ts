import type { ChatTurn, TokenUsage } from '@weft/core'
import type { StepContext, StepResult } from '../agent-flows/step.js'
import { toChatMessages, turnsToMessages, type TextMessage } from '../agent-flows/model-steps/step-messages.js'
import { addUsage, NO_USAGE, usageMetadataOf } from '../agent-flows/model-steps/usage.js'
import { stepText } from '../agent-flows/plain-steps/step-text.js'
import { defineNode } from '../define-node.js'
import { chat, isChatModel, type ChatModel } from '../providers/chat-model.js'
import { readBoolean, readNumber } from '../providers/node-inputs.js'
import { chooseRoute, routeTool } from './route-choice.js'
import { FINISH, readTeam, type TeamMember } from './team.js'

const DEFAULT_PROMPT = `You lead a team of workers: {team_members}.
Read the conversation and decide who should act next. Each worker does its part and reports back to you.
Hand over as few times as you can, and choose ${FINISH} once the user's request is answered.`

const DEFAULT_RECURSION_LIMIT = 100

/**
 * One turn of the supervisor: its model picks the next worker (the run goes on there) or FINISH.
 * On FINISH the answer is the last worker's (or, with Summarization, the model's summary of the
 * conversation; or its own answer when no worker has spoken yet), streamed to the user.
 */
async function supervisorStep(context: StepContext): Promise<StepResult> {
  const { inputs, run } = context
  const model = inputs.model
  if (!isChatModel(model)) throw new Error('there is no chat model: connect a chat model that can call tools.')
  const team = readTeam(inputs.workers)
  if (team.length === 0) throw new Error('it has no workers: connect at least one Worker to it.')
  const visit = context.visit ?? 1
  // The question opens the run's conversation: the workers see it after the first turn.
  const opening: ChatTurn[] = visit === 1 ? [{ role: 'userMessage', content: run.question }] : []
  const conversation = [...(await context.history()), ...opening]
  const system = stepText(inputs.supervisorPrompt) || DEFAULT_PROMPT
  const messages: TextMessage[] = [
    { role: 'system', content: system.replaceAll('{team_members}', team.map((member) => member.name).join(', ')) },
    ...turnsToMessages(conversation),
    { role: 'system', content: routeQuestion(team) },
  ]
  const route = routeTool(team)
  const routing = await chat(model, {
    ...toChatMessages(messages),
    tools: [route.tool],
    maxSteps: 1,
    signal: run.signal,
    stream: false,
  })
  const next = chooseRoute(route.chosen() ?? routing.text, team)
  const asked = { input: { messages }, chatHistory: messages }
  if (next !== FINISH) {
    const limit = readNumber(inputs.recursionLimit) ?? DEFAULT_RECURSION_LIMIT
    if (visit > limit) {
      throw new Error(
        `it reached its Recursion Limit: it handed over ${limit} times without choosing ${FINISH}; raise the limit or say in its prompt when the work is done.`,
      )
    }
    return {
      ...asked,
      output: { content: '', next: next.name, usageMetadata: usageMetadataOf(routing.usage) },
      turns: opening,
      goTo: next.nodeId,
      usage: routing.usage,
    }
  }
  const lastWorker = visit > 1 ? conversation.at(-1)?.content : undefined
  const final =
    lastWorker !== undefined && !readBoolean(inputs.summarization, false)
      ? { text: lastWorker, usage: NO_USAGE }
      : await finalAnswer(context, model, messages.slice(0, -1), lastWorker !== undefined)
  const usage: TokenUsage = addUsage(routing.usage, final.usage)
  return {
    ...asked,
    output: { content: final.text, next: FINISH, usageMetadata: usageMetadataOf(usage) },
    turns: opening,
    usage,
  }
}

function routeQuestion(team: readonly TeamMember[]): string {
  const names = [...team.map((member) => member.name), FINISH].join(', ')
  return `Given the conversation above, who should act next, or is the work done? Call the route tool with one of: ${names}.`
}

/** The supervisor's own answer to the user: a summary of the workers' reports, or a direct reply. */
async function finalAnswer(context: StepContext, model: ChatModel, messages: TextMessage[], summarize: boolean) {
  const instruction = summarize
    ? 'Sum up the conversation above as the final answer to the user.'
    : "Answer the user's last message yourself."
  const { run } = context
  return chat(model, {
    ...toChatMessages([...messages, { role: 'system', content: instruction }]),
    signal: run.signal,
    stream: run.streaming,
    onToken: context.isLastStep ? (data) => run.emit({ event: 'token', data }) : undefined,
  })
}

export default defineNode({
  descriptor: {
    label: 'Supervisor',
    name: 'supervisor',
    version: 1,
    type: 'Supervisor',
    category: 'Multi Agents',
    description: 'Leads a team of workers: its model picks which worker acts next until the request is answered.',
    icon: 'supervisor.svg',
    color: '#2E7D6B',
    baseClasses: ['Supervisor'],
    canvases: ['sequential'],
    inputs: [
      {
        label: 'Supervisor Name',
        name: 'supervisorName',
        type: 'string',
        placeholder: 'Supervisor',
        default: 'Supervisor',
      },
      {
        label: 'Supervisor Prompt',
        name: 'supervisorPrompt',
        type: 'string',
        rows: 4,
        description: 'How the supervisor leads; {team_members} stands for the workers’ names.',
        default: DEFAULT_PROMPT,
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Tool Calling Chat Model',
        name: 'model',
        type: 'BaseChatModel',
        description: 'Picks the next worker by calling a tool; the workers use it too unless they have their own.',
      },
      {
        label: 'Recursion Limit',
        name: 'recursionLimit',
        type: 'number',
        description: 'Most times the supervisor may hand over in one run before the run fails.',
        default: DEFAULT_RECURSION_LIMIT,
        step: 1,
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Summarization',
        name: 'summarization',
        type: 'boolean',
        description: 'Answer with a summary of the workers’ reports instead of the last worker’s answer.',
        optional: true,
        additionalParams: true,
      },
    ],
  },
  step: supervisorStep,
})
