import { parseRows } from '@weft/core'
import { stepText } from '../agent-flows/plain-steps/step-text.js'
import { isRecord } from '../runtime/read-input.js'
import { runUserCode } from '../sandbox/run-user-code.js'

// The State node of sequential agents declares the keys of the flow state with their starting
// values; Start reads them as the run's initial state. Each key's Operation (Replace, Append) is
// shown on the canvas, but updates always replace a key's value for now.

/** The value the State node builds. */
export interface SequentialState {
  kind: 'sequentialState'
  initial: Record<string, unknown>
}

export const isSequentialState = (value: unknown): value is SequentialState =>
  isRecord(value) && value.kind === 'sequentialState' && isRecord(value.initial)

const CODE_TAB = 'stateMemoryCode'

/** The starting values of the table's rows: Append keys start as a list, Replace keys as their text. */
function tableState(raw: unknown): Record<string, unknown> {
  const state: Record<string, unknown> = {}
  parseRows(raw).forEach((row, index) => {
    const key = stepText(row.key).trim()
    if (!key) throw new Error(`Custom State: row ${index + 1} has no Key.`)
    const text = stepText(row.defaultValue)
    state[key] = row.type === 'Append' ? listOf(text) : text
  })
  return state
}

function listOf(text: string): unknown[] {
  if (text.trim() === '') return []
  try {
    const parsed: unknown = JSON.parse(text)
    if (Array.isArray(parsed)) return parsed
  } catch {
    // a plain text: the list's one item
  }
  return [text]
}

/**
 * The code returns `{ key: { value, default } }` (Flowise's shape: `default` the starting value or a
 * function that gives it; `value` the way updates combine, not read here) or plain `{ key: value }`; a bare object literal is taken as returned. It runs in
 * the sandbox, where the defaults are worked out too, since functions cannot leave it.
 */
async function codeState(code: string, signal: AbortSignal): Promise<Record<string, unknown>> {
  const body = /\breturn\b/.test(code) ? code : `return (${code})`
  const wrapped = `const declared = await (async () => {\n${body}\n})()
if (declared === null || typeof declared !== 'object' || Array.isArray(declared)) return declared
const state = {}
for (const [key, entry] of Object.entries(declared)) {
  const described = entry !== null && typeof entry === 'object' && ('default' in entry || 'value' in entry)
  const start = described ? entry.default : entry
  state[key] = typeof start === 'function' ? await start() : (start ?? null)
}
return state`
  const state = await runUserCode(wrapped, {}, { signal })
  if (!isRecord(state))
    throw new Error('Custom State (Code) must return an object such as { topic: { value: null, default: "" } }.')
  return state
}

/** The State node's starting values, from its open tab. */
export async function readSequentialState(
  inputs: Record<string, unknown>,
  signal: AbortSignal,
): Promise<SequentialState> {
  const code = stepText(inputs.stateMemoryCode)
  const initial =
    inputs.selectedStateTab === CODE_TAB && code.trim()
      ? await codeState(code, signal)
      : tableState(inputs.stateMemoryUI)
  return { kind: 'sequentialState', initial }
}
