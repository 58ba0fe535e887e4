import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { useCanvasStore } from '../store/canvasStore'
import { setNodeInput } from '../store/canvasCommands'
import { resetCanvas } from '../store/openFlow'
import { chatModel, llmChain, promptTemplate, start } from '../testing/descriptors'
import { canvas, connectNodes, nodeById, openTestFlow, selectNodes } from '../testing/openTestFlow'
import { copyAction } from './copy'
import { OTHER_CANVAS_MESSAGE, pasteAction } from './paste'
import { actionForKey, runAction } from './runAction'
import { undoAction } from './undo'

const key = (name: string, modifiers: Partial<KeyboardEvent> = {}) =>
  ({ key: name, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...modifiers }) as KeyboardEvent

describe('copy and paste', () => {
  beforeEach(() => {
    localStorage.clear()
    openTestFlow('chatflow', [chatModel, promptTemplate, llmChain], 'First flow')
    setNodeInput('chatOpenAI_0', 'credential', 'secret-credential-id')
    connectNodes('chatOpenAI_0', 'llmChain_0', { input: 'model' })
  })
  afterEach(resetCanvas)

  it('pastes a selection into another flow, without credential ids, selected and undoable', () => {
    selectNodes('chatOpenAI_0', 'llmChain_0')
    expect(runAction(copyAction)).not.toBeNull()

    // Leaving the page forgets the store; the clipboard lives on in local storage.
    resetCanvas()
    openTestFlow('chatflow', [chatModel], 'Second flow')
    expect(runAction(pasteAction)).not.toBeNull()

    const { nodes, edges } = canvas().flow
    expect(nodes.map((node) => node.id)).toEqual(['chatOpenAI_0', 'chatOpenAI_1', 'llmChain_0'])
    const pasted = nodes.filter((node) => node.selected)
    expect(pasted.map((node) => node.id)).toEqual(['chatOpenAI_1', 'llmChain_0'])
    expect(JSON.stringify(pasted)).not.toContain('secret-credential-id')
    expect(edges).toHaveLength(1)
    expect(edges[0]).toMatchObject({ source: 'chatOpenAI_1', target: 'llmChain_0' })
    expect(canvas().isDirty).toBe(true)

    runAction(undoAction)
    expect(canvas().flow.nodes.map((node) => node.id)).toEqual(['chatOpenAI_0'])
  })

  it('copies nothing when nothing is selected', () => {
    expect(runAction(copyAction)).toBeNull()
    expect(runAction(pasteAction)).toBeNull()
  })

  it('refuses to paste nodes into another kind of canvas', () => {
    selectNodes('promptTemplate_0')
    runAction(copyAction)
    openTestFlow('agentflowV2', [start])
    expect(runAction(pasteAction)).toEqual({ message: OTHER_CANVAS_MESSAGE })
    expect(canvas().flow.nodes).toHaveLength(1)
  })

  it('runs on Ctrl or Cmd with C and V', () => {
    expect(actionForKey(key('c', { ctrlKey: true }))).toBe(copyAction)
    expect(actionForKey(key('v', { metaKey: true }))).toBe(pasteAction)
    expect(actionForKey(key('c'))).toBeUndefined()
  })

  it('keeps a copy made on a read-only template for pasting elsewhere', () => {
    useCanvasStore.setState({ readOnly: true })
    selectNodes('promptTemplate_0')
    expect(runAction(copyAction)).not.toBeNull()
    expect(runAction(pasteAction)).toBeNull()
    expect(nodeById('promptTemplate_1')).toBeUndefined()
  })
})
