import type { FlowTemplate } from '@weft/core'
import { templateFlow } from './template-flow.js'
import { finish } from './template-parts.js'

// Sequential agents and supervisor teams (Flowise's "Agentflow" kind, saved as MULTIAGENT).

export function draftCritiqueFinal(): FlowTemplate {
  const flow = templateFlow()
  const model = flow.add('chatOffline', 0, 0)
  const start = flow.add('seqStart', 400, 0)
  const draft = flow.add('seqLLMNode', 800, 0, {
    llmNodeName: 'Drafter',
    systemMessagePrompt: 'Write a first answer to the question.',
  })
  const critic = flow.add('seqLLMNode', 1200, 0, {
    llmNodeName: 'Critic',
    systemMessagePrompt: 'Point out what the draft misses.',
  })
  const final = flow.add('seqLLMNode', 1600, 0, {
    llmNodeName: 'Editor',
    systemMessagePrompt: 'Write the final answer for the user, using the draft and the critique.',
  })
  const end = flow.add('seqEnd', 2000, 0)
  flow.connect(model, start, 'model')
  flow.connect(start, draft, 'sequentialNode')
  flow.connect(draft, critic, 'sequentialNode')
  flow.connect(critic, final, 'sequentialNode')
  flow.connect(final, end, 'sequentialNode')
  return finish(
    {
      id: 'draft-critique-final',
      templateName: 'Drafter, Critic and Editor',
      description: 'Three sequential steps share one conversation: a draft, a critique of it, and the final edit.',
      type: 'Agentflow',
      categories: ['Sequential Agents'],
      usecases: ['Content Creation', 'Hierarchical Agent Teams'],
    },
    flow,
  )
}

export function sequentialToolAgent(): FlowTemplate {
  const flow = templateFlow()
  const model = flow.add('chatOffline', 0, 0)
  const calculator = flow.add('calculator', 0, 420)
  const clock = flow.add('currentDateTime', 0, 660)
  const start = flow.add('seqStart', 400, 0)
  const agent = flow.add('seqAgent', 800, 0, {
    agentName: 'Helper',
    systemMessagePrompt: 'You help with sums and dates. Use the calculator and the clock.',
  })
  const end = flow.add('seqEnd', 1200, 0)
  flow.connect(model, start, 'model')
  flow.connect(calculator, agent, 'tools')
  flow.connect(clock, agent, 'tools')
  flow.connect(start, agent, 'sequentialNode')
  flow.connect(agent, end, 'sequentialNode')
  return finish(
    {
      id: 'sequential-tool-agent',
      templateName: 'One Agent with Tools (Sequential)',
      description: 'The smallest sequential agents flow: Start, one agent with a calculator and a clock, End.',
      type: 'Agentflow',
      categories: ['Sequential Agents', 'Calculator', 'Current Date Time'],
      usecases: ['Agent'],
    },
    flow,
  )
}

export function tidyThenAnswer(): FlowTemplate {
  const flow = templateFlow()
  const model = flow.add('chatOffline', 0, 0)
  const start = flow.add('seqStart', 400, 0)
  const tidy = flow.add('seqCustomFunction', 800, 0, {
    functionName: 'Tidy',
    functionInputVariables: { text: '{{question}}' },
    javascriptFunction: "return String($text).replace(/\\s+/g, ' ').trim()",
    returnValueAs: 'humanMessage',
  })
  const answer = flow.add('seqLLMNode', 1200, 0, {
    llmNodeName: 'Answer',
    systemMessagePrompt: 'Answer the tidied question in two sentences.',
  })
  const end = flow.add('seqEnd', 1600, 0)
  flow.connect(model, start, 'model')
  flow.connect(start, tidy, 'sequentialNode')
  flow.connect(tidy, answer, 'sequentialNode')
  flow.connect(answer, end, 'sequentialNode')
  return finish(
    {
      id: 'tidy-then-answer',
      templateName: 'Clean the Question, then Answer',
      description: 'A sequential Custom Function tidies the message in the sandbox before an LLM node answers it.',
      type: 'Agentflow',
      categories: ['Sequential Agents', 'Custom Function'],
      usecases: ['Getting Started'],
    },
    flow,
  )
}

export function supervisorTeam(): FlowTemplate {
  const flow = templateFlow()
  const model = flow.add('chatOffline', 0, 0)
  const calculator = flow.add('calculator', 0, 420)
  const supervisor = flow.add('supervisor', 400, 0, { supervisorName: 'Manager' })
  const maths = flow.add('worker', 800, 0, {
    workerName: 'Accountant',
    workerPrompt: 'You work out any numbers with the calculator and report them.',
  })
  const writer = flow.add('worker', 800, 640, {
    workerName: 'Copywriter',
    workerPrompt: 'You write the final reply for the customer in a friendly tone.',
  })
  flow.connect(model, supervisor, 'model')
  flow.connect(calculator, maths, 'tools')
  flow.connect(supervisor, maths, 'supervisor')
  flow.connect(supervisor, writer, 'supervisor')
  return finish(
    {
      id: 'supervisor-team',
      templateName: 'Manager, Accountant and Copywriter',
      description: 'A supervisor hands the task to the right worker, one with a calculator, until the answer is done.',
      type: 'Agentflow',
      categories: ['Supervisor', 'Worker', 'Calculator'],
      usecases: ['Hierarchical Agent Teams', 'Agent'],
    },
    flow,
  )
}
