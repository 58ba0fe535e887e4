import type { UsedTool } from '@weft/core'
import type { Answer, RunScope } from '../define-node.js'
import { chat, type ChatModel } from '../providers/chat-model.js'
import type { DirectTool } from '../runtime/agent-tools.js'
import type { ModelRequest } from '../runtime/answer.js'

export interface ToolAgentRequest extends ModelRequest {
  tools: DirectTool[]
  /** Rounds of tool calls before the model must answer. */
  maxIterations: number
}

/**
 * Lets the model call tools until it answers (or runs out of rounds), streaming its text and
 * telling the user once, at the end, which tools it used. When a Return Direct tool answers, the
 * model is stopped and the tool's answer is the flow's answer.
 */
export async function runToolAgent(model: ChatModel, request: ToolAgentRequest, scope: RunScope): Promise<Answer> {
  const { tools, maxIterations, ...conversation } = request
  const stopForDirect = new AbortController()
  let direct: string | undefined
  const offered = tools.map((tool): DirectTool => {
    if (!tool.returnDirect) return tool
    return {
      ...tool,
      execute: async (input, signal) => {
        const output = await tool.execute(input, signal)
        direct ??= output
        stopForDirect.abort()
        return output
      },
    }
  })
  const usedTools: UsedTool[] = []
  let answer: Answer
  try {
    const result = await chat(model, {
      ...conversation,
      tools: offered,
      maxSteps: maxIterations + 1,
      signal: AbortSignal.any([scope.signal, stopForDirect.signal]),
      onToken: (data) => scope.emit({ event: 'token', data }),
      stream: scope.streaming,
      onToolUsed: (used) => usedTools.push(used),
    })
    answer = { text: result.text, usage: result.usage }
  } catch (error) {
    if (direct === undefined || scope.signal.aborted) throw error
    scope.emit({ event: 'token', data: direct })
    answer = { text: direct }
  }
  if (!answer.text && usedTools.length) {
    answer.text = `The agent did not answer within Max Iterations (${maxIterations}): it was still calling tools. Raise Max Iterations to give it more rounds.`
    scope.emit({ event: 'token', data: answer.text })
  }
  if (usedTools.length) {
    scope.emit({ event: 'usedTools', data: usedTools })
    answer.usedTools = usedTools
  }
  return answer
}
