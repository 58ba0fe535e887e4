import { describe, expect, it } from 'vitest'
import { buildStepTree, parentKeys, visibleRows, type StepNode } from './stepTree'
import { stepOf, triageSteps } from './test/executionFixtures'

/** The tree as indented labels, to compare at a glance. */
const outline = (tree: StepNode[], depth = 0): string[] =>
  tree.flatMap((node) => [
    `${'  '.repeat(depth)}${node.kind === 'step' ? node.step.nodeLabel : `Item ${node.iterationIndex + 1}`}`,
    ...outline(node.children, depth + 1),
  ])

describe('buildStepTree', () => {
  it('nests the sub-steps of an Iteration under it, one group per item, in the order they ran', () => {
    expect(outline(buildStepTree(triageSteps))).toEqual([
      'Start',
      'Math agent',
      'Each city',
      '  Item 1',
      '    Describe city',
      '  Item 2',
      '    Describe city',
      'Summary',
    ])
  })

  it('finds a parent recorded after its sub-steps, and keeps a sub-step of a missing parent at the top', () => {
    const steps = [
      stepOf('llm_1', 'Inner', 'FINISHED', { parentNodeId: 'iteration_0', iterationIndex: 0 }),
      stepOf('iteration_0', 'Loop over items'),
      stepOf('llm_2', 'Orphan', 'FINISHED', { parentNodeId: 'iteration_9', iterationIndex: 0 }),
    ]
    expect(outline(buildStepTree(steps))).toEqual(['Loop over items', '  Item 1', '    Inner', 'Orphan'])
  })

  it('gives each run of an Iteration inside a loop its own sub-steps', () => {
    const steps = [
      stepOf('iteration_0', 'Batch'),
      stepOf('llm_1', 'First pass', 'FINISHED', { parentNodeId: 'iteration_0', iterationIndex: 0 }),
      stepOf('iteration_0', 'Batch'),
      stepOf('llm_1', 'Second pass', 'FINISHED', { parentNodeId: 'iteration_0', iterationIndex: 0 }),
    ]
    expect(outline(buildStepTree(steps))).toEqual([
      'Batch',
      '  Item 1',
      '    First pass',
      'Batch',
      '  Item 1',
      '    Second pass',
    ])
  })
})

describe('visibleRows', () => {
  it('hides the rows under a closed parent and numbers each row within its level', () => {
    const tree = buildStepTree(triageSteps)
    const open = new Set(parentKeys(tree))
    expect(visibleRows(tree, open)).toHaveLength(8)
    const iteration = tree[2]!
    open.delete(iteration.key)
    const rows = visibleRows(tree, open)
    expect(rows.map((row) => row.level)).toEqual([1, 1, 1, 1])
    expect(rows.map((row) => `${row.position}/${row.setSize}`)).toEqual(['1/4', '2/4', '3/4', '4/4'])
  })
})
