import {
  parseReactReply,
  reactJsonObservation,
  reactJsonSystemPrompt,
  reactTextPrompt,
  reactToolArguments,
  replyBeforeObservation,
  type ChatTurn,
  type ReactFormat,
  type ReactStep,
  type TokenUsage,
  type UsedTool,
} from '@weft/core'
import type { ModelMessage } from 'ai'
import type { Answer, RunScope } from '../define-node.js'
import { chat, type ChatModel } from '../providers/chat-model.js'
import { chatHistoryText } from '../chains/chat-history-text.js'
import type { DirectTool } from '../runtime/agent-tools.js'
import { turnsToMessages } from '../runtime/messages.js'
import { userMessage } from '../runtime/user-message.js'

export interface ReactAgentRequest {
  /** "text": Thought / Action lines in one prompt; "json": a JSON blob per turn (conversational). */
  format: ReactFormat
  /** Put before the instructions (text) or as the system message (json). */
  system: string
  tools: DirectTool[]
  history: ChatTurn[]
  question: string
  /** Tool calls before the agent must stop. */
  maxIterations: number
}

/** The agent's messages so far; the run's images go with the question to a model that sees them. */
function conversation(
  request: ReactAgentRequest,
  steps: ReactStep[],
  asked: { model: ChatModel; uploads: RunScope['uploads'] },
): { system?: string; messages: ModelMessage[] } {
  if (request.format === 'text') {
    const prompt = reactTextPrompt({ ...request, history: chatHistoryText(request.history), steps })
    return { messages: [userMessage(asked.model, prompt, asked.uploads)] }
  }
  return {
    system: reactJsonSystemPrompt(request),
    messages: [
      ...turnsToMessages(request.history),
      userMessage(asked.model, request.question, asked.uploads),
      ...steps.flatMap((step): ModelMessage[] => [
        { role: 'assistant', content: step.reply },
        { role: 'user', content: reactJsonObservation(step.observation) },
      ]),
    ],
  }
}

async function callTool(tool: DirectTool, input: Record<string, unknown>, scope: RunScope): Promise<string> {
  try {
    return await tool.execute(input, scope.signal)
  } catch (error) {
    if (scope.signal.aborted) throw error
    // The agent reads why the tool failed and can try otherwise.
    return `${tool.name} failed: ${error instanceof Error ? error.message : String(error)}`
  }
}

const addUsage = (a: TokenUsage, b: TokenUsage): TokenUsage => ({
  inputTokens: a.inputTokens + b.inputTokens,
  outputTokens: a.outputTokens + b.outputTokens,
  totalTokens: a.totalTokens + b.totalTokens,
})

/**
 * The ReAct loop for models that call tools by writing: ask, read the reply, run the tool it names
 * and give the model what the tool answered, until it writes its final answer (or runs out of
 * rounds). Only the final answer reaches the user, then the tools used, once.
 */
export async function runReactAgent(model: ChatModel, request: ReactAgentRequest, scope: RunScope): Promise<Answer> {
  const steps: ReactStep[] = []
  const usedTools: UsedTool[] = []
  let usage: TokenUsage = { inputTokens: 0, outputTokens: 0, totalTokens: 0 }
  const finish = (text: string): Answer => {
    scope.emit({ event: 'token', data: text })
    if (usedTools.length) scope.emit({ event: 'usedTools', data: usedTools })
    return { text, usage, ...(usedTools.length ? { usedTools } : {}) }
  }
  for (let round = 0; round <= request.maxIterations; round += 1) {
    const result = await chat(model, {
      ...conversation(request, steps, { model, uploads: scope.uploads }),
      signal: scope.signal,
    })
    usage = addUsage(usage, result.usage)
    const reply = parseReactReply(result.text)
    if (reply.kind === 'final') return finish(reply.answer)
    if (round === request.maxIterations) break
    const tool = request.tools.find((candidate) => candidate.name === reply.tool)
    const toolInput = reactToolArguments(reply.input, tool?.inputSchema)
    const observation = tool
      ? await callTool(tool, toolInput, scope)
      : `"${reply.tool}" is not a tool you have. Use one of: ${request.tools.map((t) => t.name).join(', ')}.`
    usedTools.push({ tool: reply.tool, toolInput, toolOutput: observation })
    if (tool?.returnDirect) return finish(observation)
    steps.push({ reply: replyBeforeObservation(result.text), observation })
  }
  return finish(
    `The agent did not answer within Max Iterations (${request.maxIterations}): it was still calling tools. Raise Max Iterations to give it more rounds.`,
  )
}
