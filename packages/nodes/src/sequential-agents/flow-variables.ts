import type { ChatTurn } from '@weft/core'
import { stepText } from '../agent-flows/plain-steps/step-text.js'
import type { StepContext } from '../agent-flows/step.js'

// Sequential agents (Flowise's V1) name values in their tables and code with `$flow`: the output of
// the node before (`$flow.output.content`), the state with the conversation in it
// (`$flow.state.messages[-1].content`, `$flow.state.<key>`), the run's ids, and `$vars`. The runtime
// resolves `{{ }}` references before a step runs; these are read by the steps themselves.

/** A message of the conversation as `$flow.state.messages` shows it. */
export interface FlowMessage {
  role: 'user' | 'assistant'
  content: string
}

/** What `$flow` stands for in one step. */
export interface SequentialFlow {
  chatflowId: string
  chatId: string
  sessionId: string
  input: string
  /** The output of the node before: the last message of the conversation. In Update State: the node's own. */
  output: Record<string, unknown>
  /** The flow state, with the conversation as `messages`. */
  state: Record<string, unknown>
}

const messageOf = (turn: ChatTurn): FlowMessage => ({
  role: turn.role === 'userMessage' ? 'user' : 'assistant',
  content: turn.content,
})

/**
 * `$flow` for a step. Unless `output` is given, `$flow.output` is the last message of the
 * conversation: each node adds its answer to it, so that is what the node before said.
 */
export async function sequentialFlow(context: StepContext, output?: Record<string, unknown>): Promise<SequentialFlow> {
  const messages = (await context.history()).map(messageOf)
  const { run } = context
  return {
    chatflowId: run.flowId,
    chatId: run.chatId,
    sessionId: run.sessionId,
    input: run.question,
    output: output ?? { content: messages.at(-1)?.content ?? '' },
    state: { ...context.state, messages },
  }
}

/** The globals user code of a sequential node reads: `$flow` and `$vars`. */
export const sequentialGlobals = (context: StepContext, flow: SequentialFlow): Record<string, unknown> => ({
  $flow: flow,
  $vars: context.run.vars,
})

const WHOLE_VARIABLE = /^\s*(\$flow|\$vars)((?:\.[A-Za-z_$][\w$]*|\[-?\d+\])*)\s*$/
const OWN_OUTPUT = /\{\{\s*output((?:\.[A-Za-z_$][\w$]*)*)\s*\}\}/g
const WHOLE_OWN_OUTPUT = /^\s*\{\{\s*output((?:\.[A-Za-z_$][\w$]*)*)\s*\}\}\s*$/

/**
 * A value of a sequential node's table: when the whole text is a variable (`$flow.output.content`,
 * `$flow.state.messages[-1].content`, `$vars.name`, or `{{ output }}` / `{{ output.<key> }}` for
 * `$flow.output`), the value it names (undefined when it names nothing); else the text, with any
 * `{{ output }}` in it written out. Other values are returned as they are.
 */
export function readFlowValue(value: unknown, flow: SequentialFlow, vars: Readonly<Record<string, string>>): unknown {
  if (typeof value !== 'string') return value
  const own = WHOLE_OWN_OUTPUT.exec(value)
  if (own) return dig(flow.output, pathOf(own[1]!))
  const variable = WHOLE_VARIABLE.exec(value)
  if (variable) return dig(variable[1] === '$flow' ? flow : vars, pathOf(variable[2]!))
  return value.replace(OWN_OUTPUT, (match: string, path: string) => {
    const found = dig(flow.output, pathOf(path))
    return found === undefined ? match : stepText(found)
  })
}

/** `.state.messages[-1].content` as keys and indexes. */
function pathOf(text: string): (string | number)[] {
  return [...text.matchAll(/\.([A-Za-z_$][\w$]*)|\[(-?\d+)\]/g)].map((match) =>
    match[1] !== undefined ? match[1] : Number(match[2]),
  )
}

/** Follows keys and indexes (negative from the end); `length` of a list or text. */
function dig(value: unknown, path: (string | number)[]): unknown {
  let current = value
  for (const key of path) {
    if (current === undefined || current === null) return undefined
    if (key === 'length' && (Array.isArray(current) || typeof current === 'string')) {
      current = current.length
    } else if (typeof key === 'number') {
      if (!Array.isArray(current)) return undefined
      current = current.at(key)
    } else if (typeof current === 'object' && Object.hasOwn(current, key)) {
      current = (current as Record<string, unknown>)[key]
    } else {
      return undefined
    }
  }
  return current
}
