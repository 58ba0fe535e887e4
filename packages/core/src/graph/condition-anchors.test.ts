import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  conditionOutputNames,
  rebuildConditionAnchors,
  sequentialConditionRules,
  staleEdges,
} from './condition-anchors.js'
import { addEdge } from './add-edge.js'
import {
  conditionAgentAgentflow,
  conditionAgentflow,
  connectionBetween,
  deepFreeze,
  flowOf,
  llmAgentflow,
  makeNode,
  seqCondition,
} from './test-fixtures.js'

const row = { type: 'string', value1: '{{ llm_0 }}', operation: 'equal', value2: 'x' }

describe('conditionOutputNames (SPEC §5: rules get an extra End output)', () => {
  it('lists distinct outputs in order, then End', () => {
    expect(conditionOutputNames([{ output: 'Agent' }, { output: 'Tool' }, { output: ' Agent ' }, {}])).toEqual([
      'Agent',
      'Tool',
      'End',
    ])
    expect(conditionOutputNames([])).toEqual(['End'])
    expect(conditionOutputNames([{ output: 'End' }, { output: 'A' }])).toEqual(['A', 'End'])
  })

  it('property: End comes last, exactly once, and names never repeat', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ output: fc.constantFrom('A', 'B', 'End', '', ' C') })), (rules) => {
        const names = conditionOutputNames(rules)
        expect(names.at(-1)).toBe('End')
        expect(new Set(names).size).toBe(names.length)
      }),
    )
  })
})

describe('sequentialConditionRules', () => {
  it('reads datagrid rows stored as JSON text', () => {
    expect(sequentialConditionRules('[{"variable":"$flow.state.n","operation":"Is","value":1,"output":"A"}]')).toEqual([
      { variable: '$flow.state.n', operation: 'Is', value: '1', output: 'A' },
    ])
  })
})

describe('rebuildConditionAnchors', () => {
  it('a sequential condition gets one anchor per output, then End, typed by its class', () => {
    const node = makeNode(seqCondition, 'seqCondition_0')
    const data = deepFreeze({ ...node.data, inputs: { conditions: [{ output: 'Agent' }, { output: 'Tool' }] } })
    expect(rebuildConditionAnchors(data).outputAnchors).toEqual([
      { id: 'seqCondition_0-output-Agent', name: 'Agent', label: 'Agent', type: 'Condition' },
      { id: 'seqCondition_0-output-Tool', name: 'Tool', label: 'Tool', type: 'Condition' },
      { id: 'seqCondition_0-output-End', name: 'End', label: 'End', type: 'Condition' },
    ])
  })

  it('a sequential condition in code mode takes the returned strings as outputs', () => {
    const node = makeNode(seqCondition, 'seqCondition_0')
    const inputs = {
      selectedConditionTab: 'conditionFunction',
      conditionFunction: "return $flow.state.ok ? 'Done' : 'Retry'",
      conditions: [{ output: 'Ignored' }],
    }
    expect(rebuildConditionAnchors({ ...node.data, inputs }).outputAnchors.map((anchor) => anchor.name)).toEqual([
      'Done',
      'Retry',
      'End',
    ])
  })

  it('a V2 condition gets one numbered anchor per condition, then Else', () => {
    const node = makeNode(conditionAgentflow, 'conditionAgentflow_0')
    const data = { ...node.data, inputs: { conditions: [row, row] } }
    expect(rebuildConditionAnchors(data).outputAnchors).toEqual([
      { id: 'conditionAgentflow_0-output-0', name: '0', label: 'Condition 0', type: '' },
      { id: 'conditionAgentflow_0-output-1', name: '1', label: 'Condition 1', type: '' },
      { id: 'conditionAgentflow_0-output-2', name: '2', label: 'Else', type: '' },
    ])
  })

  it('a condition agent gets one numbered anchor per scenario', () => {
    const node = makeNode(conditionAgentAgentflow, 'conditionAgentAgentflow_0')
    const data = { ...node.data, inputs: { scenarios: [{ scenario: 'Billing' }, { scenario: '' }] } }
    expect(rebuildConditionAnchors(data).outputAnchors.map((anchor) => [anchor.id, anchor.label])).toEqual([
      ['conditionAgentAgentflow_0-output-0', 'Billing'],
      ['conditionAgentAgentflow_0-output-1', 'Scenario 1'],
    ])
  })

  it('leaves other nodes as they are', () => {
    const data = makeNode(llmAgentflow, 'llmAgentflow_0').data
    expect(rebuildConditionAnchors(data)).toBe(data)
  })
})

describe('staleEdges (SPEC §4)', () => {
  it('flags edges whose source handle is gone after the rules change', () => {
    let flow = flowOf([
      makeNode(conditionAgentflow, 'conditionAgentflow_0'),
      makeNode(llmAgentflow, 'llmAgentflow_0'),
      makeNode(llmAgentflow, 'llmAgentflow_1'),
    ])
    const condition = flow.nodes[0]!
    const twoRules = rebuildConditionAnchors({ ...condition.data, inputs: { conditions: [row, row] } })
    flow = { ...flow, nodes: [{ ...condition, data: twoRules }, ...flow.nodes.slice(1)] }
    const toFirst = { ...connectionBetween(flow, 'conditionAgentflow_0', 'llmAgentflow_0') }
    const toElse = {
      ...toFirst,
      sourceHandle: 'conditionAgentflow_0-output-2',
      target: 'llmAgentflow_1',
      targetHandle: 'llmAgentflow_1',
    }
    flow = addEdge(addEdge(flow, toFirst), toElse)
    expect(staleEdges(flow, 'conditionAgentflow_0')).toEqual([])

    const oneRule = rebuildConditionAnchors({ ...twoRules, inputs: { conditions: [row] } })
    const changed = { ...flow, nodes: [{ ...condition, data: oneRule }, ...flow.nodes.slice(1)] }
    expect(staleEdges(changed, 'conditionAgentflow_0').map((edge) => edge.target)).toEqual(['llmAgentflow_1'])
  })
})
