import {
  conditionOutputNames,
  END_OUTPUT,
  isConditionFulfilled,
  returnedOutputNames,
  sequentialConditionRules,
  type ConditionStepRule,
} from '@weft/core'
import { stepText } from '../agent-flows/plain-steps/step-text.js'
import type { StepContext } from '../agent-flows/step.js'
import { runUserCode } from '../sandbox/run-user-code.js'
import { readFlowValue, sequentialFlow, sequentialGlobals, type SequentialFlow } from './flow-variables.js'

// Which output a sequential Condition takes. Its outputs are named by its table's Output Name column
// (or the names its code returns), then End, in the order core's condition anchors draw them
// (`conditionOutputNames`): the step reports its choice as an index into that order.

const CODE_TAB = 'conditionFunction'

/** The condition's outputs in anchor order (End last). */
export function sequentialConditionOutputs(inputs: Record<string, unknown>): string[] {
  if (inputs.selectedConditionTab === CODE_TAB) {
    return conditionOutputNames(returnedOutputNames(stepText(inputs.conditionFunction)).map((output) => ({ output })))
  }
  return conditionOutputNames(sequentialConditionRules(inputs.conditions))
}

/** The table's operations as rules of the core Condition (`isConditionFulfilled`): a value type and an operation. */
const OPERATIONS: Readonly<Record<string, { type: 'string' | 'number'; operation: string }>> = {
  Contains: { type: 'string', operation: 'contains' },
  'Not Contains': { type: 'string', operation: 'notContains' },
  'Start With': { type: 'string', operation: 'startsWith' },
  'End With': { type: 'string', operation: 'endsWith' },
  Is: { type: 'string', operation: 'equal' },
  'Is Not': { type: 'string', operation: 'notEqual' },
  'Is Empty': { type: 'string', operation: 'isEmpty' },
  'Not Empty': { type: 'string', operation: 'notEmpty' },
  'Greater Than': { type: 'number', operation: 'larger' },
  'Less Than': { type: 'number', operation: 'smaller' },
  'Equal To': { type: 'number', operation: 'equal' },
  'Not Equal To': { type: 'number', operation: 'notEqual' },
  'Greater Than or Equal To': { type: 'number', operation: 'largerEqual' },
  'Less Than or Equal To': { type: 'number', operation: 'smallerEqual' },
}

/** The output of the first row that holds (a row without an Output Name leads nowhere), else End. */
function tableChoice(context: StepContext, flow: SequentialFlow): string {
  const rules = sequentialConditionRules(context.inputs.conditions)
  for (const [index, rule] of rules.entries()) {
    const output = rule.output?.trim() ?? ''
    if (!output) continue
    const name = `Condition row ${index + 1}`
    const operation = OPERATIONS[rule.operation ?? '']
    if (!operation) {
      throw new Error(
        `${name}: "${rule.operation ?? ''}" is not an operation; use one of ${Object.keys(OPERATIONS).join(', ')}.`,
      )
    }
    const compared: ConditionStepRule = {
      ...operation,
      value1: readFlowValue(rule.variable ?? '', flow, context.run.vars),
      value2: readFlowValue(rule.value ?? '', flow, context.run.vars),
    }
    if (isConditionFulfilled(compared, name)) return output
  }
  return END_OUTPUT
}

/** What the code returns: the name of an output. */
async function codeChoice(context: StepContext, flow: SequentialFlow): Promise<string> {
  const code = stepText(context.inputs.conditionFunction)
  if (!/\breturn\b/.test(code)) {
    throw new Error('Please add a return statement in the condition code to define the output.')
  }
  const returned = await runUserCode(code, sequentialGlobals(context, flow), { signal: context.run.signal })
  if (typeof returned !== 'string') {
    throw new Error(
      `the condition code returned ${stepText(returned) || 'nothing'}; return the name of an output, e.g. "End".`,
    )
  }
  return returned.trim()
}

/**
 * The name of the output the condition takes, by its open tab. `$flow.output` is what the node
 * before said, or `output` when given (a Condition Agent's own answer).
 */
export async function chooseSequentialOutput(context: StepContext, output?: Record<string, unknown>): Promise<string> {
  const flow = await sequentialFlow(context, output)
  return context.inputs.selectedConditionTab === CODE_TAB ? codeChoice(context, flow) : tableChoice(context, flow)
}

/** The output taken, as the step reports it: its name, every output with whether it holds, and its handle's index. */
export async function takeSequentialOutput(
  context: StepContext,
  output?: Record<string, unknown>,
): Promise<{ chosen: string; conditions: Array<{ output: string; isFulfilled: boolean }>; next: number[] }> {
  const outputs = sequentialConditionOutputs(context.inputs)
  const chosen = await chooseSequentialOutput(context, output)
  const taken = outputs.indexOf(chosen)
  if (taken === -1) {
    throw new Error(`the condition chose "${chosen}", which is not one of its outputs: ${outputs.join(', ')}.`)
  }
  const conditions = outputs.map((name, index) => ({ output: name, isFulfilled: index === taken }))
  return { chosen, conditions, next: [taken] }
}
