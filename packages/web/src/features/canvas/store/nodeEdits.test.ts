import type { FlowData, FlowNode } from '@weft/core'
import { describe, expect, it } from 'vitest'
import { setInput } from './nodeEdits'

// A sequential Condition imported from Flowise keeps its branches when it is edited on Weft's canvas:
// Flowise saved its outputs as anchor options named by the camel-cased label.

const option = (name: string, label: string) => ({
  id: `seqCondition_0-output-${name}-Condition`,
  name,
  label,
  type: 'Condition',
  isAnchor: true,
})

function importedCondition(): FlowData {
  const condition: FlowNode = {
    id: 'seqCondition_0',
    type: 'customNode',
    position: { x: 0, y: 0 },
    data: {
      id: 'seqCondition_0',
      label: 'Condition',
      version: 1,
      name: 'seqCondition',
      type: 'Condition',
      baseClasses: ['Condition'],
      category: 'Sequential Agents',
      inputParams: [],
      inputAnchors: [],
      inputs: { conditions: [{ output: 'Software Engineer' }, { output: 'Code Reviewer' }] },
      outputAnchors: [
        {
          name: 'output',
          label: 'Output',
          type: 'options',
          options: [
            option('codeReviewer', 'Code Reviewer'),
            option('end', 'End'),
            option('softwareEngineer', 'Software Engineer'),
          ],
        },
      ],
      outputs: { output: 'next' },
    },
  }
  const edge = (name: string, target: string) => ({
    id: `${name}-${target}`,
    source: 'seqCondition_0',
    sourceHandle: `seqCondition_0-output-${name}-Condition`,
    target,
    targetHandle: `${target}-input-sequentialNode-Condition`,
  })
  return {
    nodes: [condition],
    edges: [edge('softwareEngineer', 'seqAgent_1'), edge('codeReviewer', 'seqAgent_0'), edge('end', 'seqEnd_0')],
  }
}

describe('editing a sequential Condition imported from Flowise', () => {
  it('keeps the edges of the outputs it still has on their rebuilt handles and drops the others', () => {
    const edited = setInput(importedCondition(), 'seqCondition_0', 'conditions', [
      { variable: '$flow.output.content', operation: 'Contains', value: 'ENGINEER', output: 'Software Engineer' },
    ])
    expect(edited.nodes[0]!.data.outputAnchors.map((anchor) => anchor.id)).toEqual([
      'seqCondition_0-output-Software Engineer',
      'seqCondition_0-output-End',
    ])
    expect(edited.edges.map((edge) => [edge.sourceHandle, edge.target])).toEqual([
      ['seqCondition_0-output-Software Engineer', 'seqAgent_1'],
      ['seqCondition_0-output-End', 'seqEnd_0'],
    ])
  })
})
