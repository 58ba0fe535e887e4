import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { planIdMap, remapIds, remapIdsInText } from './remap-ids.js'

const A = '11111111-1111-4111-8111-111111111111'
const B = '22222222-2222-4222-8222-222222222222'
const NEW = '99999999-9999-4999-8999-999999999999'

describe('planIdMap', () => {
  it('renames ids the database holds and ids that are no UUID, once each', () => {
    let n = 0
    const map = planIdMap([A, B, 'tool-1', A], new Set([A]), () => `new-${n++}`)
    expect([...map]).toEqual([
      [A, 'new-0'],
      ['tool-1', 'new-1'],
    ])
  })
})

describe('remapIds', () => {
  const map = new Map([[A, NEW]])

  it('points ids and `<id>:<name>` picks at the new id, at any depth, and leaves node ids alone', () => {
    const flow = {
      nodes: [
        { id: 'customTool_0', data: { inputs: { selectedTool: A, selectedStore: `${A}:Handbook`, other: `x${A}` } } },
      ],
      edges: [{ source: 'customTool_0', target: 'toolAgent_0' }],
      list: [A, B],
    }
    expect(remapIds(flow, map)).toEqual({
      nodes: [
        {
          id: 'customTool_0',
          data: { inputs: { selectedTool: NEW, selectedStore: `${NEW}:Handbook`, other: `x${A}` } },
        },
      ],
      edges: [{ source: 'customTool_0', target: 'toolAgent_0' }],
      list: [NEW, B],
    })
  })

  it('property: renaming and renaming back gives the value it started from', () => {
    const back = new Map([[NEW, A]])
    const values = fc.jsonValue().map((value) => [value, A, { pick: `${A}:name` }])
    fc.assert(
      fc.property(values, (value) => {
        const text = JSON.stringify(value)
        if (text.includes(NEW)) return
        expect(remapIdsInText(remapIdsInText(text, map), back)).toBe(JSON.stringify(JSON.parse(text)))
      }),
    )
  })
})
