import { describe, expect, it } from 'vitest'
import { rebuildConditionAnchors, staleEdges } from './condition-anchors.js'
import { conditionOutputOfHandle, flowiseOutputName, rehomeConditionEdges } from './condition-handles.js'
import { flowOf, makeNode, seqCondition } from './test-fixtures.js'

// Handles as Flowise 3.1.4's canvas saves them for a condition whose outputs are labelled
// "Code Reviewer", "Software Engineer" and End (its template "Multi Agents").
const SAVED = [
  {
    name: 'output',
    label: 'Output',
    type: 'options',
    options: [
      {
        id: 'seqCondition_0-output-codeReviewer-Condition',
        name: 'codeReviewer',
        label: 'Code Reviewer',
        type: 'Condition',
      },
      { id: 'seqCondition_0-output-end-Condition', name: 'end', label: 'End', type: 'Condition' },
      {
        id: 'seqCondition_0-output-softwareEngineer-Condition',
        name: 'softwareEngineer',
        label: 'Software Engineer',
        type: 'Condition',
      },
    ],
  },
]
const OUTPUTS = ['Software Engineer', 'Code Reviewer', 'End']

describe('flowiseOutputName (the anchor name Flowise gives a condition output)', () => {
  it('camel-cases the label word by word', () => {
    expect(flowiseOutputName('Software Engineer')).toBe('softwareEngineer')
    expect(flowiseOutputName('Grading')).toBe('grading')
    expect(flowiseOutputName('End')).toBe('end')
    expect(flowiseOutputName('ASK the USER')).toBe('askTheUser')
  })
})

describe('conditionOutputOfHandle', () => {
  it('follows the saved anchor option whose id is the handle, by its label', () => {
    expect(conditionOutputOfHandle('seqCondition_0-output-softwareEngineer-Condition', OUTPUTS, SAVED)).toBe(0)
    expect(conditionOutputOfHandle('seqCondition_0-output-codeReviewer-Condition', OUTPUTS, SAVED)).toBe(1)
    expect(conditionOutputOfHandle('seqCondition_0-output-end-Condition', OUTPUTS, SAVED)).toBe(2)
  })

  it("reads Flowise's camel-cased handle when the node was saved without its anchors", () => {
    expect(conditionOutputOfHandle('seqCondition_0-output-grading-Condition', ['Grading', 'End'])).toBe(0)
    expect(conditionOutputOfHandle('seqCondition_0-output-end-Condition', ['Grading', 'End'])).toBe(1)
    expect(conditionOutputOfHandle('seqCondition_0-output-softwareEngineer-Condition', OUTPUTS)).toBe(0)
  })

  it("reads Weft's handles, named by the label itself, with or without the type", () => {
    expect(conditionOutputOfHandle('seqCondition_0-output-Software Engineer', OUTPUTS)).toBe(0)
    expect(conditionOutputOfHandle('seqCondition_0-output-End', OUTPUTS)).toBe(2)
    expect(conditionOutputOfHandle('seqCondition_0-output-Code Reviewer-Condition', OUTPUTS)).toBe(1)
  })

  it('takes the longest label a handle names, so one output never takes the edge of another', () => {
    const outputs = ['Agent', 'Agent Two', 'End']
    expect(conditionOutputOfHandle('seqCondition_0-output-Agent Two-Condition', outputs)).toBe(1)
    expect(conditionOutputOfHandle('seqCondition_0-output-agentTwo-Condition', outputs)).toBe(1)
    expect(conditionOutputOfHandle('seqCondition_0-output-agent-Condition', outputs)).toBe(0)
  })

  it('answers -1 for an output the condition no longer has, even when a saved option names it', () => {
    expect(
      conditionOutputOfHandle('seqCondition_0-output-codeReviewer-Condition', ['Software Engineer', 'End'], SAVED),
    ).toBe(-1)
    expect(conditionOutputOfHandle('seqCondition_0-output-grader-Condition', ['Grading', 'End'])).toBe(-1)
  })

  it('never matches by case alone: the label Flowise routes by is exact', () => {
    expect(conditionOutputOfHandle('seqCondition_0-output-GRADING', ['Grading', 'End'])).toBe(-1)
  })
})

describe('rehomeConditionEdges (editing a condition imported from Flowise)', () => {
  const edge = (sourceHandle: string, target: string) => ({
    id: `${sourceHandle}-${target}`,
    source: 'seqCondition_0',
    sourceHandle,
    target,
    targetHandle: `${target}-input-sequentialNode-Condition`,
  })
  /** The condition after an edit on Weft's canvas: its anchors rebuilt from its rows; the edges Flowise saved. */
  function edited(outputs: string[]) {
    const node = makeNode(seqCondition, 'seqCondition_0')
    const data = rebuildConditionAnchors({
      ...node.data,
      inputs: { conditions: outputs.map((output) => ({ output })) },
    })
    return flowOf(
      [{ ...node, data }],
      [
        edge('seqCondition_0-output-softwareEngineer-Condition', 'seqAgent_1'),
        edge('seqCondition_0-output-codeReviewer-Condition', 'seqAgent_0'),
        edge('seqCondition_0-output-end-Condition', 'seqEnd_0'),
      ],
    )
  }

  it('moves each edge onto the rebuilt handle of the output it named; an output that is gone stays stale', () => {
    const flow = rehomeConditionEdges(edited(['Software Engineer']), 'seqCondition_0')
    expect(flow.edges.map((each) => [each.sourceHandle, each.target])).toEqual([
      ['seqCondition_0-output-Software Engineer', 'seqAgent_1'],
      ['seqCondition_0-output-codeReviewer-Condition', 'seqAgent_0'],
      ['seqCondition_0-output-End', 'seqEnd_0'],
    ])
    expect(staleEdges(flow, 'seqCondition_0').map((each) => each.target)).toEqual(['seqAgent_0'])
  })

  it('answers the same flow when every edge is on a handle the condition draws, or the node is no sequential condition', () => {
    const flow = rehomeConditionEdges(edited(['Software Engineer', 'Code Reviewer']), 'seqCondition_0')
    expect(rehomeConditionEdges(flow, 'seqCondition_0')).toBe(flow)
    expect(rehomeConditionEdges(flow, 'seqAgent_1')).toBe(flow)
  })
})
