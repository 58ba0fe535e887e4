import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { canRedo, canUndo, createHistory, HISTORY_LIMIT, pushHistory, redo, undo } from './history.js'
import type { History } from './history.js'
import { deepFreeze } from './test-fixtures.js'

describe('history (undo/redo)', () => {
  it('undoes and redoes changes in order', () => {
    let history = pushHistory(pushHistory(createHistory('a'), 'b'), 'c')
    expect(canRedo(history)).toBe(false)
    history = undo(history)
    expect(history.present).toBe('b')
    history = undo(history)
    expect(history.present).toBe('a')
    expect(canUndo(history)).toBe(false)
    expect(undo(history)).toBe(history)
    history = redo(history)
    expect(history.present).toBe('b')
  })

  it('a new change after an undo drops the redo steps', () => {
    const history = pushHistory(undo(pushHistory(createHistory('a'), 'b')), 'c')
    expect(history).toEqual({ past: ['a'], present: 'c', future: [] })
    expect(redo(history)).toBe(history)
  })

  it('the same state again is not a step', () => {
    const history = pushHistory(createHistory('a'), 'b')
    expect(pushHistory(history, 'b')).toBe(history)
  })

  it(`keeps at most ${HISTORY_LIMIT} undo steps, dropping the oldest`, () => {
    let history = createHistory(0)
    for (let step = 1; step <= HISTORY_LIMIT + 5; step += 1) history = pushHistory(history, step)
    expect(history.past).toHaveLength(HISTORY_LIMIT)
    expect(history.past[0]).toBe(5)
  })

  it('property: redo after undo (and undo after redo) changes nothing; the input is never mutated', () => {
    const action = fc.oneof(
      fc.integer().map((value) => ({ push: value })),
      fc.constantFrom('undo', 'redo'),
    )
    fc.assert(
      fc.property(fc.array(action), (actions) => {
        let history: History<number> = createHistory(0)
        for (const step of actions) {
          deepFreeze(history)
          if (step === 'undo') history = undo(history)
          else if (step === 'redo') history = redo(history)
          else history = pushHistory(history, step.push)
          if (canUndo(history)) expect(redo(undo(history))).toEqual(history)
          if (canRedo(history)) expect(undo(redo(history))).toEqual(history)
          expect(history.past.length).toBeLessThanOrEqual(HISTORY_LIMIT)
        }
      }),
    )
  })
})
