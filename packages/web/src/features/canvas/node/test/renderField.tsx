import { render } from '@testing-library/react'
import type { InputParam } from '@weft/core'
import { useState } from 'react'
import { vi } from 'vitest'
import { CanvasActionsContext, type CanvasActions } from '../../canvasActions'
import InputField from '../inputs/InputField'
import { testCanvasActions } from './canvasActions'

interface FieldOptions {
  value?: unknown
  inputs?: Record<string, unknown>
  nodeName?: string
  disabled?: boolean
  /** More canvas actions, e.g. localOptions. */
  canvas?: Partial<CanvasActions>
}

/**
 * Renders one input field of a node whose inputs live in React state, as on the canvas: the
 * field's own changes and the canvas action setNodeInput (tabs use it) both update them.
 */
export function renderField(
  param: InputParam,
  { value, inputs = {}, nodeName = 'testNode', disabled, canvas = {} }: FieldOptions = {},
) {
  const onChange = vi.fn()
  const writes: { store?: (name: string, value: unknown) => void } = {}
  const actions = testCanvasActions({
    ...canvas,
    setNodeInput: vi.fn((_nodeId: string, name: string, next: unknown) => writes.store?.(name, next)),
  })

  function Harness() {
    const [current, setCurrent] = useState<Record<string, unknown>>(() =>
      value === undefined ? inputs : { ...inputs, [param.name]: value },
    )
    writes.store = (name, next) => setCurrent((previous) => ({ ...previous, [name]: next }))
    return (
      <CanvasActionsContext.Provider value={actions}>
        <InputField
          param={param}
          value={current[param.name]}
          onChange={(next) => {
            onChange(next)
            setCurrent((previous) => ({ ...previous, [param.name]: next }))
          }}
          nodeId="testNode_0"
          nodeName={nodeName}
          inputs={current}
          disabled={disabled}
        />
      </CanvasActionsContext.Provider>
    )
  }

  render(<Harness />)
  return { onChange, actions }
}
