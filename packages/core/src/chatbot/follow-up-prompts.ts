// Follow-up prompts: after an answer, a few questions the user may ask next. Flowise keeps the
// setting as JSON text on the flow (`followUpPrompts`, `{"status":true,…}`), answers the questions
// as JSON text of a list in the prediction, and streams them as a list in `metadata`.

/** How many questions are offered after an answer. */
export const FOLLOW_UP_COUNT = 3

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** Whether the flow's stored setting (JSON text, or null) switches follow-up prompts on. */
export function isFollowUpPromptsOn(setting: string | null | undefined): boolean {
  if (!setting) return false
  const value = parse(setting)
  return typeof value === 'object' && value !== null && (value as { status?: unknown }).status === true
}

/** The questions of a message or event: a list, or JSON text of one (as stored and as the JSON answer holds them). */
export function followUpPromptsOf(value: unknown): string[] {
  const list = typeof value === 'string' ? parse(value) : value
  if (!Array.isArray(list)) return []
  return list.filter((item): item is string => typeof item === 'string' && item.trim() !== '').map((q) => q.trim())
}

const MAX_LENGTH = 200

/**
 * The questions a model wrote when asked for follow-ups: a JSON list (maybe in a code fence, or as
 * `{ "questions": [...] }`), else one per line with any numbering or bullet taken off. At most
 * FOLLOW_UP_COUNT, duplicates and overlong lines left out.
 */
export function readFollowUpQuestions(reply: string): string[] {
  const unfenced = reply.replace(/^\s*```\w*\s*|\s*```\s*$/g, '').trim()
  const parsed = parse(unfenced)
  const listed = Array.isArray(parsed)
    ? parsed
    : typeof parsed === 'object' && parsed !== null
      ? (parsed as { questions?: unknown }).questions
      : undefined
  const lines = Array.isArray(listed)
    ? listed.filter((item): item is string => typeof item === 'string')
    : unfenced.split('\n').map((line) => line.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, ''))
  const seen = new Set<string>()
  const questions: string[] = []
  for (const line of lines) {
    const question = line
      .trim()
      .replace(/^["']|["'],?$/g, '')
      .trim()
    if (!/\w/.test(question) || question.length > MAX_LENGTH || seen.has(question.toLowerCase())) continue
    seen.add(question.toLowerCase())
    questions.push(question)
    if (questions.length === FOLLOW_UP_COUNT) break
  }
  return questions
}
