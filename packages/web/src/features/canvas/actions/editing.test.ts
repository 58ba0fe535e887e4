import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { resetCanvas } from '../store/openFlow'
import { chatModel, llmChain, promptTemplate } from '../testing/descriptors'
import { canvas, connectNodes, nodeById, openTestFlow, selectNodes } from '../testing/openTestFlow'
import { useCanvasStore } from '../store/canvasStore'
import { deleteSelectionAction } from './deleteSelection'
import { duplicateAction } from './duplicate'
import { redoAction } from './redo'
import { actionForKey, runAction } from './runAction'
import { undoAction } from './undo'

const key = (name: string, modifiers: Partial<KeyboardEvent> = {}) =>
  ({ key: name, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...modifiers }) as KeyboardEvent

function selectEdge(id: string) {
  const { flow } = canvas()
  useCanvasStore.setState({
    flow: { ...flow, edges: flow.edges.map((edge) => ({ ...edge, selected: edge.id === id })) },
  })
}

describe('delete selection', () => {
  beforeEach(() => {
    openTestFlow('chatflow', [chatModel, promptTemplate, llmChain])
    connectNodes('chatOpenAI_0', 'llmChain_0', { input: 'model' })
    connectNodes('promptTemplate_0', 'llmChain_0', { input: 'prompt' })
  })
  afterEach(resetCanvas)

  it('deletes selected nodes with their edges and the references to them', () => {
    selectNodes('chatOpenAI_0', 'promptTemplate_0')
    runAction(deleteSelectionAction)
    expect(canvas().flow.nodes.map((node) => node.id)).toEqual(['llmChain_0'])
    expect(canvas().flow.edges).toEqual([])
    expect(nodeById('llmChain_0')!.data.inputs).toMatchObject({ model: '', prompt: '' })

    runAction(undoAction)
    expect(canvas().flow.nodes).toHaveLength(3)
    expect(canvas().flow.edges).toHaveLength(2)
  })

  it('deletes a selected edge and empties the input it filled', () => {
    const edge = canvas().flow.edges[0]!
    selectEdge(edge.id)
    runAction(deleteSelectionAction)
    expect(canvas().flow.edges.map((remaining) => remaining.id)).not.toContain(edge.id)
    expect(canvas().flow.nodes).toHaveLength(3)
    expect(nodeById('llmChain_0')!.data.inputs.model).toBe('')
  })

  it('does nothing without a selection', () => {
    const { flow, history } = canvas()
    expect(runAction(deleteSelectionAction)).toBeNull()
    expect(canvas().flow).toBe(flow)
    expect(canvas().history).toBe(history)
  })

  it('runs on Delete and Backspace, not with Ctrl', () => {
    expect(actionForKey(key('Delete'))).toBe(deleteSelectionAction)
    expect(actionForKey(key('Backspace'))).toBe(deleteSelectionAction)
    expect(actionForKey(key('Backspace', { ctrlKey: true }))).toBeUndefined()
  })
})

describe('duplicate', () => {
  beforeEach(() => openTestFlow('chatflow', [promptTemplate]))
  afterEach(resetCanvas)

  it('duplicates the selected node 50 px to the right and selects the copy', () => {
    selectNodes('promptTemplate_0')
    runAction(duplicateAction)
    const copy = nodeById('promptTemplate_1')!
    expect(copy.position).toEqual({ x: 50, y: 0 })
    expect(copy.selected).toBe(true)
    expect(nodeById('promptTemplate_0')!.selected).toBe(false)
  })
})

describe('undo and redo keys', () => {
  it.each([
    ['Ctrl+Z', key('z', { ctrlKey: true }), undoAction],
    ['Cmd+Z', key('z', { metaKey: true }), undoAction],
    ['Ctrl+Shift+Z', key('Z', { ctrlKey: true, shiftKey: true }), redoAction],
    ['Cmd+Shift+Z', key('z', { metaKey: true, shiftKey: true }), redoAction],
    ['Ctrl+Y', key('y', { ctrlKey: true }), redoAction],
  ])('%s', (_name, press, action) => {
    expect(actionForKey(press)).toBe(action)
  })
})
