import type { ExecutedStep } from '@weft/core'

/** A row of the step tree: a recorded step, or one item of an Iteration step grouping its sub-steps. */
export type StepNode =
  | { kind: 'step'; key: string; index: number; step: ExecutedStep; children: StepNode[] }
  | { kind: 'item'; key: string; iterationIndex: number; children: StepNode[] }

type StepRow = Extract<StepNode, { kind: 'step' }>

/**
 * Which recorded step a sub-step belongs to. An Iteration node may run more than once (inside a
 * loop), so the nearest run recorded before the sub-step wins; a parent recorded only after its
 * sub-steps (it finished last) is the next run of it.
 */
function parentIndex(steps: ExecutedStep[], at: number, parentNodeId: string): number | undefined {
  for (let index = at - 1; index >= 0; index--) if (steps[index]!.nodeId === parentNodeId) return index
  for (let index = at + 1; index < steps.length; index++) if (steps[index]!.nodeId === parentNodeId) return index
  return undefined
}

function itemOf(parent: StepRow, iterationIndex: number): StepNode {
  const found = parent.children.find((child) => child.kind === 'item' && child.iterationIndex === iterationIndex)
  if (found) return found
  const item: StepNode = { kind: 'item', key: `${parent.key}-item-${iterationIndex}`, iterationIndex, children: [] }
  parent.children.push(item)
  return item
}

/**
 * The steps of an execution as a tree, in the order they ran: the sub-steps of an Iteration are
 * nested under it, grouped by the item they ran for. A sub-step whose parent is missing stays at the top.
 */
export function buildStepTree(steps: ExecutedStep[]): StepNode[] {
  const rows: StepRow[] = steps.map((step, index) => ({
    kind: 'step',
    key: `step-${index}`,
    index,
    step,
    children: [],
  }))
  const roots: StepNode[] = []
  rows.forEach((row, index) => {
    const parentId = row.step.parentNodeId
    const parentAt = parentId ? parentIndex(steps, index, parentId) : undefined
    if (parentAt === undefined) return roots.push(row)
    const parent = rows[parentAt]!
    const iterationIndex = row.step.iterationIndex
    if (iterationIndex === undefined) parent.children.push(row)
    else itemOf(parent, iterationIndex).children.push(row)
  })
  return roots
}

/** A tree row as drawn: flat, with where it sits (for indent and the ARIA tree attributes). */
export interface VisibleRow {
  node: StepNode
  level: number
  position: number
  setSize: number
}

/** The rows shown when only the `expanded` keys show their children, top to bottom. */
export function visibleRows(tree: StepNode[], expanded: ReadonlySet<string>, level = 1): VisibleRow[] {
  return tree.flatMap((node, at) => [
    { node, level, position: at + 1, setSize: tree.length },
    ...(node.children.length > 0 && expanded.has(node.key) ? visibleRows(node.children, expanded, level + 1) : []),
  ])
}

/** The keys of every row that has children: the tree opens fully at first. */
export function parentKeys(tree: StepNode[]): string[] {
  return tree.flatMap((node) => (node.children.length > 0 ? [node.key, ...parentKeys(node.children)] : []))
}
