import { beforeEach, describe, expect, it } from 'vitest'
import { useConfirmStore } from './confirm'

describe('confirm store', () => {
  beforeEach(() => useConfirmStore.getState().close(false))

  it('shows the dialog with the default button names', () => {
    void useConfirmStore.getState().open({ title: 'Delete flow?' })
    expect(useConfirmStore.getState()).toMatchObject({
      show: true,
      title: 'Delete flow?',
      confirmButtonName: 'OK',
      cancelButtonName: 'Cancel',
    })
  })

  it('resolves true on confirm and resets to the defaults', async () => {
    const answer = useConfirmStore.getState().open({ title: 'Delete?', confirmButtonName: 'Delete' })
    useConfirmStore.getState().close(true)
    await expect(answer).resolves.toBe(true)
    expect(useConfirmStore.getState()).toMatchObject({ show: false, title: '', confirmButtonName: 'OK' })
  })

  it('resolves false on cancel', async () => {
    const answer = useConfirmStore.getState().open({ title: 'Delete?' })
    useConfirmStore.getState().close(false)
    await expect(answer).resolves.toBe(false)
  })

  it('answers false to a question replaced by a newer one', async () => {
    const first = useConfirmStore.getState().open({ title: 'First?' })
    const second = useConfirmStore.getState().open({ title: 'Second?' })
    expect(useConfirmStore.getState().title).toBe('Second?')
    useConfirmStore.getState().close(true)
    await expect(first).resolves.toBe(false)
    await expect(second).resolves.toBe(true)
  })
})
