import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { resetApp } from '../../test/renderApp'
import { findCanvas, renderCanvas, serve } from '../canvas/testing/renderCanvas'
import { historyServer } from './testing/historyServer'

/** The canvas's server for flow f1, with its history and leads. */
function serveCanvasWithHistory() {
  serve()
  const canvas = globalThis.fetch
  historyServer()
  const history = globalThis.fetch
  const isHistory = (url: string) => /^\/api\/v1\/(chatmessage|stats|leads)\//.test(url)
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => (isHistory(url) ? history : canvas)(url, init))
}

async function openSettings() {
  await findCanvas()
  fireEvent.click(screen.getByRole('button', { name: 'Flow settings' }))
  return within(await screen.findByRole('menu'))
}

describe('the canvas gear menu’s messages and leads', { timeout: 30_000 }, () => {
  afterEach(resetApp)

  it('opens View Messages and View Leads of the saved flow', async () => {
    serveCanvasWithHistory()
    renderCanvas('/canvas/f1')
    fireEvent.click((await openSettings()).getByRole('menuitem', { name: 'View Messages' }))
    const messages = await screen.findByRole('dialog', { name: 'Messages of Support bot' })
    expect(await within(messages).findByText('It is 42.')).toBeTruthy()
    fireEvent.click(within(messages).getByRole('button', { name: 'Close' }))

    fireEvent.click((await openSettings()).getByRole('menuitem', { name: 'View Leads' }))
    const leads = await screen.findByRole('dialog', { name: 'Leads of Support bot' })
    expect(await within(leads).findByText('Hopper, Grace')).toBeTruthy()
  })

  it('waits for a new flow to be saved', async () => {
    serveCanvasWithHistory()
    renderCanvas('/canvas')
    const menu = await openSettings()
    for (const name of ['View Messages', 'View Leads']) {
      expect(menu.getByRole('menuitem', { name }).getAttribute('aria-disabled')).toBe('true')
    }
  })
})
