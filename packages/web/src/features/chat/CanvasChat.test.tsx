import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { resetApp } from '../../test/renderApp'
import { findCanvas, renderCanvas, serve } from '../canvas/testing/renderCanvas'

describe('chat on the canvas', { timeout: 20_000 }, () => {
  afterEach(resetApp)

  it('opens from the toolbar for a saved flow and closes on Escape', async () => {
    serve()
    renderCanvas('/canvas/f1')
    await findCanvas()
    fireEvent.click(screen.getByRole('button', { name: 'Open chat' }))
    const panel = await screen.findByRole('dialog', { name: 'Chat with Support bot' })
    expect(screen.getByRole('button', { name: 'Open chat' }).getAttribute('aria-pressed')).toBe('true')

    fireEvent.keyDown(panel, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Chat with Support bot' })).toBeNull())
  })

  it('waits for a new flow to be saved', async () => {
    serve()
    renderCanvas('/canvas')
    await findCanvas()
    const button = screen.getByRole('button', { name: 'Open chat' }) as HTMLButtonElement
    expect(button.disabled).toBe(true)
    fireEvent.mouseOver(button.parentElement!)
    expect(await screen.findByRole('tooltip', { name: 'Save the flow to chat with it' })).toBeTruthy()
  })
})
