// The Sub Question Query Engine's rules: the model splits a query into questions, each for one of
// the query engine tools, answered apart and then put together.

export interface SubQuestion {
  subQuestion: string
  toolName: string
}

/** The prompt that asks for the sub-questions as a JSON list. */
export function subQuestionPrompt(tools: readonly { name: string; description: string }[], query: string): string {
  return [
    'Split the user question into simpler questions, each answered by one of these tools:',
    ...tools.map((tool) => `- ${tool.name}: ${tool.description}`),
    '',
    'Answer with a JSON list only, one object per question, such as:',
    '[{"subQuestion": "What is the revenue of Uber?", "toolName": "uber_10k"}]',
    'Ask only what the user question needs; use only the tool names above.',
    '',
    `User question: ${query}`,
  ].join('\n')
}

function jsonList(text: string): unknown[] {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text)?.[1]
  const candidates = [fenced, text.slice(text.indexOf('['), text.lastIndexOf(']') + 1), text.trim()]
  for (const candidate of candidates) {
    if (!candidate?.trim()) continue
    try {
      const value: unknown = JSON.parse(candidate)
      if (Array.isArray(value)) return value
      if (typeof value === 'object' && value !== null && Array.isArray((value as { items?: unknown }).items)) {
        return (value as { items: unknown[] }).items
      }
    } catch {
      // Try the next way of finding the list.
    }
  }
  return []
}

/**
 * The sub-questions in a model's answer: objects with a question and a tool the engine has, each
 * question once. `sub_question` / `tool_name` spellings are read too. Anything else is dropped.
 */
export function parseSubQuestions(text: string, toolNames: readonly string[]): SubQuestion[] {
  const seen = new Set<string>()
  const found: SubQuestion[] = []
  for (const item of jsonList(text)) {
    if (typeof item !== 'object' || item === null) continue
    const record = item as Record<string, unknown>
    const subQuestion = String(record.subQuestion ?? record.sub_question ?? '').trim()
    const toolName = String(record.toolName ?? record.tool_name ?? '').trim()
    if (!subQuestion || !toolNames.includes(toolName) || seen.has(`${toolName}\n${subQuestion}`)) continue
    seen.add(`${toolName}\n${subQuestion}`)
    found.push({ subQuestion, toolName })
  }
  return found
}

/** One answered sub-question as the final synthesis reads it. */
export const subAnswerText = (question: string, answer: string): string =>
  `Sub question: ${question}\nResponse: ${answer}`
