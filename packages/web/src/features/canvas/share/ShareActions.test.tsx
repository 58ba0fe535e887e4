import { fireEvent, screen, waitFor } from '@testing-library/react'
import { createFlowNode, type Flow } from '@weft/core'
import { afterEach, describe, expect, it } from 'vitest'
import { admin, resetApp } from '../../../test/renderApp'
import { canvasRouteOfKind } from '../canvasRoute'
import { initialCanvasState, useCanvasStore } from '../store/canvasStore'
import { chatModel, promptTemplate } from '../testing/descriptors'
import ShareActions from './ShareActions'
import { flowRecord, renderShare, serveShare } from './test/renderShare'

const chatflow = canvasRouteOfKind('chatflow')

function show(record: Flow | null, options?: Parameters<typeof renderShare>[1]) {
  useCanvasStore.setState({ record })
  renderShare(<ShareActions route={chatflow} />, options)
}

const codeOf = (label: string) => screen.getByLabelText(label).textContent ?? ''

describe('share actions of the canvas header', { timeout: 30_000 }, () => {
  afterEach(() => {
    resetApp()
    useCanvasStore.setState(initialCanvasState())
  })

  it('appear only once the flow is saved', () => {
    serveShare()
    show(null)
    expect(screen.queryByRole('button', { name: 'API' })).toBeNull()
  })

  it('hide Configuration from a user who may only view the flow', () => {
    serveShare()
    const viewer = { ...admin, isOrganizationAdmin: false, permissions: ['chatflows:view'] }
    show(flowRecord(), { user: viewer, platform: 'enterprise' })
    expect(screen.getByRole('button', { name: 'API' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Embed' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Configuration' })).toBeNull()
  })

  it('show API code with the bound key’s name and at most 4 of the inputs the flow allows', async () => {
    serveShare()
    const allowed = [0, 1, 2, 3, 4].map((n) => ({
      label: `Input ${n}`,
      name: `input${n}`,
      type: 'string',
      enabled: true,
    }))
    const apiConfig = JSON.stringify({
      overrideConfig: { status: true, nodes: { ChatOpenAI: allowed, 'Prompt Template': allowed } },
    })
    const flowData = JSON.stringify({
      nodes: [0, 1, 2, 3, 4]
        .map((n) => createFlowNode(n % 2 ? promptTemplate : chatModel, `node_${n}`, { x: 0, y: 0 }))
        .map((node, n) => ({
          ...node,
          data: {
            ...node.data,
            inputParams: [{ label: `Input ${n}`, name: `input${n}`, type: 'string' }],
            inputs: { [`input${n}`]: `value ${n}` },
          },
        })),
      edges: [],
    })
    show(flowRecord({ apikeyid: 'k1', flowData, apiConfig }))
    fireEvent.click(screen.getByRole('button', { name: 'API' }))
    expect(screen.getByRole('dialog', { name: 'Call Support bot from code' })).toBeTruthy()
    await waitFor(() => expect(codeOf('cURL example')).toContain('the API key "Production" bound to this flow'))
    const curl = codeOf('cURL example')
    expect(curl).toContain(`${window.location.origin}/api/v1/prediction/f1`)
    expect(curl).toContain('Authorization: Bearer <your API key>')
    expect(['input0', 'input1', 'input2', 'input3', 'input4'].filter((name) => curl.includes(name))).toHaveLength(4)

    fireEvent.click(screen.getByRole('tab', { name: 'Python' }))
    fireEvent.click(screen.getByLabelText('Streaming'))
    expect(codeOf('Python example')).toContain('"streaming": True')
  })

  it('warn in the API dialog when nothing lets code call the flow', () => {
    serveShare()
    show(flowRecord())
    fireEvent.click(screen.getByRole('button', { name: 'API' }))
    expect(screen.getByText(/No API key is bound and the flow is not public/)).toBeTruthy()
    expect(codeOf('cURL example')).not.toContain('Authorization')
    // Overrides are off until the flow allows some: the example sends none.
    expect(codeOf('cURL example')).not.toContain('overrideConfig')
  })

  it('show the embed code of the flow and what it needs', () => {
    serveShare()
    show(
      flowRecord({ isPublic: true, chatbotConfig: JSON.stringify({ allowedOrigins: ['https://shop.example.com'] }) }),
    )
    fireEvent.click(screen.getByRole('button', { name: 'Embed' }))
    expect(screen.getByText('Only these sites may use the chat: https://shop.example.com.')).toBeTruthy()
    expect(codeOf('Popup bubble code')).toContain(`import Chatbot from '${window.location.origin}/embed.js'`)
    fireEvent.click(screen.getByRole('tab', { name: 'React' }))
    expect(codeOf('React code')).toContain(`chatflowid: 'f1'`)
  })

  it('give the canvas the saved record after a configuration save, keeping its unsaved edits', async () => {
    serveShare()
    show(flowRecord())
    useCanvasStore.setState({ isDirty: true })
    fireEvent.click(screen.getByRole('button', { name: 'Configuration' }))
    fireEvent.click(screen.getByRole('tab', { name: 'Security' }))
    fireEvent.click(screen.getByLabelText('Make public'))
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(useCanvasStore.getState().record?.isPublic).toBe(true))
    expect(useCanvasStore.getState().isDirty).toBe(true)
    expect(await screen.findByText('Configuration saved')).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Configure Support bot' })).toBeNull())
  })
})
