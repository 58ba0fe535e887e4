import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { Assistant, NodeDescriptor } from '@weft/core'
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp, resetApp } from '../../test/renderApp'
import { json, restServer } from '../credentials/test/restServer'
import { freshAdmin } from '../flows/test/flowServer'

configure({ asyncUtilTimeout: 5000 })

const assistantOf = (id: string, details: Record<string, unknown>): Assistant => ({
  id,
  type: 'CUSTOM',
  details: JSON.stringify(details),
  credential: null,
  iconSrc: null,
  workspaceId: 'w1',
  createdDate: '2026-11-01T00:00:00.000Z',
  updatedDate: '2026-11-02T00:00:00.000Z',
})

const offline = {
  name: 'chatOffline',
  label: 'Built-in Responder',
  description: 'Answers offline.',
  baseClasses: ['ChatOffline', 'BaseChatModel'],
  category: 'Chat Models',
  inputs: [],
} as unknown as NodeDescriptor

const store = { id: 's1', name: 'Handbook', description: 'Team handbook', status: 'UPSERTED' }

/** The assistants API over one in-memory assistant; saving a model gives it a flow, as the server does. */
function assistantServer(initial: Assistant[]) {
  let assistants = [...initial]
  return restServer((method, path, body) => {
    const data = body as { details?: string } | undefined
    if (method === 'GET' && path === '/assistants?type=CUSTOM') return json(assistants)
    if (method === 'GET' && path === '/nodes') return json([offline])
    if (method === 'GET' && path === '/tools') return json([])
    if (method === 'GET' && path === '/document-store/store') return json([store])
    if (method === 'POST' && path === '/assistants' && data?.details) {
      const created = assistantOf(`a${assistants.length + 1}`, JSON.parse(data.details))
      assistants = [...assistants, created]
      return json(created, 201)
    }
    const id = path.match(/^\/assistants\/([^/?]+)$/)?.[1]
    const found = assistants.find((assistant) => assistant.id === id)
    if (method === 'GET' && found) return json(found)
    if (method === 'PUT' && found && data?.details) {
      const details = JSON.parse(data.details)
      const updated = assistantOf(found.id, details.chatModel ? { ...details, chatflowId: 'f1' } : details)
      assistants = assistants.map((assistant) => (assistant.id === id ? updated : assistant))
      return json(updated)
    }
    if (method === 'GET' && path.startsWith('/chatmessage/f1')) return json([])
    return undefined
  })
}

describe('custom assistants', { timeout: 20_000 }, () => {
  afterEach(resetApp)

  it('says how to start when there are none, and adds one by name, opening its form', async () => {
    const server = assistantServer([])
    renderApp('/assistants/custom', { user: freshAdmin() })
    expect(await screen.findByText('No custom assistants yet', {}, { timeout: 10_000 })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Add' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Handbook helper' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }))
    expect(await screen.findByRole('heading', { name: 'Handbook helper' }, { timeout: 10_000 })).toBeTruthy()
    expect(server.calls('POST')).toEqual([
      { path: '/assistants', body: { type: 'CUSTOM', details: JSON.stringify({ name: 'Handbook helper' }) } },
    ])
    expect(screen.getByText('Choose a model and save')).toBeTruthy()
  })

  it('saves the model, instructions and knowledge, then offers the chat', async () => {
    const server = assistantServer([assistantOf('a1', { name: 'Helper', instruction: '', tools: [], documentStores: [] })])
    renderApp('/assistants/custom/a1', { user: freshAdmin() })
    const instructions = await screen.findByRole('textbox', { name: 'Instructions' }, { timeout: 10_000 })
    fireEvent.change(instructions, { target: { value: 'Answer from the handbook.' } })
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Chat Model' }))
    fireEvent.click(await screen.findByRole('option', { name: 'Built-in Responder' }))
    fireEvent.click(screen.getByRole('checkbox', { name: 'Calculator Works out arithmetic.' }))
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Handbook' }))
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByRole('region', { name: 'Chat with Helper' }, { timeout: 10_000 })).toBeTruthy()
    const [put] = server.calls('PUT')
    expect(put?.path).toBe('/assistants/a1')
    expect(JSON.parse((put?.body as { details: string }).details)).toEqual({
      name: 'Helper',
      instruction: 'Answer from the handbook.',
      tools: [{ kind: 'node', name: 'calculator' }],
      documentStores: [{ id: 's1', name: 'Handbook', description: 'Team handbook' }],
      chatModel: { name: 'chatOffline', inputs: {} },
    })
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true))
  })
})
