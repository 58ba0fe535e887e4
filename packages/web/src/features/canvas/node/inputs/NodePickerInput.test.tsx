import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import type { NodeDescriptor } from '@weft/core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useSession } from '../../../../store/session'
import { admin, stubServer } from '../../../../test/renderApp'
import { runAction } from '../../actions/runAction'
import { undoAction } from '../../actions/undo'
import { CanvasActionsContext } from '../../canvasActions'
import { setNodeInput, setNodeLabel } from '../../store/canvasCommands'
import { useCanvasStore } from '../../store/canvasStore'
import { resetCanvas } from '../../store/openFlow'
import { canvas, nodeById, openTestFlow } from '../../testing/openTestFlow'
import EditNodeDialog from '../EditNodeDialog'
import { testCanvasActions } from '../test/canvasActions'

configure({ asyncUtilTimeout: 3000 })

const step = (fields: Partial<NodeDescriptor> & Pick<NodeDescriptor, 'name' | 'label' | 'inputs'>): NodeDescriptor => ({
  version: 1,
  type: fields.label,
  category: 'Agent Flows',
  description: '',
  icon: `${fields.name}.svg`,
  color: '#30C099',
  baseClasses: [fields.label],
  canvases: ['agentflowV2'],
  ...fields,
})

const llmStep = step({
  name: 'llmAgentflow',
  label: 'LLM',
  inputs: [{ label: 'Model', name: 'llmModel', type: 'asyncOptions', loadMethod: 'listModels', default: 'chatOffline' }],
})

const agentStep = step({
  name: 'agentAgentflow',
  label: 'Agent',
  inputs: [
    {
      label: 'Tools',
      name: 'agentTools',
      type: 'array',
      optional: true,
      array: [
        { label: 'Tool', name: 'agentSelectedTool', type: 'asyncOptions', loadMethod: 'listTools' },
        { label: 'Require Human Input', name: 'agentSelectedToolRequiresHumanInput', type: 'boolean', optional: true },
      ],
    },
  ],
})

// The catalogue nodes as GET /api/v1/nodes/:name answers them.
const catalogueNode = (fields: Partial<NodeDescriptor> & Pick<NodeDescriptor, 'name' | 'label' | 'inputs'>) =>
  ({ ...step(fields), category: 'Chat Models', canvases: ['chatflow'] }) satisfies NodeDescriptor

const NODES: Record<string, NodeDescriptor> = {
  chatOffline: catalogueNode({ name: 'chatOffline', label: 'Weft Responder', inputs: [] }),
  chatOpenAI: catalogueNode({
    name: 'chatOpenAI',
    label: 'ChatOpenAI',
    credential: { label: 'Connect Credential', credentialNames: ['openAIApi'] },
    inputs: [
      { label: 'Model Name', name: 'modelName', type: 'asyncOptions', loadMethod: 'listModels', default: 'gpt-4o-mini' },
      { label: 'Temperature', name: 'temperature', type: 'number', step: 0.1, default: 0.9, optional: true },
      { label: 'Base Path', name: 'basePath', type: 'string', optional: true },
    ],
  }),
  requestsGet: catalogueNode({
    name: 'requestsGet',
    label: 'Requests Get',
    inputs: [{ label: 'URL', name: 'url', type: 'string' }],
  }),
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status })

function serve() {
  const loads: { url: string; body: Record<string, unknown> }[] = []
  stubServer((url, init) => {
    const name = url.match(/^\/api\/v1\/nodes\/(\w+)$/)?.[1]
    if (name) return NODES[name] ? json(NODES[name]) : json({ message: `Node ${name} not found` }, 404)
    if (url.startsWith('/api/v1/node-load-method/')) {
      loads.push({ url, body: JSON.parse(String(init?.body)) as Record<string, unknown> })
      if (url.endsWith('/llmAgentflow'))
        return json([
          { label: 'Weft Responder', name: 'chatOffline' },
          { label: 'ChatOpenAI', name: 'chatOpenAI' },
        ])
      if (url.endsWith('/agentAgentflow')) return json([{ label: 'Requests Get', name: 'requestsGet' }])
      if (url.endsWith('/chatOpenAI')) return json([{ label: 'gpt-4o', name: 'gpt-4o' }])
    }
    if (url === '/api/v1/credentials?credentialName=openAIApi')
      return json([{ id: 'cred-1', name: 'Team key', credentialName: 'openAIApi' }])
    return undefined
  })
  return loads
}

/** The editor of one step, bound to the real canvas store as on the canvas. */
function editStep(nodeId: string) {
  function StoredStep() {
    const data = useCanvasStore((state) => state.flow.nodes.find((node) => node.id === nodeId)!.data)
    return <EditNodeDialog nodeId={nodeId} data={data} onClose={vi.fn()} />
  }
  render(
    <CanvasActionsContext.Provider value={testCanvasActions({ kind: 'agentflowV2', setNodeInput, setNodeLabel })}>
      <StoredStep />
    </CanvasActionsContext.Provider>,
  )
  return screen.getByRole('dialog')
}

function choose(field: HTMLElement, option: string) {
  fireEvent.mouseDown(field)
  return screen.findByRole('option', { name: option }).then((element) => fireEvent.click(element))
}

const inputsOf = (nodeId: string) => nodeById(nodeId)!.data.inputs

describe("a step's model and tool pickers", { timeout: 20_000 }, () => {
  beforeEach(() => useSession.getState().login(admin))
  afterEach(() => {
    cleanup()
    resetCanvas()
    useSession.getState().clear()
    vi.unstubAllGlobals()
  })

  it("choosing a model shows that model's own settings, stored beside the choice as llmModelConfig", async () => {
    const loads = serve()
    openTestFlow('agentflowV2', [llmStep])
    const dialog = editStep('llmAgentflow_0')

    await choose(within(dialog).getByRole('combobox', { name: 'Model' }), 'ChatOpenAI')
    expect(inputsOf('llmAgentflow_0')).toMatchObject({ llmModel: 'chatOpenAI', llmModelConfig: { llmModel: 'chatOpenAI' } })

    const settings = await within(dialog).findByRole('region', { name: 'ChatOpenAI settings' })
    expect(within(settings).getByRole('combobox', { name: 'Model Name' })).toBeTruthy()
    fireEvent.change(within(settings).getByLabelText('Temperature'), { target: { value: '0.2' } })
    fireEvent.change(within(settings).getByLabelText('Base Path'), { target: { value: 'http://127.0.0.1:8080/v1' } })
    fireEvent.mouseDown(await within(settings).findByRole('combobox', { name: 'Connect Credential' }))
    fireEvent.click(await screen.findByRole('option', { name: 'Team key' }))

    expect(inputsOf('llmAgentflow_0').llmModelConfig).toEqual({
      llmModel: 'chatOpenAI',
      credential: 'cred-1',
      modelName: 'gpt-4o-mini',
      temperature: 0.2,
      basePath: 'http://127.0.0.1:8080/v1',
    })

    // The nested model list asks the chosen model's node, with its credential.
    await choose(within(settings).getByRole('combobox', { name: 'Model Name' }), 'gpt-4o')
    expect(inputsOf('llmAgentflow_0').llmModelConfig).toMatchObject({ modelName: 'gpt-4o' })
    expect(loads.at(-1)).toEqual({
      url: '/api/v1/node-load-method/chatOpenAI',
      body: { loadMethod: 'listModels', credential: 'cred-1' },
    })
  })

  it('names the chosen model by its label before its list is opened, without loading the list', async () => {
    const loads = serve()
    openTestFlow('agentflowV2', [llmStep])
    setNodeInput('llmAgentflow_0', 'llmModel', 'chatOpenAI')
    const dialog = editStep('llmAgentflow_0')
    const model = within(dialog).getByRole('combobox', { name: 'Model' }) as HTMLInputElement
    await waitFor(() => expect(model.value).toBe('ChatOpenAI'))
    expect(within(dialog).getByRole('region', { name: 'ChatOpenAI settings' })).toBeTruthy()
    expect(loads).toEqual([])
  })

  it("another model drops the last one's settings in the same change, which one undo takes back", async () => {
    serve()
    openTestFlow('agentflowV2', [llmStep])
    const dialog = editStep('llmAgentflow_0')
    await choose(within(dialog).getByRole('combobox', { name: 'Model' }), 'ChatOpenAI')
    const settings = await within(dialog).findByRole('region', { name: 'ChatOpenAI settings' })
    fireEvent.change(within(settings).getByLabelText('Base Path'), { target: { value: 'http://gpu:8080/v1' } })

    await choose(within(dialog).getByRole('combobox', { name: 'Model' }), 'Weft Responder')
    expect(inputsOf('llmAgentflow_0')).toMatchObject({ llmModel: 'chatOffline', llmModelConfig: { llmModel: 'chatOffline' } })
    await waitFor(() => expect(within(dialog).queryByRole('region', { name: 'ChatOpenAI settings' })).toBeNull())

    runAction(undoAction)
    expect(inputsOf('llmAgentflow_0')).toMatchObject({
      llmModel: 'chatOpenAI',
      llmModelConfig: { basePath: 'http://gpu:8080/v1' },
    })
  })

  it("an Agent's tool row keeps the chosen tool's settings in the row as agentSelectedToolConfig", async () => {
    serve()
    openTestFlow('agentflowV2', [agentStep])
    const dialog = editStep('agentAgentflow_0')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Tools' }))
    await choose(within(dialog).getByRole('combobox', { name: 'Tool' }), 'Requests Get')
    const settings = await within(dialog).findByRole('region', { name: 'Requests Get settings' })
    fireEvent.change(within(settings).getByLabelText(/^URL/), { target: { value: 'http://127.0.0.1:8080/orders' } })

    expect(inputsOf('agentAgentflow_0').agentTools).toEqual([
      {
        agentSelectedTool: 'requestsGet',
        agentSelectedToolRequiresHumanInput: '',
        agentSelectedToolConfig: { agentSelectedTool: 'requestsGet', url: 'http://127.0.0.1:8080/orders' },
      },
    ])
  })

  it('a model whose settings cannot be loaded says so and offers to try again', async () => {
    serve()
    openTestFlow('agentflowV2', [llmStep])
    useCanvasStore.setState((state) => ({
      flow: {
        ...state.flow,
        nodes: state.flow.nodes.map((node) => ({ ...node, data: { ...node.data, inputs: { llmModel: 'chatGone' } } })),
      },
    }))
    const dialog = editStep('llmAgentflow_0')
    expect(await within(dialog).findByText(/Could not load the settings of chatGone: Node chatGone not found/)).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: 'Retry' })).toBeTruthy()
    expect(canvas().isDirty).toBe(false)
  })
})
