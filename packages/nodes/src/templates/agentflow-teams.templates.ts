import type { FlowTemplate } from '@weft/core'
import { templateFlow } from './template-flow.js'
import { finish, system } from './template-parts.js'

// Agentflow V2 flows of several model steps: a lead with helpers, a chain of prompts, state,
// memory and triage.

export function leadWithHelpers(): FlowTemplate {
  const flow = templateFlow()
  const start = flow.add('startAgentflow', 0, 200)
  const lead = flow.add(
    'llmAgentflow',
    240,
    190,
    {
      llmMessages: system(
        'You lead a researcher and a writer. Pick who works next: RESEARCH to gather facts, WRITE to write the answer, FINISH when the answer is written.',
      ),
      llmStructuredOutput: [
        { key: 'next', type: 'enum', enumValues: 'RESEARCH, WRITE, FINISH', description: 'Who works next' },
        { key: 'instructions', type: 'string', description: 'What they should do' },
      ],
    },
    'Lead',
  )
  const pick = flow.add('conditionAgentflow', 500, 180, {
    conditions: [
      { type: 'string', value1: '{{ llmAgentflow_0.output.next }}', operation: 'equal', value2: 'RESEARCH' },
      { type: 'string', value1: '{{ llmAgentflow_0.output.next }}', operation: 'equal', value2: 'WRITE' },
    ],
  })
  const researcher = flow.add(
    'agentAgentflow',
    800,
    0,
    { agentMessages: system('You gather facts for the team: {{ llmAgentflow_0.output.instructions }}') },
    'Researcher',
  )
  const writer = flow.add(
    'agentAgentflow',
    800,
    200,
    { agentMessages: system('You write the final answer for the user: {{ llmAgentflow_0.output.instructions }}') },
    'Writer',
  )
  const back1 = flow.add('loopAgentflow', 1080, 0, { loopBackToNode: 'llmAgentflow_0-Lead', maxLoopCount: 3 })
  const back2 = flow.add('loopAgentflow', 1080, 200, { loopBackToNode: 'llmAgentflow_0-Lead', maxLoopCount: 3 })
  const done = flow.add('directReplyAgentflow', 800, 400, { directReplyMessage: '{{ agentAgentflow_1 }}' })
  flow.follow(start, lead)
  flow.follow(lead, pick)
  flow.follow(pick, researcher, 0)
  flow.follow(pick, writer, 1)
  flow.follow(pick, done, 2)
  flow.follow(researcher, back1)
  flow.follow(writer, back2)
  return finish(
    {
      id: 'lead-with-helpers',
      templateName: 'Lead with a Researcher and a Writer',
      description:
        'A supervisor pattern: a lead step picks the next worker as JSON, a Condition routes, Loops come back.',
      type: 'AgentflowV2',
      categories: ['Start', 'LLM', 'Condition', 'Agent', 'Loop', 'Direct Reply'],
      usecases: ['Hierarchical Agent Teams', 'Agent'],
      badge: 'NEW',
    },
    flow,
  )
}

export function outlineWriteShorten(): FlowTemplate {
  const flow = templateFlow()
  const start = flow.add('startAgentflow', 0, 100)
  const outline = flow.add(
    'llmAgentflow',
    240,
    90,
    { llmMessages: system('Write a three-point outline answering the question.') },
    'Outline',
  )
  const write = flow.add(
    'llmAgentflow',
    480,
    90,
    { llmMessages: system('Write a paragraph from this outline: {{ llmAgentflow_0 }}') },
    'Write',
  )
  const shorten = flow.add(
    'llmAgentflow',
    720,
    90,
    { llmMessages: system('Shorten this to 2 sentences: {{ llmAgentflow_1 }}') },
    'Shorten',
  )
  flow.follow(start, outline)
  flow.follow(outline, write)
  flow.follow(write, shorten)
  return finish(
    {
      id: 'outline-write-shorten',
      templateName: 'Outline, Write, Shorten',
      description: 'Prompt chaining in three steps: outline the answer, write it out, then cut it to two sentences.',
      type: 'AgentflowV2',
      categories: ['Start', 'LLM'],
      usecases: ['Content Creation'],
    },
    flow,
  )
}

export function translateWithState(): FlowTemplate {
  const flow = templateFlow()
  const start = flow.add('startAgentflow', 0, 100, { startState: [{ key: 'language', value: 'Spanish' }] })
  const translate = flow.add(
    'llmAgentflow',
    260,
    90,
    {
      llmMessages: system('Translate the message into {{ $flow.state.language }}. Reply with the translation only.'),
      llmEnableMemory: false,
    },
    'Translate',
  )
  flow.follow(start, translate)
  return finish(
    {
      id: 'translate-with-state',
      templateName: 'Translator with a Language Setting',
      description:
        'The target language lives in the flow state (Spanish to start), so one place changes it for every step.',
      type: 'AgentflowV2',
      categories: ['Start', 'LLM'],
      usecases: ['Translation'],
    },
    flow,
  )
}

export function memoryWindowChat(): FlowTemplate {
  const flow = templateFlow()
  const start = flow.add('startAgentflow', 0, 100)
  const chat = flow.add(
    'llmAgentflow',
    260,
    90,
    {
      llmMessages: system('You are a friendly assistant who remembers what the user told you.'),
      llmEnableMemory: true,
      llmMemoryType: 'windowSize',
      llmMemoryWindowSize: 10,
    },
    'Chat',
  )
  flow.follow(start, chat)
  return finish(
    {
      id: 'memory-window-chat',
      templateName: 'Chat that Keeps the Last Ten Messages',
      description: 'An LLM step with memory: each answer sees the last ten messages of the chat, older ones drop off.',
      type: 'AgentflowV2',
      categories: ['Start', 'LLM'],
      usecases: ['Chatbot'],
    },
    flow,
  )
}

export function triageWithNotes(): FlowTemplate {
  const flow = templateFlow()
  const start = flow.add('startAgentflow', 0, 200)
  const triage = flow.add('conditionAgentAgentflow', 260, 180, {
    conditionAgentInstructions: 'Sort the message: a billing question, a technical problem, or anything else.',
    conditionAgentInput: '{{ question }}',
    scenarios: [{ scenario: 'Billing question' }, { scenario: 'Technical problem' }, { scenario: 'Anything else' }],
  })
  const billing = flow.add(
    'llmAgentflow',
    600,
    0,
    { llmMessages: system('You answer billing and invoice questions.') },
    'Billing desk',
  )
  const tech = flow.add(
    'llmAgentflow',
    600,
    200,
    { llmMessages: system('You help fix technical problems step by step.') },
    'Tech desk',
  )
  const other = flow.add('directReplyAgentflow', 600, 400, {
    directReplyMessage: 'Thanks for writing! A teammate will read your message and answer soon.',
  })
  flow.note(
    'agentflowV2',
    260,
    400,
    'The Condition Agent picks one scenario per message; add a scenario to add a desk.',
  )
  flow.follow(start, triage)
  flow.follow(triage, billing, 0)
  flow.follow(triage, tech, 1)
  flow.follow(triage, other, 2)
  return finish(
    {
      id: 'triage-with-notes',
      templateName: 'Support Triage Desk',
      description:
        'A Condition Agent sends billing and technical messages to their own desks and thanks everyone else.',
      type: 'AgentflowV2',
      categories: ['Start', 'Condition Agent', 'LLM', 'Direct Reply', 'Sticky Note'],
      usecases: ['Customer Support'],
    },
    flow,
  )
}
