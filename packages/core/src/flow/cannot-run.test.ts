import { describe, expect, it } from 'vitest'
import { CANNOT_RUN_BADGE, cannotRun, nodesThatCannotRun } from './cannot-run.js'

const descriptors = [
  { name: 'chatOffline' },
  { name: 'startAgentflow', badge: CANNOT_RUN_BADGE },
  { name: 'llmChain', badge: 'NEW' },
]
const node = (id: string, name?: string) => ({ id, data: name === undefined ? undefined : { name } })

describe('nodes that cannot run', () => {
  it('is a descriptor with the cannot-run badge, not any badge', () => {
    expect(cannotRun(descriptors[1]!)).toBe(true)
    expect(cannotRun(descriptors[2]!)).toBe(false)
    expect(cannotRun(descriptors[0]!)).toBe(false)
  })

  it('finds the flow nodes whose descriptor cannot run, in flow order', () => {
    const nodes = [
      node('a', 'chatOffline'),
      node('b', 'startAgentflow'),
      node('c', 'llmChain'),
      node('d', 'startAgentflow'),
    ]
    expect(nodesThatCannotRun(nodes, descriptors).map((found) => found.id)).toEqual(['b', 'd'])
  })

  it('leaves out nodes without data and nodes the catalogue does not know', () => {
    expect(nodesThatCannotRun([node('a'), node('b', 'noSuchNode')], descriptors)).toEqual([])
  })

  it('finds nothing once the catalogue drops the badge', () => {
    const runnable = descriptors.map(({ name }) => ({ name }))
    expect(nodesThatCannotRun([node('b', 'startAgentflow')], runnable)).toEqual([])
  })
})
