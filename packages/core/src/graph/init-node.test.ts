import { describe, expect, it } from 'vitest'
import { initNode } from './init-node.js'
import {
  chatOpenAI,
  conditionAgentflow,
  deepFreeze,
  descriptor,
  directReplyAgentflow,
  llmAgentflow,
  llmChain,
  promptTemplate,
  seqCondition,
  toolAgent,
} from './test-fixtures.js'

describe('initNode', () => {
  it('copies the descriptor fields a canvas node shows', () => {
    const data = initNode(deepFreeze({ ...chatOpenAI, tags: ['LangChain'], hideInput: false }), 'chatOpenAI_0')
    expect(data).toMatchObject({
      id: 'chatOpenAI_0',
      label: 'ChatOpenAI',
      version: 1,
      name: 'chatOpenAI',
      type: 'ChatOpenAI',
      category: 'Chat Models',
      description: chatOpenAI.description,
      icon: chatOpenAI.icon,
      color: chatOpenAI.color,
      baseClasses: ['ChatOpenAI', 'BaseChatModel', 'BaseLanguageModel'],
      tags: ['LangChain'],
      hideInput: false,
    })
  })

  it('puts the credential picker first, then the params with their ids and defaults', () => {
    const data = initNode(chatOpenAI, 'chatOpenAI_0')
    expect(data.inputParams.map((param) => [param.id, param.type])).toEqual([
      ['chatOpenAI_0-input-credential-credential', 'credential'],
      ['chatOpenAI_0-input-modelName-options', 'options'],
      ['chatOpenAI_0-input-temperature-number', 'number'],
      ['chatOpenAI_0-input-apiKey-password', 'password'],
    ])
    expect(data.inputParams[0]).toMatchObject({
      label: 'Connect Credential',
      name: 'credential',
      credentialNames: ['openAIApi'],
    })
    expect(data.inputs).toEqual({ credential: '', modelName: 'gpt-4o-mini', temperature: 0.9, apiKey: '' })
    expect(data.inputAnchors).toEqual([])
  })

  it('makes anchors of inputs that are not params, empty ("" or [] for a list)', () => {
    const chain = initNode(llmChain, 'llmChain_1')
    expect(chain.inputAnchors.map((anchor) => anchor.id)).toEqual([
      'llmChain_1-input-model-BaseLanguageModel',
      'llmChain_1-input-prompt-BasePromptTemplate',
    ])
    expect(chain.inputs).toEqual({ model: '', prompt: '', chainName: '' })
    const agent = initNode(toolAgent, 'toolAgent_0')
    expect(agent.inputAnchors[0]).toMatchObject({ name: 'tools', type: 'Tool', list: true, display: true })
    expect(agent.inputs.tools).toEqual([])
  })

  it('a node with one output gets one anchor typed by its base classes', () => {
    const data = initNode(promptTemplate, 'promptTemplate_0')
    expect(data.outputAnchors).toEqual([
      {
        id: 'promptTemplate_0-output-promptTemplate-PromptTemplate|BasePromptTemplate',
        name: 'promptTemplate',
        label: 'PromptTemplate',
        type: 'PromptTemplate | BasePromptTemplate',
      },
    ])
    expect(data.outputs).toEqual({})
  })

  it('a node with several outputs gets one choice of outputs, the first chosen', () => {
    const data = initNode(llmChain, 'llmChain_0')
    expect(data.outputAnchors).toEqual([
      {
        name: 'output',
        label: 'Output',
        type: 'options',
        default: 'llmChain',
        options: [
          {
            id: 'llmChain_0-output-llmChain-LLMChain|BaseChain',
            name: 'llmChain',
            label: 'LLM Chain',
            type: 'LLMChain | BaseChain',
          },
          {
            id: 'llmChain_0-output-outputPrediction-string|json',
            name: 'outputPrediction',
            label: 'Output Prediction',
            type: 'string | json',
          },
        ],
      },
    ])
    expect(data.outputs).toEqual({ output: 'llmChain' })
  })

  it('an agentflow V2 node gets one untyped output named after it, none when its output is hidden', () => {
    expect(initNode(llmAgentflow, 'llmAgentflow_0').outputAnchors).toEqual([
      { id: 'llmAgentflow_0-output-llmAgentflow', name: 'llmAgentflow', label: 'LLM', type: '' },
    ])
    expect(initNode(directReplyAgentflow, 'directReplyAgentflow_0').outputAnchors).toEqual([])
  })

  it('condition nodes get the anchors of their default rules', () => {
    expect(initNode(conditionAgentflow, 'conditionAgentflow_0').outputAnchors.map((anchor) => anchor.label)).toEqual([
      'Condition 0',
      'Else',
    ])
    expect(initNode(seqCondition, 'seqCondition_0').outputAnchors.map((anchor) => anchor.name)).toEqual(['End'])
  })

  it('a tabs param starts on its default tab, with every tab holding its own default', () => {
    const data = initNode(seqCondition, 'seqCondition_0')
    expect(data.inputs).toEqual({
      selectedConditionTab: 'conditions',
      conditions: [],
      conditionFunction: "return 'Agree'",
    })
    const code = initNode(
      { ...seqCondition, inputs: [{ ...seqCondition.inputs[0]!, default: 'conditionFunction' }] },
      's_0',
    )
    expect(code.inputs.selectedConditionTab).toBe('conditionFunction')
    expect(code.outputAnchors.map((anchor) => anchor.name)).toEqual(['Agree', 'End'])
  })

  it('applies input visibility to the defaults', () => {
    const data = initNode(
      descriptor({
        name: 'memory',
        inputs: [
          { label: 'Window', name: 'window', type: 'boolean', default: false },
          { label: 'Size', name: 'size', type: 'number', show: { window: true } },
        ],
      }),
      'memory_0',
    )
    expect(data.inputParams.map((param) => param.display)).toEqual([true, false])
  })

  it('shares no object with the descriptor', () => {
    const data = initNode(conditionAgentflow, 'conditionAgentflow_0')
    expect(data.inputs.conditions).toEqual(conditionAgentflow.inputs[0]!.default)
    expect(data.inputs.conditions).not.toBe(conditionAgentflow.inputs[0]!.default)
  })
})

describe('initNode for agentflow V2 steps with named outputs', () => {
  it('gives each output its own numbered handle, labelled with the output', () => {
    const data = initNode(
      {
        label: 'Human Input',
        name: 'humanInputAgentflow',
        version: 1,
        type: 'HumanInput',
        category: 'Agent Flows',
        description: 'Ask a person',
        icon: 'humanInputAgentflow.svg',
        color: '#6E6EFD',
        baseClasses: ['HumanInput'],
        canvases: ['agentflowV2'],
        inputs: [],
        outputs: [
          { label: 'Proceed', name: 'proceed' },
          { label: 'Reject', name: 'reject' },
        ],
      },
      'humanInputAgentflow_0',
    )
    expect(data.outputAnchors.map((anchor) => [anchor.id, anchor.label])).toEqual([
      ['humanInputAgentflow_0-output-0', 'Proceed'],
      ['humanInputAgentflow_0-output-1', 'Reject'],
    ])
  })
})
