// The ReAct loop's text rules: what a model that calls tools by writing (not through a tool-calling
// API) is asked, and how its replies are read. Two formats, as the ReAct agents of LangChain use:
// "text" (Thought / Action / Action Input / Final Answer lines) and "json" (a JSON blob with
// "action" and "action_input", the conversational agent's format).

/** A tool as the prompt describes it. */
export interface ReactTool {
  name: string
  description: string
  inputSchema?: Record<string, unknown>
}

/** What one model reply asks for: a tool call, or the final answer. */
export type ReactReply = { kind: 'action'; tool: string; input: string } | { kind: 'final'; answer: string }

/** One round of the loop: the model's reply up to its action, and what the tool answered. */
export interface ReactStep {
  reply: string
  observation: string
}

export type ReactFormat = 'text' | 'json'

const FINAL_ACTION = 'final answer'

/** The reply up to the first "Observation:": what the model wrote after it is its own invention. */
export function replyBeforeObservation(text: string): string {
  const at = text.search(/(^|\n)\s*Observation\s*:/i)
  return (at === -1 ? text : text.slice(0, at)).trim()
}

const unquote = (text: string) =>
  text
    .trim()
    .replace(/^```(?:\w+)?\s*([\s\S]*?)\s*```$/, '$1')
    .replace(/^"([\s\S]*)"$/, '$1')
    .trim()

function jsonBlob(text: string): Record<string, unknown> | undefined {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text)?.[1]
  const candidate = fenced ?? text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)
  if (!candidate.trim().startsWith('{')) return undefined
  try {
    const value: unknown = JSON.parse(candidate)
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value ?? ''))

/**
 * Reads a model's reply: a JSON blob `{"action", "action_input"}` or `Action:` / `Action Input:`
 * lines ask for a tool; `"action": "Final Answer"` or a `Final Answer:` line answers. A reply in
 * neither shape is taken as the answer itself, as a model that answers directly means it.
 */
export function parseReactReply(text: string): ReactReply {
  const reply = replyBeforeObservation(text)
  const blob = jsonBlob(reply)
  if (blob && typeof blob.action === 'string') {
    const input = asText(blob.action_input)
    if (blob.action.trim().toLowerCase() === FINAL_ACTION) return { kind: 'final', answer: input.trim() }
    return { kind: 'action', tool: unquote(blob.action), input }
  }
  const action = /^\s*Action\s*:\s*(.+)$/im.exec(reply)
  if (action) {
    const input = /Action\s*Input\s*:\s*([\s\S]*)$/i.exec(reply)?.[1] ?? ''
    const tool = unquote(action[1]!)
      .replace(/^\[(.*)\]$/, '$1')
      .trim()
    if (tool.toLowerCase() !== FINAL_ACTION) return { kind: 'action', tool, input: unquote(input) }
    return { kind: 'final', answer: unquote(input) }
  }
  const final = /Final\s*Answer\s*:\s*([\s\S]*)$/i.exec(reply)
  return { kind: 'final', answer: (final ? final[1]! : reply).trim() }
}

function describeTools(tools: readonly ReactTool[]): string {
  return tools
    .map((tool) => {
      const schema = tool.inputSchema ? ` Input: ${JSON.stringify(tool.inputSchema.properties ?? {})}` : ''
      return `- ${tool.name}: ${tool.description}${schema}`
    })
    .join('\n')
}

/**
 * The single prompt of a text-format ReAct agent: the tools, the format, the conversation so far,
 * the question, and the rounds already done (each reply followed by its observation).
 */
export function reactTextPrompt(request: {
  system?: string
  tools: readonly ReactTool[]
  history: string
  question: string
  steps: readonly ReactStep[]
}): string {
  const names = request.tools.map((tool) => tool.name).join(', ')
  const lines = [
    ...(request.system?.trim() ? [request.system.trim(), ''] : []),
    'Answer the question as well as you can. You may use these tools:',
    describeTools(request.tools),
    '',
    'Use this format:',
    'Thought: what to do next',
    `Action: the tool to use, one of [${names}]`,
    'Action Input: what to give the tool (JSON for a tool that takes several fields)',
    'Observation: what the tool answered',
    '(Thought, Action, Action Input and Observation may repeat.)',
    'Thought: I know the answer now',
    'Final Answer: the answer to the question',
    '',
    'When no tool is needed, write the Final Answer straight away.',
    ...(request.history.trim() ? ['', 'Conversation so far:', request.history.trim()] : []),
    '',
    `Question: ${request.question}`,
    ...request.steps.flatMap((step) => [step.reply, `Observation: ${step.observation}`]),
    'Thought:',
  ]
  return lines.join('\n')
}

/** The system message of a JSON-format (conversational) agent: who it is, its tools and the format. */
export function reactJsonSystemPrompt(request: { system: string; tools: readonly ReactTool[] }): string {
  return [
    request.system.trim(),
    '',
    'You may use these tools to answer the user:',
    describeTools(request.tools),
    '',
    'Reply with a markdown code snippet holding one JSON object and nothing else:',
    '```json',
    `{"action": "one of [${request.tools.map((tool) => tool.name).join(', ')}]", "action_input": "what to give the tool"}`,
    '```',
    'When you can answer, reply with:',
    '```json',
    '{"action": "Final Answer", "action_input": "your answer to the user"}',
    '```',
  ].join('\n')
}

/** What the user turn after a tool call says in the JSON format. */
export const reactJsonObservation = (observation: string): string =>
  [
    'TOOL RESPONSE:',
    '---------------------',
    observation,
    '',
    'Now reply to my last message, as the JSON object with one action. If you use what the tool',
    'answered, say it in your own words without naming the tool.',
  ].join('\n')

/**
 * The arguments for a tool from what the model wrote: a JSON object as it is; otherwise the text
 * goes to the tool's only (or first required) field, or to `input`.
 */
export function reactToolArguments(
  input: string,
  schema: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const text = input.trim()
  if (text.startsWith('{')) {
    try {
      const value: unknown = JSON.parse(text)
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>
    } catch {
      // Not JSON after all: the text itself is the input.
    }
  }
  const properties = Object.keys((schema?.properties as Record<string, unknown> | undefined) ?? {})
  const required = Array.isArray(schema?.required) ? (schema.required as string[]) : []
  const field = properties.length === 1 ? properties[0]! : (required[0] ?? properties[0] ?? 'input')
  return { [field]: text }
}
