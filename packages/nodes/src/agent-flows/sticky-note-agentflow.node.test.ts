import { describe, expect, it } from 'vitest'
import { findNode } from '../find-node.js'
import stickyNote from './sticky-note-agentflow.node.js'
import { runStep, testStep } from './testing/test-step.js'

describe('Sticky Note step', () => {
  it('does nothing when run, and is not marked as unable to run', async () => {
    const step = testStep(stickyNote, { inputs: { note: 'Explains the flow' } })
    expect(await runStep(stickyNote, step)).toEqual({ output: {} })
    expect(step.events).toEqual([])
    expect(findNode('stickyNoteAgentflow')!.descriptor.badge).toBeUndefined()
  })
})
