import { vi } from 'vitest'
import type { CanvasActions } from '../../canvasActions'

/** Canvas actions made of spies, for rendering node parts outside a canvas. */
export function testCanvasActions(overrides: Partial<CanvasActions> = {}): CanvasActions {
  return {
    kind: 'chatflow',
    readOnly: false,
    setNodeInput: vi.fn(),
    setNodeOutput: vi.fn(),
    setNodeLabel: vi.fn(),
    deleteNode: vi.fn(),
    duplicateNode: vi.fn(),
    ...overrides,
  }
}
