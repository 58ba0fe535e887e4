import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { stubServer } from '../../../../test/renderApp'
import { renderField } from '../test/renderField'

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

const models = [
  { label: 'llama3.2', name: 'llama3.2' },
  { label: 'qwen2.5', name: 'qwen2.5' },
]

const modelParam = { label: 'Model', name: 'modelName', type: 'asyncOptions', loadMethod: 'listModels' }

describe('inputs that load from the server', () => {
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('asyncOptions: opening the list loads options through the load method', async () => {
    const fetch = stubServer((url) => (url === '/api/v1/node-load-method/chatOllama' ? json(models) : undefined))
    const { onChange } = renderField(
      { ...modelParam, loadConfig: true },
      { nodeName: 'chatOllama', inputs: { basePath: 'http://gpu:11434' } },
    )
    fireEvent.click(screen.getByRole('button', { name: 'Open' }))
    fireEvent.click(await screen.findByRole('option', { name: 'qwen2.5' }))
    expect(onChange).toHaveBeenLastCalledWith('qwen2.5')
    const body = JSON.parse(String(fetch.mock.calls[0]![1]!.body))
    expect(body).toMatchObject({ loadMethod: 'listModels', inputs: { basePath: 'http://gpu:11434' } })
  })

  it('asyncOptions: options only the flow knows (steps before a Loop) come from the canvas, not the server', async () => {
    const fetch = stubServer()
    const localOptions = vi.fn((nodeId: string, loadMethod: string) =>
      loadMethod === 'listPreviousNodes' ? [{ label: 'Draft', name: 'llmAgentflow_0' }] : undefined,
    )
    const { onChange } = renderField(
      { label: 'Loop Back To', name: 'loopBackToNode', type: 'asyncOptions', loadMethod: 'listPreviousNodes' },
      { nodeName: 'loopAgentflow', canvas: { localOptions } },
    )
    fireEvent.click(screen.getByRole('button', { name: 'Open' }))
    fireEvent.click(await screen.findByRole('option', { name: 'Draft' }))
    expect(onChange).toHaveBeenLastCalledWith('llmAgentflow_0')
    expect(localOptions).toHaveBeenCalledWith('testNode_0', 'listPreviousNodes')
    expect(fetch).not.toHaveBeenCalled()
  })

  it('asyncOptions: a failed load shows why, and Retry loads again', async () => {
    let answer = json({ message: 'Ollama is not running' }, 500)
    stubServer(() => answer)
    renderField(modelParam, { nodeName: 'chatOllama' })
    fireEvent.click(screen.getByRole('button', { name: 'Open' }))
    expect(await screen.findByText(/Could not load options: Ollama is not running/)).toBeTruthy()
    answer = json(models)
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('option', { name: 'llama3.2' })).toBeTruthy()
  })

  it('asyncMultiOptions: several loaded options can be chosen; "Reload options" asks again', async () => {
    const fetch = stubServer(() => json(models))
    const { onChange } = renderField({ ...modelParam, type: 'asyncMultiOptions' }, { nodeName: 'chatOllama' })
    fireEvent.click(screen.getByRole('button', { name: 'Open' }))
    fireEvent.click(await screen.findByRole('option', { name: 'llama3.2' }))
    expect(onChange).toHaveBeenLastCalledWith(['llama3.2'])
    fireEvent.click(screen.getByRole('button', { name: 'Reload options' }))
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2))
  })

  it('credential: lists the saved credentials of the accepted types', async () => {
    const fetch = stubServer((url) =>
      url === '/api/v1/credentials?credentialName=openAIApi%2CazureOpenAIApi'
        ? json([{ id: 'c1', name: 'Team key', credentialName: 'openAIApi' }])
        : undefined,
    )
    const param = {
      label: 'Connect Credential',
      name: 'credential',
      type: 'credential',
      credentialNames: ['openAIApi', 'azureOpenAIApi'],
    }
    const { onChange } = renderField(param)
    const picker = screen.getByRole('combobox', { name: 'Connect Credential' })
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled())
    await vi.waitFor(() => expect(picker.textContent).toBe('Choose a credential'))
    fireEvent.mouseDown(picker)
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Team key' }))
    expect(onChange).toHaveBeenLastCalledWith('c1')
  })

  it('credential: with none saved (or none reachable) it points to the Credentials page', async () => {
    stubServer()
    renderField({
      label: 'Connect Credential',
      name: 'credential',
      type: 'credential',
      credentialNames: ['anthropicApi'],
    })
    expect(await screen.findByText(/No credentials yet — add one in/)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Credentials' }).getAttribute('href')).toBe('/credentials')
  })
})
