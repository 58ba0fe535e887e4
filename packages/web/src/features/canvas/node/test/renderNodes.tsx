import { render } from '@testing-library/react'
import { createFlowNode, rebuildConditionAnchors, type FlowNodeData, type NodeDescriptor } from '@weft/core'
import { ReactFlow, ReactFlowProvider } from '@xyflow/react'
import { useState } from 'react'
import { vi } from 'vitest'
import { CanvasActionsContext, type CanvasActions } from '../../canvasActions'
import { nodeTypes } from '../nodeTypes'
import type { CanvasNode } from '../types'
import { testCanvasActions } from './canvasActions'

/** A canvas node for a descriptor, sized so React Flow shows it without measuring (jsdom cannot). */
export function canvasNode(descriptor: NodeDescriptor, id: string): CanvasNode {
  const node = createFlowNode(descriptor, id, { x: 0, y: 0 })
  return { ...node, data: node.data as CanvasNode['data'], width: 300, height: 300 }
}

type Edit = (data: FlowNodeData) => FlowNodeData

/**
 * Renders nodes in a real React Flow whose node data lives in React state; the canvas actions are
 * spies that also apply input, output and label edits, as the canvas store does.
 */
export function renderNodes(nodes: CanvasNode[], overrides: Partial<CanvasActions> = {}) {
  const edits: { apply?: (nodeId: string, edit: Edit) => void } = {}
  const edit = (nodeId: string, change: Edit) => edits.apply?.(nodeId, change)
  const actions = testCanvasActions({
    setNodeInput: vi.fn((nodeId: string, name: string, value: unknown) =>
      edit(nodeId, (data) => rebuildConditionAnchors({ ...data, inputs: { ...data.inputs, [name]: value } })),
    ),
    setNodeOutput: vi.fn((nodeId: string, name: string, value: unknown) =>
      edit(nodeId, (data) => ({ ...data, outputs: { ...data.outputs, [name]: value } })),
    ),
    setNodeLabel: vi.fn((nodeId: string, label: string) => edit(nodeId, (data) => ({ ...data, label }))),
    ...overrides,
  })

  function Harness() {
    const [list, setList] = useState(nodes)
    edits.apply = (nodeId, change) =>
      setList((current) =>
        current.map((node) => (node.id === nodeId ? { ...node, data: change(node.data) as CanvasNode['data'] } : node)),
      )
    return (
      <div style={{ width: 1000, height: 800 }}>
        <ReactFlowProvider>
          <CanvasActionsContext.Provider value={actions}>
            <ReactFlow nodes={list} edges={[]} nodeTypes={nodeTypes} />
          </CanvasActionsContext.Provider>
        </ReactFlowProvider>
      </div>
    )
  }

  const view = render(<Harness />)
  return { actions, container: view.container }
}
