import type { Flow, FlowData } from '@weft/core'
import type { NodeChange } from '@xyflow/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { runAction } from '../actions/runAction'
import { redoAction } from '../actions/redo'
import { undoAction } from '../actions/undo'
import type { CanvasNode } from '../reactFlowTypes'
import { chatModel, condition, llm, llmChain, promptTemplate, start } from '../testing/descriptors'
import { toSavedFlow } from '../flowFormat'
import { canvas, connectNodes, nodeById, openTestFlow, selectNodes } from '../testing/openTestFlow'
import { addNode, markSaved, setNodeInput } from './canvasCommands'
import { TYPING_PAUSE_MS } from './commit'
import { useCanvasStore } from './canvasStore'
import { openFlow, parseFlowData, resetCanvas } from './openFlow'
import { onNodesChange } from './reactFlowChanges'

const record = { id: 'f1', name: 'Test flow' } as Flow
const move = (x: number, dragging: boolean): NodeChange<CanvasNode> => ({
  id: 'llmChain_0',
  type: 'position',
  position: { x, y: 0 },
  dragging,
})

describe('canvas store', () => {
  beforeEach(() => openTestFlow('chatflow', [chatModel, promptTemplate, llmChain]))
  afterEach(() => {
    resetCanvas()
    vi.useRealTimers()
  })

  it('opens a flow clean, and a change makes it dirty', () => {
    expect(canvas().isDirty).toBe(false)
    addNode(chatModel, { x: 0, y: 300 })
    expect(canvas().isDirty).toBe(true)
  })

  it('undoes and redoes an added node and a connection, one step each', () => {
    addNode(chatModel, { x: 0, y: 300 })
    connectNodes('chatOpenAI_0', 'llmChain_0', { input: 'model' })
    expect(canvas().flow.nodes.map((node) => node.id)).toContain('chatOpenAI_1')
    expect(canvas().flow.edges).toHaveLength(1)

    runAction(undoAction)
    expect(canvas().flow.edges).toHaveLength(0)
    expect(nodeById('llmChain_0')!.data.inputs.model).toBe('')
    runAction(undoAction)
    expect(nodeById('chatOpenAI_1')).toBeUndefined()
    expect(runAction(undoAction)).toBeNull()

    runAction(redoAction)
    runAction(redoAction)
    expect(nodeById('chatOpenAI_1')).toBeDefined()
    expect(canvas().flow.edges).toHaveLength(1)
  })

  it('makes typing in one input a single undo step', () => {
    vi.useFakeTimers()
    for (const text of ['H', 'He', 'Hello']) setNodeInput('promptTemplate_0', 'template', text)
    vi.advanceTimersByTime(TYPING_PAUSE_MS)
    setNodeInput('promptTemplate_0', 'template', 'Hello world')

    runAction(undoAction)
    expect(nodeById('promptTemplate_0')!.data.inputs.template).toBe('Hello')
    runAction(undoAction)
    expect(nodeById('promptTemplate_0')!.data.inputs.template).toBe('')
  })

  it('records a drag as one step when it ends, not one per frame', () => {
    onNodesChange([move(10, true)])
    onNodesChange([move(20, true)])
    expect(canvas().isDirty).toBe(false)
    onNodesChange([move(30, false)])
    expect(canvas().isDirty).toBe(true)
    expect(nodeById('llmChain_0')!.position.x).toBe(30)

    runAction(undoAction)
    expect(nodeById('llmChain_0')!.position.x).toBe(800)
  })

  it('is clean after a save, unless something changed while saving', () => {
    addNode(chatModel, { x: 0, y: 300 })
    markSaved(record, canvas().revision)
    expect(canvas().isDirty).toBe(false)

    const savedRevision = canvas().revision
    addNode(chatModel, { x: 0, y: 600 })
    markSaved(record, savedRevision)
    expect(canvas().isDirty).toBe(true)
  })

  it('reopens a saved flow with nothing selected, however it was left', () => {
    connectNodes('promptTemplate_0', 'llmChain_0', { input: 'prompt' })
    selectNodes('llmChain_0')
    const { flow } = canvas()
    useCanvasStore.setState({ flow: { ...flow, edges: flow.edges.map((edge) => ({ ...edge, selected: true })) } })
    const saved = JSON.stringify(toSavedFlow(canvas().flow, undefined))
    expect(saved).not.toContain('"selected":true')

    // A file saved elsewhere (Flowise, an older Weft) may still carry the selection.
    const stored = JSON.parse(saved) as FlowData
    stored.nodes[2]!.selected = true
    openFlow({ kind: 'chatflow', record, name: 'Test flow', flow: parseFlowData(JSON.stringify(stored)) })
    expect(canvas().flow.nodes.filter((node) => node.selected)).toEqual([])
    expect(canvas().flow.edges.filter((edge) => (edge as { selected?: boolean }).selected)).toEqual([])
    expect(canvas().isDirty).toBe(false)
  })

  it('refuses every edit on a read-only canvas', () => {
    openFlow({ kind: 'chatflow', record: null, name: 'Template', flow: canvas().flow, readOnly: true })
    const { flow } = canvas()
    addNode(chatModel, { x: 0, y: 300 })
    setNodeInput('promptTemplate_0', 'template', 'changed')
    expect(canvas().flow).toBe(flow)
    expect(runAction(undoAction)).toBeNull()
  })
})

describe('condition nodes', () => {
  beforeEach(() => openTestFlow('agentflowV2', [start, condition, llm]))
  afterEach(resetCanvas)

  it('rebuild their outputs from the rules and drop edges whose output is gone', () => {
    expect(nodeById('conditionAgentflow_0')!.data.outputAnchors.map((anchor) => anchor.label)).toEqual([
      'Condition 0',
      'Else',
    ])
    connectNodes('conditionAgentflow_0', 'llmAgentflow_0', { output: 1 })
    expect(canvas().flow.edges).toHaveLength(1)

    setNodeInput('conditionAgentflow_0', 'conditions', [])
    expect(nodeById('conditionAgentflow_0')!.data.outputAnchors.map((anchor) => anchor.label)).toEqual(['Else'])
    expect(canvas().flow.edges).toHaveLength(0)
  })
})
