import type { FlowTemplate } from '@weft/core'
import { templateFlow } from './template-flow.js'
import { finish } from './template-parts.js'

// Chatflow agents with tools. The built-in responder calls a tool when asked "use <tool> {…}" or
// given arithmetic; a connected model decides by itself.

/** The address the web API templates call until the user puts their own: a keyless weather API. */
export const WEATHER_API =
  'https://api.open-meteo.com/v1/forecast?latitude=52.52&longitude=13.41&current=temperature_2m'

export function datesAndSums(): FlowTemplate {
  const flow = templateFlow()
  const model = flow.add('chatOffline', 0, 0)
  const memory = flow.add('bufferWindowMemory', 0, 420, { k: 6 })
  const calculator = flow.add('calculator', 0, 760)
  const clock = flow.add('currentDateTime', 0, 1000)
  const agent = flow.add('toolAgent', 460, 360, {
    systemMessage: "You are a planning assistant. Use the calculator for sums and the clock for today's date.",
  })
  flow.connect(model, agent, 'model')
  flow.connect(memory, agent, 'memory')
  flow.connect(calculator, agent, 'tools')
  flow.connect(clock, agent, 'tools')
  return finish(
    {
      id: 'dates-and-sums',
      templateName: 'Dates and Sums Agent',
      description: 'A tool agent with a calculator and a clock that remembers the last few turns of the chat.',
      type: 'Chatflow',
      categories: ['Tool Agent', 'Buffer Window Memory', 'Calculator', 'Current Date Time'],
      usecases: ['Agent'],
    },
    flow,
  )
}

export function agentWithOwnTool(): FlowTemplate {
  const flow = templateFlow()
  const model = flow.add('chatOffline', 0, 0)
  const memory = flow.add('bufferMemory', 0, 420)
  const tool = flow.add('customTool', 0, 700, {
    customToolName: 'shipping_cost',
    customToolDesc: 'Works out the shipping cost of a parcel from its weight in kilograms',
    customToolSchema: [{ property: 'kilograms', type: 'number', description: 'Weight of the parcel', required: true }],
    customToolFunc:
      'const cost = 4 + 1.5 * Number($kilograms)\nreturn `Shipping ${$kilograms} kg costs ${cost.toFixed(2)} euros`',
  })
  const agent = flow.add('toolAgent', 460, 340, {
    systemMessage: 'You answer shipping questions. Use shipping_cost to price a parcel.',
  })
  flow.connect(model, agent, 'model')
  flow.connect(memory, agent, 'memory')
  flow.connect(tool, agent, 'tools')
  return finish(
    {
      id: 'agent-with-own-tool',
      templateName: 'Agent with Your Own Tool',
      description: 'Write a tool in JavaScript right on the canvas (it runs in the sandbox) and let an agent call it.',
      type: 'Chatflow',
      categories: ['Tool Agent', 'Buffer Memory', 'Custom Tool'],
      usecases: ['Agent'],
      badge: 'NEW',
    },
    flow,
  )
}

export function webApiAgent(): FlowTemplate {
  const flow = templateFlow()
  const model = flow.add('chatOffline', 0, 0)
  const memory = flow.add('bufferMemory', 0, 420)
  const get = flow.add('requestsGet', 0, 700, {
    url: WEATHER_API,
    description: 'Gets the current weather in Berlin as JSON.',
  })
  const agent = flow.add('toolAgent', 460, 340, {
    systemMessage: 'You report the weather. Call requests_get to read it, then answer in one sentence.',
  })
  flow.connect(model, agent, 'model')
  flow.connect(memory, agent, 'memory')
  flow.connect(get, agent, 'tools')
  return finish(
    {
      id: 'web-api-agent',
      templateName: 'Agent that Calls a Web API',
      description: 'An agent with a GET request tool bound to one address; swap in your own API and describe it.',
      type: 'Chatflow',
      categories: ['Tool Agent', 'Buffer Memory', 'Requests Get'],
      usecases: ['Agent', 'Interacting with API'],
    },
    flow,
  )
}

export function chattyCalculator(): FlowTemplate {
  const flow = templateFlow()
  const model = flow.add('chatOffline', 0, 0)
  const memory = flow.add('bufferMemory', 0, 420)
  const calculator = flow.add('calculator', 0, 700)
  const agent = flow.add('conversationalAgent', 460, 300)
  flow.connect(model, agent, 'model')
  flow.connect(memory, agent, 'memory')
  flow.connect(calculator, agent, 'tools')
  return finish(
    {
      id: 'conversational-calculator',
      templateName: 'Conversational Agent',
      description: 'A conversational agent that chats, remembers, and reaches for the calculator when numbers come up.',
      type: 'Chatflow',
      categories: ['Conversational Agent', 'Buffer Memory', 'Calculator'],
      usecases: ['Agent', 'Chatbot'],
    },
    flow,
  )
}
