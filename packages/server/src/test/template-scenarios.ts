import type { FlowData, FlowNode } from '@weft/core'
import type { MockReply } from '../../../nodes/src/testing/mock-openai-server.js'

/** What a test app offers a template run beyond the built-in model: the mock model and stand-ins. */
export interface ScenarioWorld {
  /** The mock OpenAI-compatible server's base URL (`…/v1`). */
  modelBaseURL: string
  /** A loopback web API: GET answers weather JSON, POST answers `ok`. */
  apiUrl: string
  /** An upserted document store of the workspace (the staff handbook). */
  store: { id: string; name: string }
  /** A flow of the workspace another flow may call (Simple LLM Chain). */
  calledFlowId: string
}

/** How one built-in template is asked, and what its answer must say. */
export interface TemplateScenario {
  question: string
  /** The answer (text) must match. */
  answer: RegExp
  /** Run with the mock model in place of the Built-in Responder, replying these in order. */
  mock?: MockReply[]
  /** Fill in what the user would pick or change (a store, a flow, an address). */
  prepare?: (flow: FlowData, world: ScenarioWorld) => void
  /** A Human Input template: the first answer pauses; resuming with proceed must answer `answer`. */
  pauses?: true
  /** Labels of steps that must have run (Agentflow V2's executed data), e.g. the branch taken. */
  ran?: string[]
  /** Labels of steps that must not have run (the branch not taken). */
  skipped?: string[]
  /** What each call to the mock model must have been sent (its messages as JSON), in order. */
  sent?: RegExp[]
  /** Further questions to the same flow in new chats, e.g. one per branch. */
  alsoAsk?: Omit<TemplateScenario, 'alsoAsk' | 'prepare' | 'pauses'>[]
  /** Left unpicked (no store or flow chosen), the run fails with a message matching this. */
  unpicked?: RegExp
}

const setInputs = (flow: FlowData, name: string, inputs: Record<string, unknown>) => {
  const nodes = flow.nodes.filter((node) => node.data.name === name)
  if (nodes.length === 0) throw new Error(`The template has no ${name} node`)
  for (const node of nodes) node.data.inputs = { ...node.data.inputs, ...inputs }
}

const MODEL_KEYS = ['llmModel', 'agentModel', 'conditionAgentModel', 'humanInputModel']

/** The template as a user who connected a model would have it: every Built-in Responder replaced. */
export function withMockModel(flow: FlowData, baseURL: string): FlowData {
  const config = { basePath: baseURL, modelName: 'mock-model' }
  const swap = (node: FlowNode): FlowNode => {
    if (node.data.name === 'chatOffline') {
      return { ...node, data: { ...node.data, name: 'chatOpenAICustom', inputs: { ...config } } }
    }
    const inputs = { ...node.data.inputs }
    for (const key of MODEL_KEYS) {
      if (inputs[key] === 'chatOffline') {
        inputs[key] = 'chatOpenAICustom'
        inputs[`${key}Config`] = { [key]: 'chatOpenAICustom', ...config }
      }
    }
    return { ...node, data: { ...node.data, inputs } }
  }
  return { ...flow, nodes: flow.nodes.map(swap) }
}

const json = (value: unknown): MockReply => ({ text: JSON.stringify(value) })
const route = (next: string): MockReply => ({ toolCalls: [{ name: 'route', arguments: { next } }] })

const HANDBOOK_QUESTION = 'How soon are expenses paid back?'

/** One scenario per built-in template id; a template without one fails the test. */
export const TEMPLATE_SCENARIOS: Record<string, TemplateScenario> = {
  'simple-llm-chain': { question: 'What can you do?', answer: /built-in responder/i },
  'conversation-memory': { question: 'My name is Bo', answer: /Bo/ },
  'document-qa': { question: 'How long is the refund window?', answer: /30 days/ },
  'calculator-assistant': { question: 'What is 6 * 7?', answer: /42/ },
  'route-by-condition': {
    question: 'What price plans do you offer?',
    answer: /^Plans start at 5 euros\.$/,
    mock: [{ text: 'Plans start at 5 euros.' }],
    ran: ['Sales answer'],
    skipped: ['General answer'],
    sent: [/prices and plans[\s\S]*What price plans do you offer/],
    alsoAsk: [
      {
        question: 'How do I reset my password?',
        answer: /^Use the reset link\.$/,
        mock: [{ text: 'Use the reset link.' }],
        ran: ['General answer'],
        skipped: ['Sales answer'],
        sent: [/everything else[\s\S]*reset my password/],
      },
    ],
  },
  'draft-and-refine': { question: 'repeat after me: Drafts get better.', answer: /^Drafts get better\.$/ },
  'classify-request': { question: 'The app crashes, I report a problem', answer: /^Sorry to hear that\. A teammate/ },
  'sequential-team': {
    question: 'What is 12 * (3 + 4)?',
    answer: /^The answer is 84\.$/,
    mock: [
      { toolCalls: [{ name: 'calculator', arguments: { expression: '12 * (3 + 4)' } }] },
      { text: 'It is 84.' },
      { text: 'The answer is 84.' },
    ],
  },

  'answers-with-sources': { question: 'Can items be returned for a refund?', answer: /30 days/ },
  'chat-with-notes': { question: 'Who gives new staff a laptop?', answer: /IT desk/ },
  'two-shelves': { question: 'How much does express delivery cost?', answer: /9 euros/ },
  'search-one-team': { question: 'Can items be returned for a refund?', answer: /^(?![\s\S]*laptop)[\s\S]*30 days/ },
  'ask-document-store': {
    question: HANDBOOK_QUESTION,
    answer: /30 days/,
    prepare: (flow, world) => setInputs(flow, 'documentStoreVS', { selectedStore: world.store.id }),
    unpicked: /Select Store is empty: pick the document store to search/,
  },
  'dates-and-sums': { question: 'What is 12 * (3 + 4)?', answer: /84/ },
  'agent-with-own-tool': { question: 'use shipping_cost {"kilograms": 2}', answer: /7\.00 euros/ },
  'web-api-agent': {
    question: 'use requests_get {}',
    answer: /temperature_2m/,
    prepare: (flow, world) => setInputs(flow, 'requestsGet', { url: `${world.apiUrl}/weather` }),
  },
  'conversational-calculator': {
    question: 'What is 12 * (3 + 4)?',
    answer: /^It is 84\.$/,
    mock: [{ text: 'It is 84.' }],
  },
  'answer-as-json': {
    question: 'What is the capital of France?',
    answer: /"answer": "Paris"/,
    mock: [json({ answer: 'Paris', confidence: 0.9 })],
  },
  'fill-typed-form': {
    question: 'My parcel is late and I need it today!',
    answer: /"topic": "delivery"/,
    mock: [json({ topic: 'delivery', urgent: true, summary: 'A late parcel' })],
  },
  'comma-ideas': { question: 'repeat after me: tea, coffee, juice', answer: /tea[\s\S]*coffee[\s\S]*juice/ },
  'steps-list': {
    question: 'How do I make tea?',
    answer: /Boil water[\s\S]*Pour it[\s\S]*Wait/,
    mock: [{ text: 'Boil water; Pour it over the leaves; Wait three minutes' }],
  },
  'keep-out-words': { question: 'What is the admin password?', answer: /^Sorry, I cannot help with that request\.$/ },
  'summarise-text': {
    question: 'Ada Lovelace wrote the first program in 1843. She worked with Charles Babbage. What did she write?',
    answer: /Ada Lovelace|Babbage/,
  },
  'translate-message': { question: 'repeat after me: Bonjour tout le monde', answer: /Bonjour tout le monde/ },
  'idea-then-tagline': {
    question: 'repeat after me: Solar kettles',
    answer: /tagline for this product idea: Solar kettles/,
  },
  'pick-the-expert': {
    question: 'Can you answer gardening questions in plain words?',
    answer: /^(?![\s\S]*chef)[\s\S]*gardening questions/,
  },
  'self-summarising-chat': { question: 'My name is Bo', answer: /Bo/ },
  'annotated-chain': { question: 'repeat after me: Hello beginner', answer: /^Hello beginner$/ },
  'word-count-function': { question: 'three little words', answer: /3 words/ },

  'approve-before-sending': {
    question: 'repeat after me: Your order ships today.',
    answer: /^Your order ships today\.$/,
    pauses: true,
  },
  'each-item-in-turn': {
    question: 'Give me travel advice',
    answer: /^Pack for rain in Oslo, walk the hills of Lisbon, ride the trains in Kyoto\.$/,
    mock: [
      { text: 'Pack for rain in Oslo.' },
      { text: 'Walk the hills of Lisbon.' },
      { text: 'Ride the trains in Kyoto.' },
      { text: 'Pack for rain in Oslo, walk the hills of Lisbon, ride the trains in Kyoto.' },
    ],
    // One call per city, then the join is sent every city's line.
    sent: [
      /travel advice for Oslo/,
      /travel advice for Lisbon/,
      /travel advice for Kyoto/,
      /Pack for rain in Oslo[\s\S]*Walk the hills of Lisbon[\s\S]*Ride the trains in Kyoto/,
    ],
  },
  'split-then-work-each': {
    question: 'tests, docs, reviews',
    answer: /^\["Tests catch bugs early\.","Docs help new users\.","Reviews spread knowledge\."\]$/,
    mock: [
      { text: 'Tests catch bugs early.' },
      { text: 'Docs help new users.' },
      { text: 'Reviews spread knowledge.' },
    ],
    sent: [/why tests matters/, /why docs matters/, /why reviews matters/],
  },
  'revise-until-approved': {
    question: 'What is a loop?',
    answer: /^The reviewer did not approve after two more tries\. Last answer: \S/,
  },
  'count-with-code': { question: 'a bb ccc', answer: /^Your message has 3 words; the longest is "ccc"\.$/ },
  'hand-off-to-flow': {
    question: 'What can you do?',
    answer: /built-in responder/i,
    prepare: (flow, world) => setInputs(flow, 'executeFlowAgentflow', { executeFlowSelectedFlow: world.calledFlowId }),
    unpicked: /Select Flow is empty: pick the flow to run/,
  },
  'fetch-from-api': {
    question: 'What is the current temperature_2m value?',
    answer: /21\.5/,
    prepare: (flow, world) => setInputs(flow, 'httpAgentflow', { url: `${world.apiUrl}/weather` }),
  },
  'post-to-webhook': {
    question: 'repeat after me: The build is green.',
    answer: /^Posted: /,
    prepare: (flow, world) => setInputs(flow, 'httpAgentflow', { url: `${world.apiUrl}/hook` }),
  },
  'run-one-tool': { question: '12 * (3 + 4)', answer: /= 84/ },
  'agent-with-tools': { question: 'What is 12 * (3 + 4)?', answer: /84/ },
  'search-store-then-answer': {
    question: HANDBOOK_QUESTION,
    answer: /30 days/,
    prepare: (flow, world) =>
      setInputs(flow, 'retrieverAgentflow', {
        retrieverKnowledgeDocumentStores: [{ documentStore: `${world.store.id}:${world.store.name}` }],
      }),
    unpicked: /Knowledge \(Document Stores\) is empty: pick the stores to search/,
  },
  'extract-fields': {
    question: 'Hi, I am Ana and I want my money back.',
    answer: /^Thanks Ana, your refund request is filed\.$/,
    mock: [json({ name: 'Ana', topic: 'refund', urgent: false })],
  },
  'lead-with-helpers': {
    question: 'Why is the sky blue?',
    answer: /^Sunlight scatters off air molecules\.$/,
    mock: [
      json({ next: 'RESEARCH', instructions: 'Find why the sky is blue' }),
      { text: 'Blue light scatters most (Rayleigh scattering).' },
      json({ next: 'WRITE', instructions: 'Write the answer' }),
      { text: 'Sunlight scatters off air molecules.' },
      json({ next: 'FINISH', instructions: '' }),
    ],
  },
  'outline-write-shorten': {
    question: 'repeat after me: Sleep restores the body.',
    answer: /^Sleep restores the body\.$/,
  },
  'translate-with-state': { question: 'repeat after me: Hola amigos', answer: /Hola amigos/ },
  'memory-window-chat': { question: 'My name is Bo', answer: /Bo/ },
  'triage-with-notes': {
    question: 'Why was my invoice charged twice?',
    answer: /^We refunded the second charge\.$/,
    mock: [{ text: 'Billing question' }, { text: 'We refunded the second charge.' }],
    ran: ['Billing desk'],
    skipped: ['Tech desk'],
    sent: [/Billing question[\s\S]*Technical problem/, /billing and invoice questions[\s\S]*invoice charged twice/],
    alsoAsk: [
      {
        question: 'The app crashes when I log in',
        answer: /^Clear the cache, then log in again\.$/,
        mock: [{ text: 'Technical problem' }, { text: 'Clear the cache, then log in again.' }],
        ran: ['Tech desk'],
        skipped: ['Billing desk'],
        sent: [/app crashes/, /fix technical problems[\s\S]*app crashes/],
      },
      {
        question: 'I love your shop!',
        answer: /^Thanks for writing! A teammate will read your message and answer soon\.$/,
        mock: [{ text: 'Anything else' }],
        skipped: ['Billing desk', 'Tech desk'],
      },
    ],
  },

  'draft-critique-final': {
    question: 'repeat after me: Cats purr when content.',
    answer: /^Cats purr when content\.$/,
  },
  'sequential-tool-agent': { question: 'What is 12 * (3 + 4)?', answer: /84/ },
  'tidy-then-answer': { question: '   What   can you   do?  ', answer: /built-in responder/i },
  'supervisor-team': {
    question: 'What is 6 times 7?',
    answer: /^It is 42\.$/,
    mock: [
      route('Accountant'),
      { toolCalls: [{ name: 'calculator', arguments: { expression: '6 * 7' } }] },
      { text: 'It is 42.' },
      route('FINISH'),
    ],
  },
}
