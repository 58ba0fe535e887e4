// How a Condition Agent asks its model for a scenario and reads the answer back. The prompt lists
// the scenarios as "- " lines under "Choose exactly one of these scenarios", the shape the built-in
// responder's choice rule answers (providers/offline-choice-rule.ts), so flows choose offline too.

/** The system message: the step's instructions, the scenarios, and the JSON to answer with. */
export function scenarioPrompt(instructions: string, scenarios: string[]): string {
  return [
    ...(instructions.trim() ? [instructions.trim(), ''] : []),
    'Decide which scenario fits the input the user sends. Choose exactly one of these scenarios:',
    ...scenarios.map((scenario) => `- ${scenario}`),
    '',
    'Reply with only a JSON object {"output": "<the scenario, written exactly as above>"} and nothing else.',
  ].join('\n')
}

const normal = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase()

/** The chosen text: the `output` of a JSON reply (fenced or not), else the whole reply unquoted. */
function chosenText(reply: string): string {
  const text = (/```(?:json)?\s*([\s\S]*?)```/i.exec(reply)?.[1] ?? reply).trim()
  try {
    const parsed: unknown = JSON.parse(text)
    if (typeof parsed === 'string') return parsed
    const output = (parsed as { output?: unknown } | null)?.output
    if (typeof output === 'string') return output
  } catch {
    // Not JSON: models (and the built-in responder) often answer with the scenario itself.
  }
  return text.replace(/^["'“]+|["'”.]+$/g, '')
}

/**
 * The index of the scenario the reply names: the same text, else the same text in any case, else
 * the longest scenario the reply contains. Undefined when it names none.
 */
export function matchScenario(reply: string, scenarios: string[]): number | undefined {
  const chosen = chosenText(reply)
  const exact = scenarios.indexOf(chosen)
  if (exact !== -1) return exact
  const wanted = normal(chosen)
  const sameWords = scenarios.findIndex((scenario) => normal(scenario) === wanted)
  if (sameWords !== -1) return sameWords
  let best: number | undefined
  scenarios.forEach((scenario, index) => {
    if (wanted.includes(normal(scenario)) && (best === undefined || scenario.length > scenarios[best]!.length))
      best = index
  })
  return best
}
