import { describe, expect, it } from 'vitest'
import { chatOpenAI, deepFreeze, descriptor, fileLoader, flowOf, makeNode } from '../graph/test-fixtures.js'
import type { FlowNode, InputParam } from '../types/node.js'
import type { AssistantRecord, FlowRecord } from './bundle.js'
import { exportStep } from './export-step.js'
import {
  sanitizeAssistant,
  sanitizeChatflow,
  sanitizeCustomTemplate,
  withoutSettingCredentials,
} from './sanitize-flow.js'

const httpStep = descriptor({
  name: 'httpAgentflow',
  inputs: [
    { label: 'Token', name: 'bearerToken', type: 'password' },
    { label: 'URL', name: 'url', type: 'string' },
  ],
})
const agentStep = descriptor({
  name: 'agentAgentflow',
  inputs: [{ label: 'Model', name: 'agentModel', type: 'asyncOptions' }],
})

/** The catalogue as the server passes it: the params of each node by name. */
const catalogue: Record<string, InputParam[]> = {
  chatOpenAI: chatOpenAI.inputs,
  httpAgentflow: httpStep.inputs,
  // A model whose key is a param, picked inside a step's settings.
  chatKeyed: [{ label: 'Key', name: 'apiKey', type: 'password' }],
}
const paramsOf = (name: string) => catalogue[name]

function withInputs(node: FlowNode, inputs: Record<string, unknown>, credential?: string): FlowNode {
  return {
    ...node,
    data: { ...node.data, ...(credential ? { credential } : {}), inputs: { ...node.data.inputs, ...inputs } },
  }
}

function flowRecord(flowData: string, fields: Partial<FlowRecord> = {}): FlowRecord {
  return deepFreeze({
    id: 'f1',
    name: 'Support',
    flowData,
    deployed: false,
    isPublic: false,
    apikeyid: null,
    chatbotConfig: null,
    apiConfig: null,
    analytic: null,
    speechToText: null,
    followUpPrompts: null,
    category: null,
    type: 'CHATFLOW',
    createdDate: '2026-01-01T00:00:00.000Z',
    updatedDate: '2026-01-01T00:00:00.000Z',
    ...fields,
  })
}

describe('sanitizeChatflow (SPEC §3, §5)', () => {
  const model = withInputs(
    makeNode(chatOpenAI, 'chatOpenAI_0'),
    { apiKey: 'sk-secret', credential: 'cred-1', FLOWISE_CREDENTIAL_ID: 'cred-1' },
    'cred-1',
  )
  const loader = withInputs(makeNode(fileLoader, 'fileLoader_0'), {
    file: 'data:text/plain;base64,eA==',
    folder: '/home/me',
  })
  // A node saved without the password among its own params: the catalogue's params still count.
  const http = withInputs(
    {
      ...makeNode(httpStep, 'httpAgentflow_0'),
      data: { ...makeNode(httpStep, 'httpAgentflow_0').data, inputParams: [] },
    },
    {
      bearerToken: 'tok-secret',
      url: 'https://example.com',
    },
  )
  const agent = withInputs(makeNode(agentStep, 'agentAgentflow_0'), {
    agentModel: 'chatKeyed',
    agentModelConfig: { apiKey: 'sk-nested', credential: 'cred-2', agentModel: 'chatKeyed' },
    agentTools: [{ agentSelectedTool: 'chatKeyed', agentSelectedToolConfig: { apiKey: 'sk-row' } }],
  })
  const flowData = JSON.stringify(flowOf([model, loader, http, agent]))

  it('strips credential ids and empties password, file and folder inputs, also in picked settings', () => {
    const sanitized = sanitizeChatflow(flowRecord(flowData), paramsOf)
    for (const secret of ['cred-1', 'cred-2', 'sk-secret', 'sk-nested', 'sk-row', 'tok-secret', 'base64', '/home/me']) {
      expect(sanitized.flowData).not.toContain(secret)
    }
    const nodes = JSON.parse(sanitized.flowData).nodes
    expect(nodes[0].data.inputs).toEqual({ modelName: 'gpt-4o-mini', temperature: 0.9, apiKey: '' })
    expect(nodes[1].data.inputs).toEqual({ file: '', folder: '' })
    expect(nodes[2].data.inputs).toEqual({ bearerToken: '', url: 'https://example.com' })
    expect(nodes[3].data.inputs.agentModelConfig).toEqual({ apiKey: '', agentModel: 'chatKeyed' })
    expect(nodes[3].data.inputs.agentTools).toEqual([
      { agentSelectedTool: 'chatKeyed', agentSelectedToolConfig: { apiKey: '' } },
    ])
  })

  it('is idempotent: a sanitised flow sanitises to itself', () => {
    const once = sanitizeChatflow(flowRecord(flowData), paramsOf)
    expect(sanitizeChatflow(once, paramsOf)).toEqual(once)
  })

  it('removes the credential of tracing and speech to text, turning off a provider that needed it', () => {
    const analytic = JSON.stringify({ langSmith: { status: true, credentialId: 'cred-9', projectName: 'p' }, other: 1 })
    const speech = JSON.stringify({ openAIWhisper: { status: false, credentialId: 'cred-8', language: 'en' } })
    const sanitized = sanitizeChatflow(flowRecord(flowData, { analytic, speechToText: speech }), paramsOf)
    expect(JSON.parse(sanitized.analytic!)).toEqual({ langSmith: { status: false, projectName: 'p' }, other: 1 })
    expect(JSON.parse(sanitized.speechToText!)).toEqual({ openAIWhisper: { status: false, language: 'en' } })
    expect(withoutSettingCredentials(null)).toBeNull()
  })

  it("fails naming the flow, under the step's prefix, when its flowData does not parse", () => {
    const broken = flowRecord('{"nodes": [', { name: 'Broken' })
    expect(() => exportStep('sanitizeChatflow', () => sanitizeChatflow(broken, paramsOf))).toThrow(
      /^exportImport\.sanitizeChatflow - flow Broken \(f1\): flowData is not valid JSON/,
    )
  })
})

describe('sanitizeCustomTemplate and sanitizeAssistant', () => {
  const template = {
    id: 't1',
    name: 'Kit',
    flowData: JSON.stringify(flowOf([withInputs(makeNode(chatOpenAI, 'chatOpenAI_0'), { apiKey: 'sk-t' }, 'cred-t')])),
    description: null,
    badge: null,
    framework: null,
    usecases: '["Support"]',
    type: 'Chatflow' as const,
    createdDate: '2026-01-01T00:00:00.000Z',
    updatedDate: '2026-01-01T00:00:00.000Z',
  }

  it("sanitises a flow template's flow and leaves a Tool template's tool as it is", () => {
    const sanitized = sanitizeCustomTemplate(template, paramsOf)
    expect(sanitized.flowData).not.toContain('sk-t')
    expect(sanitized.flowData).not.toContain('cred-t')
    expect(sanitized.usecases).toBe('["Support"]')
    const tool = { ...template, type: 'Tool' as const, flowData: '{"name":"t","func":"return 1"}' }
    expect(sanitizeCustomTemplate(tool, paramsOf)).toBe(tool)
  })

  it("drops an assistant's credential and the credential ids inside its details", () => {
    const assistant: AssistantRecord = {
      id: 'a1',
      details: JSON.stringify({ name: 'Helper', chatModel: { name: 'chatOpenAI', credential: 'cred-a', inputs: {} } }),
      credential: 'cred-b',
      iconSrc: null,
      type: 'OPENAI',
      createdDate: '2026-01-01T00:00:00.000Z',
      updatedDate: '2026-01-01T00:00:00.000Z',
    }
    const sanitized = sanitizeAssistant(assistant)
    expect(sanitized.credential).toBeNull()
    expect(JSON.parse(sanitized.details)).toEqual({ name: 'Helper', chatModel: { name: 'chatOpenAI', inputs: {} } })
    expect(() => exportStep('sanitizeAssistant', () => sanitizeAssistant({ ...assistant, details: 'x' }))).toThrow(
      /^exportImport\.sanitizeAssistant - assistant a1: details is not valid JSON/,
    )
  })
})

describe('withoutSettingCredentials on import', () => {
  it("keeps the credentials it is told to keep (the workspace's own)", () => {
    const text = JSON.stringify({
      langSmith: { status: true, credentialId: 'mine' },
      langFuse: { status: true, credentialId: 'theirs' },
    })
    expect(JSON.parse(withoutSettingCredentials(text, (id) => id === 'mine')!)).toEqual({
      langSmith: { status: true, credentialId: 'mine' },
      langFuse: { status: false },
    })
  })
})
