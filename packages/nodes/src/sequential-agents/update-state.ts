import { parseRows } from '@weft/core'
import type { StepContext, StepResult } from '../agent-flows/step.js'
import { stepText } from '../agent-flows/plain-steps/step-text.js'
import { isRecord } from '../runtime/read-input.js'
import { runUserCode } from '../sandbox/run-user-code.js'
import { readFlowValue, sequentialFlow, sequentialGlobals } from './flow-variables.js'

// The Update State input of the Agent, LLM Node and Tool Node (sequential-params.ts): after the node
// has answered, set state keys from its output. The table's values read the node's own output as
// `$flow.output.<key>` or `{{ output }}`; the code tab returns an object whose keys replace the state's.

const CODE_TAB = 'updateStateMemoryCode'

/** The state keys the node's Update State sets, read against its `output`. */
export async function readStateUpdates(
  context: StepContext,
  output: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const { inputs } = context
  const flow = await sequentialFlow(context, output)
  if (inputs.selectedUpdateStateMemoryTab === CODE_TAB) {
    const code = stepText(inputs.updateStateMemoryCode)
    if (!code.trim()) return {}
    const returned = await runUserCode(code, sequentialGlobals(context, flow), { signal: context.run.signal })
    if (returned === undefined || returned === null) return {}
    if (!isRecord(returned)) {
      throw new Error('Update State (Code) must return an object such as { topic: $flow.output.content }.')
    }
    return returned
  }
  const updates: Record<string, unknown> = {}
  parseRows(inputs.updateStateMemoryUI).forEach((row, index) => {
    const key = stepText(row.key).trim()
    if (!key) {
      if (stepText(row.value).trim()) throw new Error(`Update State: row ${index + 1} has a value but no Key.`)
      return
    }
    updates[key] = readFlowValue(row.value ?? '', flow, context.run.vars) ?? ''
  })
  return updates
}

/** The step's result with its Update State applied on top of the state it sets itself. */
export async function withStateUpdates(context: StepContext, result: StepResult): Promise<StepResult> {
  const updates = await readStateUpdates(context, result.output)
  if (Object.keys(updates).length === 0) return result
  return { ...result, state: { ...result.state, ...updates } }
}
