import type { FlowTemplate } from '@weft/core'
import { WEATHER_API } from './chat-agents.templates.js'
import { templateFlow } from './template-flow.js'
import { finish, system } from './template-parts.js'

// Agentflow V2 steps that reach out: HTTP, tools, an agent, a document store, JSON output.

const tool = (name: string) => ({ agentSelectedTool: name, agentSelectedToolConfig: { agentSelectedTool: name } })

export function fetchFromApi(): FlowTemplate {
  const flow = templateFlow()
  const start = flow.add('startAgentflow', 0, 120)
  const get = flow.add(
    'httpAgentflow',
    240,
    110,
    { method: 'GET', url: WEATHER_API, responseType: 'json' },
    'Get weather',
  )
  const report = flow.add(
    'llmAgentflow',
    500,
    110,
    { llmMessages: system('Report the current temperature from this JSON in one sentence: {{ httpAgentflow_0 }}') },
    'Report',
  )
  flow.follow(start, get)
  flow.follow(get, report)
  return finish(
    {
      id: 'fetch-from-api',
      templateName: 'Fetch JSON from an API',
      description: 'An HTTP step GETs JSON from a web API and a model step turns it into a one-line answer.',
      type: 'AgentflowV2',
      categories: ['Start', 'HTTP', 'LLM'],
      usecases: ['Interacting with API'],
      badge: 'NEW',
    },
    flow,
  )
}

export function postToWebhook(): FlowTemplate {
  const flow = templateFlow()
  const start = flow.add('startAgentflow', 0, 120)
  const summary = flow.add(
    'llmAgentflow',
    240,
    110,
    { llmMessages: system('Summarise the message in one sentence.') },
    'Summary',
  )
  const post = flow.add(
    'httpAgentflow',
    500,
    110,
    {
      method: 'POST',
      url: 'https://hooks.example.com/weft',
      bodyType: 'json',
      body: '{"text": "{{ llmAgentflow_0 }}"}',
      responseType: 'text',
    },
    'Post to webhook',
  )
  const reply = flow.add('directReplyAgentflow', 760, 120, { directReplyMessage: 'Posted: {{ llmAgentflow_0 }}' })
  flow.follow(start, summary)
  flow.follow(summary, post)
  flow.follow(post, reply)
  return finish(
    {
      id: 'post-to-webhook',
      templateName: 'Summarise and Post to a Webhook',
      description: 'Summarise each message and POST the summary as JSON to a webhook (Slack, Teams or your own URL).',
      type: 'AgentflowV2',
      categories: ['Start', 'LLM', 'HTTP', 'Direct Reply'],
      usecases: ['Interacting with API'],
    },
    flow,
  )
}

export function runOneTool(): FlowTemplate {
  const flow = templateFlow()
  const start = flow.add('startAgentflow', 0, 120)
  const calculate = flow.add('toolAgentflow', 240, 110, {
    toolAgentflowSelectedTool: 'calculator',
    toolAgentflowSelectedToolConfig: { toolAgentflowSelectedTool: 'calculator' },
    toolInputArgs: [{ inputArgName: 'input', inputArgValue: '{{ question }}' }],
  })
  const reply = flow.add('directReplyAgentflow', 500, 120, {
    directReplyMessage: '{{ question }} = {{ toolAgentflow_0 }}',
  })
  flow.follow(start, calculate)
  flow.follow(calculate, reply)
  return finish(
    {
      id: 'run-one-tool',
      templateName: 'Call a Tool Directly',
      description:
        'A Tool step runs the calculator on the message with no model deciding, and replies with the result.',
      type: 'AgentflowV2',
      categories: ['Start', 'Tool', 'Direct Reply'],
      usecases: ['Agent'],
    },
    flow,
  )
}

export function agentWithTools(): FlowTemplate {
  const flow = templateFlow()
  const start = flow.add('startAgentflow', 0, 120)
  const agent = flow.add('agentAgentflow', 240, 100, {
    agentMessages: system('You are a helpful assistant. Use the calculator for arithmetic and the clock for dates.'),
    agentTools: [tool('calculator'), tool('currentDateTime')],
  })
  flow.follow(start, agent)
  return finish(
    {
      id: 'agent-with-tools',
      templateName: 'Agent Step with Tools',
      description:
        'One Agent step with a calculator and a clock: it decides which tool to call and answers with the result.',
      type: 'AgentflowV2',
      categories: ['Start', 'Agent', 'Calculator', 'Current Date Time'],
      usecases: ['Agent'],
    },
    flow,
  )
}

export function searchStoreThenAnswer(): FlowTemplate {
  const flow = templateFlow()
  const start = flow.add('startAgentflow', 0, 120)
  const search = flow.add('retrieverAgentflow', 240, 110, { retrieverQuery: '{{ question }}', outputFormat: 'text' })
  const answer = flow.add(
    'llmAgentflow',
    500,
    110,
    { llmMessages: system('Answer the question only from this context:\n{{ retrieverAgentflow_0 }}') },
    'Answer from context',
  )
  flow.note('agentflowV2', 240, 280, 'Pick one or more upserted document stores in the Retriever step.')
  flow.follow(start, search)
  flow.follow(search, answer)
  return finish(
    {
      id: 'search-store-then-answer',
      templateName: 'Search a Document Store, then Answer',
      description: 'A Retriever step searches your document stores and a model step answers from what it found.',
      type: 'AgentflowV2',
      categories: ['Start', 'Retriever', 'LLM', 'Sticky Note'],
      usecases: ['Documents QnA'],
    },
    flow,
  )
}

export function extractFields(): FlowTemplate {
  const flow = templateFlow()
  const start = flow.add('startAgentflow', 0, 120)
  const extract = flow.add(
    'llmAgentflow',
    240,
    110,
    {
      llmMessages: system('Read the customer message and fill in the fields.'),
      llmStructuredOutput: [
        { key: 'name', type: 'string', description: "The customer's name, or unknown" },
        { key: 'topic', type: 'enum', enumValues: 'order, refund, other', description: 'What the message is about' },
        { key: 'urgent', type: 'boolean', description: 'Whether it needs an answer today' },
      ],
    },
    'Extract fields',
  )
  const reply = flow.add('directReplyAgentflow', 500, 120, {
    directReplyMessage:
      'Thanks {{ llmAgentflow_0.output.name }}, your {{ llmAgentflow_0.output.topic }} request is filed.',
  })
  flow.follow(start, extract)
  flow.follow(extract, reply)
  return finish(
    {
      id: 'extract-fields',
      templateName: 'Extract Fields as JSON',
      description: 'An LLM step answers with a JSON object of typed keys, and later steps read each key by name.',
      type: 'AgentflowV2',
      categories: ['Start', 'LLM', 'Direct Reply'],
      usecases: ['Extraction', 'Customer Support'],
    },
    flow,
  )
}
