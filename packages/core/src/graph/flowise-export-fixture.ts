/**
 * Flows as Flowise exports them (Export → JSON of a chatflow, a sequential agent flow and an
 * agentflow v2), holding every input Flowise spells differently from us, with the values a user
 * would have typed. Written by hand from Flowise's node definitions; tests import it directly.
 */
import type { FlowData, FlowEdge, FlowNode, FlowNodeType } from '../types/node.js'

const LOCAL = 'http://127.0.0.1:8000/v1'

/** A node as Flowise saves it: its own inputParams (Flowise's names) beside its inputs. */
function flowiseNode(
  id: string,
  fields: { name: string; label: string; category: string; type?: FlowNodeType; version?: number },
  inputs: Record<string, unknown>,
  outputs: Record<string, unknown> = {},
): FlowNode {
  return {
    id,
    position: { x: 0, y: 0 },
    positionAbsolute: { x: 0, y: 0 },
    type: fields.type ?? 'customNode',
    width: 300,
    height: 600,
    selected: false,
    dragging: false,
    data: {
      id,
      label: fields.label,
      version: fields.version ?? 1,
      name: fields.name,
      type: fields.label.replace(/\s/g, ''),
      baseClasses: [fields.label.replace(/\s/g, '')],
      category: fields.category,
      description: '',
      inputParams: Object.keys(inputs).map((name) => ({
        label: name,
        name,
        type: 'string',
        optional: true,
        id: `${id}-input-${name}-string`,
      })),
      inputAnchors: [],
      inputs,
      outputAnchors: [],
      outputs,
      selected: false,
    },
  }
}

const chatModel = (id: string, name: string, label: string, version: number, extra: Record<string, unknown> = {}) =>
  flowiseNode(
    id,
    { name, label, category: 'Chat Models', version },
    {
      cache: '',
      modelName: 'my-local-model',
      temperature: 0.9,
      streaming: true,
      maxTokens: '',
      topP: '',
      frequencyPenalty: '',
      presencePenalty: '',
      timeout: '',
      basepath: LOCAL,
      baseOptions: '',
      ...extra,
    },
  )

const embeddings = (id: string, name: string, label: string) =>
  flowiseNode(
    id,
    { name, label, category: 'Embeddings', version: 4 },
    {
      modelName: 'text-embedding-3-small',
      stripNewLines: '',
      batchSize: '',
      timeout: '',
      basepath: LOCAL,
      dimensions: '',
    },
  )

export const FLOWISE_CHATFLOW: FlowData = {
  nodes: [
    chatModel('chatOpenAI_0', 'chatOpenAI', 'ChatOpenAI', 8.3, {
      allowImageUploads: '',
      imageResolution: 'low',
      strictToolCalling: '',
      stopSequence: '',
      proxyUrl: '',
      reasoning: '',
    }),
    chatModel('chatOpenAICustom_0', 'chatOpenAICustom', 'ChatOpenAI Custom', 4),
    embeddings('openAIEmbeddings_0', 'openAIEmbeddings', 'OpenAI Embeddings'),
    embeddings('openAIEmbeddingsCustom_0', 'openAIEmbeddingsCustom', 'OpenAI Embeddings Custom'),
    flowiseNode(
      'requestsGet_0',
      { name: 'requestsGet', label: 'Requests Get', category: 'Tools', version: 2 },
      {
        requestsGetUrl: 'http://127.0.0.1:8080/orders',
        requestsGetName: 'requests_get',
        requestsGetDescription: 'Reads the open orders.',
        requestsGetHeaders: '{"Authorization": "Bearer shop-token"}',
        requestsGetQueryParamsSchema: '',
        requestsGetMaxOutputLength: '2000',
      },
    ),
    flowiseNode(
      'requestsPost_0',
      { name: 'requestsPost', label: 'Requests Post', category: 'Tools', version: 2 },
      {
        requestsPostUrl: 'http://127.0.0.1:8080/orders',
        requestsPostName: 'requests_post',
        requestsPostDescription: 'Places an order.',
        requestsPostHeaders: '{"Authorization": "Bearer shop-token"}',
        requestPostBody: '{"item": "tea"}',
        requestsPostBodySchema: '',
        requestsPostMaxOutputLength: '2000',
      },
    ),
    flowiseNode(
      'markdownTextSplitter_0',
      { name: 'markdownTextSplitter', label: 'Markdown Text Splitter', category: 'Text Splitters', version: 1.1 },
      { chunkSize: 1000, chunkOverlap: 200, splitByHeaders: 'h2' },
    ),
  ],
  edges: [],
  viewport: { x: 0, y: 0, zoom: 0.5 },
}

const sequential = (id: string, name: string, label: string, inputs: Record<string, unknown>) =>
  flowiseNode(id, { name, label, category: 'Sequential Agents', version: 2 }, inputs)

export const FLOWISE_SEQUENTIAL: FlowData = {
  nodes: [
    sequential('seqState_0', 'seqState', 'State', {
      stateMemory: 'stateMemoryUI',
      stateMemoryUI: '',
      stateMemoryCode: '{ topic: { value: null, default: () => "" } }',
      selectedStateTab_seqState_0: 'stateMemoryCode_seqState_0',
    }),
    sequential('seqAgent_0', 'seqAgent', 'Agent', {
      agentName: 'Helper',
      systemMessagePrompt: 'You help.',
      updateStateMemoryUI: '',
      updateStateMemoryCode: 'return { topic: $flow.output.content }',
      selectedUpdateStateMemoryTab_seqAgent_0: 'updateStateMemoryCode_seqAgent_0',
    }),
    sequential('seqLLMNode_0', 'seqLLMNode', 'LLM Node', {
      llmNodeName: 'Writer',
      updateStateMemoryUI: '[{"key":"topic","value":"$flow.output.content"}]',
      selectedUpdateStateMemoryTab_seqLLMNode_0: 'updateStateMemoryUI_seqLLMNode_0',
    }),
    sequential('seqToolNode_0', 'seqToolNode', 'Tool Node', {
      toolNodeName: 'Tools',
      updateStateMemoryCode: 'return {}',
      selectedUpdateStateMemoryTab_seqToolNode_0: 'updateStateMemoryCode_seqToolNode_0',
    }),
    sequential('seqCondition_0', 'seqCondition', 'Condition', {
      conditionName: 'Has answer',
      sequentialNode: ['{{seqAgent_0.data.instance}}'],
      condition: '',
      conditionUI:
        '[{"variable":"$flow.state.messages[-1].content","operation":"Is Not Empty","value":"","output":"Answer"},' +
        '{"variable":"$flow.state.messages.length","operation":"Greater Than","value":"3","output":"Stop"}]',
      conditionFunction: '',
      selectedConditionFunctionTab_seqCondition_0: 'conditionUI_seqCondition_0',
    }),
    sequential('seqExecuteFlow_0', 'seqExecuteFlow', 'Execute Flow', {
      seqExecuteFlowName: 'Billing',
      selectedFlow: '',
      seqExecuteFlowInput: '{{ seqAgent_0 }}',
      returnValueAs: 'aiMessage',
    }),
  ],
  edges: [],
  viewport: { x: 0, y: 0, zoom: 0.5 },
}

const step = (id: string, name: string, label: string, inputs: Record<string, unknown>) =>
  flowiseNode(id, { name, label, category: 'Agent Flows', type: 'agentFlow', version: 1.1 }, inputs)

export const FLOWISE_AGENTFLOW: FlowData = {
  nodes: [
    step('conditionAgentAgentflow_0', 'conditionAgentAgentflow', 'Condition Agent', {
      conditionAgentModel: 'chatOpenAI',
      conditionAgentInstructions: 'Does the user ask about billing?',
      conditionAgentInput: '{{ question }}',
      conditionAgentScenarios: [{ scenario: 'Billing' }, { scenario: 'Anything else' }],
    }),
    step('httpAgentflow_0', 'httpAgentflow', 'HTTP', {
      method: 'POST',
      url: 'http://127.0.0.1:8080/notes',
      headers: '',
      queryParams: '',
      bodyType: 'raw',
      body: 'Call me back at 5.',
      responseType: 'text',
    }),
    step('httpAgentflow_1', 'httpAgentflow', 'HTTP', {
      method: 'POST',
      url: 'http://127.0.0.1:8080/form',
      bodyType: 'formData',
      body: [{ key: 'name', value: 'Bo' }],
      responseType: 'json',
    }),
    step('llmAgentflow_0', 'llmAgentflow', 'LLM', {
      llmModel: 'chatOpenAI',
      llmMessages: [{ role: 'system', content: 'Be brief.' }],
      llmModelConfig: { credential: '', modelName: 'my-local-model', basepath: LOCAL, llmModel: 'chatOpenAI' },
    }),
    step('agentAgentflow_0', 'agentAgentflow', 'Agent', {
      agentModel: 'chatOpenAICustom',
      agentModelConfig: { modelName: 'my-local-model', basepath: LOCAL, agentModel: 'chatOpenAICustom' },
      agentTools: [
        {
          agentSelectedTool: 'requestsGet',
          agentSelectedToolRequiresHumanInput: '',
          agentSelectedToolConfig: { requestsGetUrl: 'http://127.0.0.1:8080/orders', agentSelectedTool: 'requestsGet' },
        },
      ],
    }),
  ],
  edges: [],
}

/** An edge as Flowise saves it: handles name the anchor and its classes. */
function flowiseEdge(
  source: string,
  sourceClasses: string,
  target: string,
  input: string,
  inputClass: string,
): FlowEdge {
  const sourceHandle = `${source}-output-${source.replace(/_\d+$/, '')}-${sourceClasses}`
  const targetHandle = `${target}-input-${input}-${inputClass}`
  return {
    id: `${source}-${sourceHandle}-${target}-${targetHandle}`,
    source,
    sourceHandle,
    target,
    targetHandle,
    type: 'buttonedge',
  }
}

const CUSTOM_MODEL_CLASSES = 'ChatOpenAI-Custom|BaseChatModel|BaseLanguageModel|Runnable'

function customModel(basePath: string, credential?: string): FlowNode {
  const node = chatModel('chatOpenAICustom_0', 'chatOpenAICustom', 'ChatOpenAI Custom', 4, {
    modelName: 'mock-model',
    basepath: basePath,
  })
  return credential ? { ...node, data: { ...node.data, credential } } : node
}

/** Flowise's "LLM Chain" chatflow with a ChatOpenAI Custom model whose server is `basePath`. */
export function flowiseLlmChain(basePath: string, credential?: string): FlowData {
  return {
    nodes: [
      customModel(basePath, credential),
      flowiseNode(
        'promptTemplate_0',
        { name: 'promptTemplate', label: 'Prompt Template', category: 'Prompts' },
        {
          template: 'Answer briefly: {question}',
          promptValues: '',
        },
      ),
      flowiseNode(
        'llmChain_0',
        { name: 'llmChain', label: 'LLM Chain', category: 'Chains', version: 3 },
        {
          model: '{{chatOpenAICustom_0.data.instance}}',
          prompt: '{{promptTemplate_0.data.instance}}',
          outputParser: '',
          inputModeration: '',
          chainName: '',
        },
        { output: 'llmChain' },
      ),
    ],
    edges: [
      flowiseEdge('chatOpenAICustom_0', CUSTOM_MODEL_CLASSES, 'llmChain_0', 'model', 'BaseLanguageModel'),
      flowiseEdge(
        'promptTemplate_0',
        'PromptTemplate|BaseStringPromptTemplate|BasePromptTemplate|Runnable',
        'llmChain_0',
        'prompt',
        'BasePromptTemplate',
      ),
    ],
    viewport: { x: 0, y: 0, zoom: 0.5 },
  }
}

/** Flowise's tool agent with a version 2 Requests Get tool fixed to `toolUrl`. */
export function flowiseToolAgent(basePath: string, toolUrl: string, credential?: string): FlowData {
  return {
    nodes: [
      customModel(basePath, credential),
      flowiseNode(
        'requestsGet_0',
        { name: 'requestsGet', label: 'Requests Get', category: 'Tools', version: 2 },
        {
          requestsGetUrl: toolUrl,
          requestsGetName: 'requests_get',
          requestsGetDescription: 'Lists the models of the local server.',
          requestsGetHeaders: '',
          requestsGetQueryParamsSchema: '',
          requestsGetMaxOutputLength: '2000',
        },
      ),
      flowiseNode(
        'bufferMemory_0',
        { name: 'bufferMemory', label: 'Buffer Memory', category: 'Memory', version: 2 },
        {
          sessionId: '',
          memoryKey: 'chat_history',
        },
      ),
      flowiseNode(
        'toolAgent_0',
        { name: 'toolAgent', label: 'Tool Agent', category: 'Agents', version: 2 },
        {
          tools: ['{{requestsGet_0.data.instance}}'],
          memory: '{{bufferMemory_0.data.instance}}',
          model: '{{chatOpenAICustom_0.data.instance}}',
          chatPromptTemplate: '',
          systemMessage: 'You are a helpful AI assistant.',
          inputModeration: '',
          maxIterations: '',
        },
      ),
    ],
    edges: [
      flowiseEdge('chatOpenAICustom_0', CUSTOM_MODEL_CLASSES, 'toolAgent_0', 'model', 'BaseChatModel'),
      flowiseEdge('requestsGet_0', 'RequestsGet|Tool|StructuredTool|Runnable', 'toolAgent_0', 'tools', 'Tool'),
      flowiseEdge(
        'bufferMemory_0',
        'BufferMemory|BaseChatMemory|BaseMemory',
        'toolAgent_0',
        'memory',
        'BaseChatMemory',
      ),
    ],
  }
}

/** What each Flowise node must hold once loaded: values under our names, and Flowise's names gone. */
export interface KeptValues {
  flow: FlowData
  nodeId: string
  kept: Record<string, unknown>
  gone: string[]
}

const basePathKept = (nodeId: string): KeptValues => ({
  flow: FLOWISE_CHATFLOW,
  nodeId,
  kept: { basePath: LOCAL },
  gone: ['basepath'],
})

export const KEPT_VALUES: KeptValues[] = [
  basePathKept('chatOpenAI_0'),
  basePathKept('chatOpenAICustom_0'),
  basePathKept('openAIEmbeddings_0'),
  basePathKept('openAIEmbeddingsCustom_0'),
  {
    flow: FLOWISE_CHATFLOW,
    nodeId: 'requestsGet_0',
    kept: {
      url: 'http://127.0.0.1:8080/orders',
      description: 'Reads the open orders.',
      headers: '{"Authorization": "Bearer shop-token"}',
    },
    gone: ['requestsGetUrl', 'requestsGetDescription', 'requestsGetHeaders'],
  },
  {
    flow: FLOWISE_CHATFLOW,
    nodeId: 'requestsPost_0',
    kept: {
      url: 'http://127.0.0.1:8080/orders',
      description: 'Places an order.',
      headers: '{"Authorization": "Bearer shop-token"}',
      body: '{"item": "tea"}',
    },
    gone: ['requestsPostUrl', 'requestsPostDescription', 'requestsPostHeaders', 'requestPostBody'],
  },
  { flow: FLOWISE_CHATFLOW, nodeId: 'markdownTextSplitter_0', kept: { splitByHeaders: 'headers_h2' }, gone: [] },
  {
    flow: FLOWISE_SEQUENTIAL,
    nodeId: 'seqState_0',
    kept: { selectedStateTab: 'stateMemoryCode' },
    gone: ['selectedStateTab_seqState_0'],
  },
  {
    flow: FLOWISE_SEQUENTIAL,
    nodeId: 'seqAgent_0',
    kept: { selectedUpdateStateMemoryTab: 'updateStateMemoryCode' },
    gone: ['selectedUpdateStateMemoryTab_seqAgent_0'],
  },
  {
    flow: FLOWISE_SEQUENTIAL,
    nodeId: 'seqLLMNode_0',
    kept: { selectedUpdateStateMemoryTab: 'updateStateMemoryUI' },
    gone: ['selectedUpdateStateMemoryTab_seqLLMNode_0'],
  },
  {
    flow: FLOWISE_SEQUENTIAL,
    nodeId: 'seqToolNode_0',
    kept: { selectedUpdateStateMemoryTab: 'updateStateMemoryCode' },
    gone: ['selectedUpdateStateMemoryTab_seqToolNode_0'],
  },
  {
    flow: FLOWISE_SEQUENTIAL,
    nodeId: 'seqCondition_0',
    kept: {
      selectedConditionTab: 'conditions',
      conditions:
        '[{"variable":"$flow.state.messages[-1].content","operation":"Not Empty","value":"","output":"Answer"},' +
        '{"variable":"$flow.state.messages.length","operation":"Greater Than","value":"3","output":"Stop"}]',
    },
    gone: ['conditionUI', 'selectedConditionFunctionTab_seqCondition_0'],
  },
  {
    flow: FLOWISE_SEQUENTIAL,
    nodeId: 'seqExecuteFlow_0',
    kept: { seqExecuteFlowInput: 'customInput', customInput: '{{ seqAgent_0 }}' },
    gone: [],
  },
  {
    flow: FLOWISE_AGENTFLOW,
    nodeId: 'conditionAgentAgentflow_0',
    kept: { scenarios: [{ scenario: 'Billing' }, { scenario: 'Anything else' }] },
    gone: ['conditionAgentScenarios'],
  },
  {
    flow: FLOWISE_AGENTFLOW,
    nodeId: 'httpAgentflow_0',
    kept: { bodyType: 'raw', bodyRaw: 'Call me back at 5.' },
    gone: ['body'],
  },
  {
    flow: FLOWISE_AGENTFLOW,
    nodeId: 'httpAgentflow_1',
    kept: { bodyType: 'formData', bodyForm: [{ key: 'name', value: 'Bo' }] },
    gone: ['body'],
  },
  {
    flow: FLOWISE_AGENTFLOW,
    nodeId: 'llmAgentflow_0',
    kept: { llmModelConfig: { credential: '', modelName: 'my-local-model', basePath: LOCAL, llmModel: 'chatOpenAI' } },
    gone: [],
  },
  {
    flow: FLOWISE_AGENTFLOW,
    nodeId: 'agentAgentflow_0',
    kept: {
      agentModelConfig: { modelName: 'my-local-model', basePath: LOCAL, agentModel: 'chatOpenAICustom' },
      agentTools: [
        {
          agentSelectedTool: 'requestsGet',
          agentSelectedToolRequiresHumanInput: '',
          agentSelectedToolConfig: { url: 'http://127.0.0.1:8080/orders', agentSelectedTool: 'requestsGet' },
        },
      ],
    },
    gone: [],
  },
]
