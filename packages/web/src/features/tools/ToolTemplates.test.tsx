import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { stubTextLayout } from '../../components/code-editor/test/jsdomRanges'
import { renderApp, resetApp } from '../../test/renderApp'
import { json, restServer } from '../credentials/test/restServer'
import { freshAdmin } from '../flows/test/flowServer'
import { toolOf } from './test/toolServer'

configure({ asyncUtilTimeout: 5000 })
beforeAll(stubTextLayout)

const saved = toolOf('t1', 'get_order_status', {
  description: 'Tells where an order is',
  schema: '[{"property":"orderId","type":"string","description":"Order number","required":true}]',
  func: 'return `Order ${$orderId} ships tomorrow`',
})

const template = {
  id: 'c2',
  name: 'Order status tool',
  templateName: 'Order status tool',
  type: 'Tool',
  custom: true,
  badge: '',
  description: '',
  usecases: [],
  categories: [],
  flowData: JSON.stringify({
    name: 'lookup_weather',
    description: 'Tells the weather',
    color: '#4F6BED',
    func: 'return "sunny"',
  }),
}

function server() {
  return restServer((method, path) => {
    if (method === 'GET' && path === '/tools') return json([saved])
    if (method === 'GET' && path === '/marketplaces/custom/c2') return json(template)
    if (method === 'POST' && path === '/marketplaces/custom') return json({ ...template, id: 'c3' }, 201)
    return undefined
  })
}

describe('tools and templates', { timeout: 20_000 }, () => {
  afterEach(resetApp)

  it('saves a tool as a template with its fields', async () => {
    const api = server()
    renderApp('/tools', { user: freshAdmin() })
    fireEvent.click(
      await screen.findByRole('button', { name: 'Save get_order_status as template' }, { timeout: 10_000 }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Save tool as template' })
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Description' }), {
      target: { value: 'Order lookups' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save template' }))
    await waitFor(() => expect(api.calls('POST')).toHaveLength(1))
    expect(api.calls('POST')[0]).toEqual({
      path: '/marketplaces/custom',
      body: {
        name: 'get_order_status',
        description: 'Order lookups',
        badge: '',
        usecases: [],
        tool: {
          name: 'get_order_status',
          description: 'Tells where an order is',
          color: saved.color,
          iconSrc: null,
          schema: saved.schema,
          func: saved.func,
        },
      },
    })
  })

  it('opens a new tool filled from a tool template (Use template)', async () => {
    server()
    renderApp('/tools?template=c2', { user: freshAdmin() })
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 })
    expect((within(dialog).getByRole('textbox', { name: 'Tool Name' }) as HTMLInputElement).value).toBe(
      'lookup_weather',
    )
  })
})
