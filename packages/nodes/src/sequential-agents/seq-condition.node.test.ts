import type { ChatTurn } from '@weft/core'
import { describe, expect, it } from 'vitest'
import { runStep, testStep } from '../agent-flows/testing/test-step.js'
import seqCondition from './seq-condition.node.js'

const history: ChatTurn[] = [
  { role: 'userMessage', content: 'Book a table' },
  { role: 'apiMessage', content: 'Booked for 7 pm.' },
]

const decide = (inputs: Record<string, unknown>, state: Record<string, unknown> = {}) =>
  runStep(seqCondition, testStep(seqCondition, { inputs, history, state, isLastStep: false }))

const rules = (...rows: Array<[variable: string, operation: string, value: string, output: string]>) =>
  rows.map(([variable, operation, value, output]) => ({ variable, operation, value, output }))

describe('the sequential Condition step', () => {
  it('takes the output of the first row that holds, counted in the order its handles are drawn', async () => {
    const result = await decide({
      conditions: rules(
        ['$flow.output.content', 'Contains', 'cancel', 'Cancelled'],
        ['$flow.state.messages[-1].content', 'Start With', 'Booked', 'Booked'],
        ['$flow.output.content', 'Not Empty', '', 'Cancelled'],
      ),
    })
    expect(result.next).toEqual([1])
    expect(result.output).toEqual({
      content: 'Booked',
      conditions: [
        { output: 'Cancelled', isFulfilled: false },
        { output: 'Booked', isFulfilled: true },
        { output: 'End', isFulfilled: false },
      ],
    })
  })

  it('compares numbers from the state and the conversation, and takes End when nothing holds', async () => {
    const numbers = await decide(
      {
        conditions: JSON.stringify(
          rules(
            ['$flow.state.messages.length', 'Greater Than', '5', 'Long'],
            ['$flow.state.tries', 'Greater Than or Equal To', '3', 'Give up'],
          ),
        ),
      },
      { tries: 3 },
    )
    expect(numbers.output.content).toBe('Give up')
    expect(numbers.next).toEqual([1])

    const none = await decide({ conditions: rules(['$flow.output.content', 'Is', 'no', 'No']) })
    expect(none.output.content).toBe('End')
    expect(none.next).toEqual([1])
  })

  it('names the row and the operation it does not know, and a value that is not a number', async () => {
    await expect(decide({ conditions: rules(['$flow.output.content', 'Sounds Like', 'x', 'A']) })).rejects.toThrow(
      'Condition row 1: "Sounds Like" is not an operation',
    )
    await expect(decide({ conditions: rules(['$flow.output.content', 'Less Than', '3', 'A']) })).rejects.toThrow(
      'Condition row 1: Value 1 is "Booked for 7 pm.", which is not a number.',
    )
  })

  it('runs the code tab, which must return the name of one of its outputs', async () => {
    const code = 'if ($flow.output.content.includes("Booked")) {\n  return "Confirm"\n}\nreturn "End"'
    const taken = await decide({ selectedConditionTab: 'conditionFunction', conditionFunction: code })
    expect(taken.output.content).toBe('Confirm')
    expect(taken.next).toEqual([0])

    await expect(decide({ selectedConditionTab: 'conditionFunction', conditionFunction: '"End"' })).rejects.toThrow(
      'Please add a return statement in the condition code to define the output.',
    )
    const computed = 'const name = "Some" + "where"\nreturn name'
    await expect(decide({ selectedConditionTab: 'conditionFunction', conditionFunction: computed })).rejects.toThrow(
      'the condition chose "Somewhere", which is not one of its outputs: End.',
    )
  })
})
