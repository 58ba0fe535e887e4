import { cleanup, screen } from '@testing-library/react'
import type { NodeDescriptor } from '@weft/core'
import { afterEach, describe, expect, it } from 'vitest'
import { shownOutputIds } from './OutputAnchorHandle'
import { canvasNode, renderNodes } from './test/renderNodes'

const VALUES = ['string', 'number', 'boolean', 'json', 'array']

const ifElse: NodeDescriptor = {
  label: 'IfElse Function',
  name: 'ifElseFunction',
  version: 1,
  type: 'IfElseFunction',
  category: 'Utilities',
  description: 'Take one of two paths.',
  icon: 'ifElseFunction.svg',
  color: '#B8AD14',
  baseClasses: ['IfElseFunction', 'Utilities'],
  canvases: ['chatflow'],
  inputs: [{ label: 'IF Function', name: 'ifFunction', type: 'code' }],
  outputs: [
    { label: 'True', name: 'returnTrue', baseClasses: VALUES, isAnchor: true },
    { label: 'False', name: 'returnFalse', baseClasses: VALUES, isAnchor: true },
  ],
}

const TRUE_HANDLE = 'ifElseFunction_0-output-returnTrue-string|number|boolean|json|array'
const FALSE_HANDLE = 'ifElseFunction_0-output-returnFalse-string|number|boolean|json|array'

const handle = (container: HTMLElement, id: string) => container.querySelector(`[data-handleid="${id}"]`)

describe('anchor outputs on a chatflow node', () => {
  afterEach(cleanup)

  it('draws True and False as two labelled, connectable source handles and no output select', () => {
    const { container } = renderNodes([canvasNode(ifElse, 'ifElseFunction_0')])
    expect(screen.getByText('True')).toBeTruthy()
    expect(screen.getByText('False')).toBeTruthy()
    for (const id of [TRUE_HANDLE, FALSE_HANDLE]) {
      const drawn = handle(container, id)
      expect(drawn?.classList.contains('source')).toBe(true)
      expect(drawn?.classList.contains('connectable')).toBe(true)
    }
    expect(screen.queryByRole('combobox', { name: 'Output' })).toBeNull()
  })

  it('shows both handles when zoomed out too, where a choice shows only the chosen one', () => {
    const data = canvasNode(ifElse, 'ifElseFunction_0').data
    expect(shownOutputIds(data.outputAnchors[0]!, data.outputs)).toEqual([TRUE_HANDLE, FALSE_HANDLE])
    const choice = {
      name: 'output',
      label: 'Output',
      type: 'options',
      options: [
        { id: 'a', name: 'a', label: 'A', type: 'A' },
        { id: 'b', name: 'b', label: 'B', type: 'B' },
      ],
      default: 'a',
    }
    expect(shownOutputIds(choice, { output: 'b' })).toEqual(['b'])
    expect(shownOutputIds({ id: 'x', name: 'x', label: 'X', type: 'X' }, {})).toEqual(['x'])
  })
})
