import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  agentflowConditionRules,
  CONDITION_ALERTS,
  conditionCodeAlert,
  conditionRulesAlert,
} from './condition-alerts.js'

const complete = { variable: '{{ output }}', output: 'Agent', operation: 'Contains', value: 'x' }

describe('CONDITION_ALERTS', () => {
  it('are the SPEC §5 texts word for word', () => {
    expect(CONDITION_ALERTS).toEqual({
      noRules: 'Please add an item for the condition.',
      variable: 'Please specify a Variable. Try connecting Condition node to a previous node and select the variable',
      output: 'Please specify an Output Name',
      operation: 'Please select an operation for the condition',
      returnStatement:
        'Please add a return statement in the condition code to define the output. You can refer to How to Use for more information.',
    })
  })
})

describe('conditionRulesAlert', () => {
  it('asks for an item when there are no rules', () => {
    expect(conditionRulesAlert([])).toBe(CONDITION_ALERTS.noRules)
  })

  it('asks for the variable, then the output name, then the operation', () => {
    expect(conditionRulesAlert([{}])).toBe(CONDITION_ALERTS.variable)
    expect(conditionRulesAlert([{ ...complete, variable: '  ' }])).toBe(CONDITION_ALERTS.variable)
    expect(conditionRulesAlert([{ ...complete, output: '' }])).toBe(CONDITION_ALERTS.output)
    expect(conditionRulesAlert([{ ...complete, operation: undefined }])).toBe(CONDITION_ALERTS.operation)
  })

  it('reports the first incomplete rule', () => {
    expect(conditionRulesAlert([complete, { ...complete, operation: '' }, { ...complete, variable: '' }])).toBe(
      CONDITION_ALERTS.operation,
    )
  })

  it('passes complete rules', () => {
    expect(conditionRulesAlert([complete, complete])).toBeNull()
  })

  it('does not ask for an output name when outputs are numbered (agentflow V2)', () => {
    expect(conditionRulesAlert([{ ...complete, output: '' }], { requireOutput: false })).toBeNull()
  })

  it('property: an alert is null exactly when every rule is complete', () => {
    const field = fc.constantFrom(undefined, '', ' ', 'x')
    const rule = fc.record({ variable: field, output: field, operation: field })
    fc.assert(
      fc.property(fc.array(rule), (rules) => {
        const filled = (text: string | undefined) => text !== undefined && text.trim() !== ''
        const allComplete =
          rules.length > 0 && rules.every((r) => filled(r.variable) && filled(r.output) && filled(r.operation))
        expect(conditionRulesAlert(rules) === null).toBe(allComplete)
      }),
    )
  })
})

describe('conditionCodeAlert', () => {
  it('passes code with a return statement', () => {
    expect(conditionCodeAlert(`if ($flow.state.x) return 'Agent'\nreturn 'End'`)).toBeNull()
  })

  it('asks for a return when there is none, even in a comment or string', () => {
    expect(conditionCodeAlert('const a = 1')).toBe(CONDITION_ALERTS.returnStatement)
    expect(conditionCodeAlert("// return 'Agent'\nconst s = 'return'")).toBe(CONDITION_ALERTS.returnStatement)
    expect(conditionCodeAlert('const returned = 1')).toBe(CONDITION_ALERTS.returnStatement)
  })
})

describe('agentflowConditionRules', () => {
  it('reads V2 rows as rules: value1 is the variable', () => {
    const rows = [{ type: 'string', value1: '{{ llm_0 }}', operation: 'equal', value2: 'yes' }, { type: 'number' }]
    expect(agentflowConditionRules(rows)).toEqual([
      { variable: '{{ llm_0 }}', operation: 'equal' },
      { variable: '', operation: '' },
    ])
    expect(conditionRulesAlert(agentflowConditionRules(rows), { requireOutput: false })).toBe(CONDITION_ALERTS.variable)
    expect(agentflowConditionRules(JSON.stringify(rows.slice(0, 1)))).toHaveLength(1)
  })
})
