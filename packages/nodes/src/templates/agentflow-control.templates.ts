import type { FlowTemplate } from '@weft/core'
import { templateFlow } from './template-flow.js'
import { finish, system } from './template-parts.js'

// Agentflow V2 control steps: a person in the loop, iteration over a list, a loop back, code, and
// another flow called as a step.

export function approveBeforeSending(): FlowTemplate {
  const flow = templateFlow()
  const start = flow.add('startAgentflow', 0, 120)
  const draft = flow.add(
    'llmAgentflow',
    240,
    110,
    { llmMessages: system('Write a short, friendly reply to the customer.') },
    'Draft reply',
  )
  const ask = flow.add('humanInputAgentflow', 500, 100, {
    humanInputDescriptionType: 'fixed',
    humanInputDescription: 'Send this reply to the customer? {{ llmAgentflow_0 }}',
    humanInputEnableFeedback: true,
  })
  const send = flow.add('directReplyAgentflow', 800, 0, { directReplyMessage: '{{ llmAgentflow_0 }}' }, 'Send reply')
  const rewrite = flow.add(
    'llmAgentflow',
    800,
    220,
    {
      llmMessages: system(
        'Rewrite the reply "{{ llmAgentflow_0 }}" following this feedback: {{ humanInputAgentflow_0 }}',
      ),
    },
    'Rewrite reply',
  )
  flow.follow(start, draft)
  flow.follow(draft, ask)
  flow.follow(ask, send, 0)
  flow.follow(ask, rewrite, 1)
  return finish(
    {
      id: 'approve-before-sending',
      templateName: 'Approve Before Sending',
      description:
        'A model drafts a reply and the run pauses for a person: proceed sends it, reject rewrites it with their feedback.',
      type: 'AgentflowV2',
      categories: ['Start', 'LLM', 'Human Input', 'Direct Reply'],
      usecases: ['Human in the Loop', 'Customer Support'],
      badge: 'NEW',
    },
    flow,
  )
}

export function eachItemInTurn(): FlowTemplate {
  const flow = templateFlow()
  const start = flow.add('startAgentflow', 0, 160)
  const each = flow.add('iterationAgentflow', 240, 60, {
    iterationInput: '["Oslo", "Lisbon", "Kyoto"]',
  })
  flow.resize(each, 420, 260)
  flow.addInside(
    each,
    'llmAgentflow',
    60,
    90,
    { llmMessages: system('Write one line of travel advice for {{ $iteration }}.') },
    'Advice per city',
  )
  const join = flow.add(
    'llmAgentflow',
    760,
    150,
    { llmMessages: system('Join these lines into a short travel note: {{ iterationAgentflow_0 }}') },
    'Travel note',
  )
  flow.follow(start, each)
  flow.follow(each, join)
  return finish(
    {
      id: 'each-item-in-turn',
      templateName: 'Do the Same for Each Item',
      description:
        'An Iteration runs the steps inside it once per item of a JSON array, then one step joins the results.',
      type: 'AgentflowV2',
      categories: ['Start', 'Iteration', 'LLM'],
      usecases: ['Iteration', 'Content Creation'],
    },
    flow,
  )
}

export function splitThenWorkEach(): FlowTemplate {
  const flow = templateFlow()
  const start = flow.add('startAgentflow', 0, 160)
  const split = flow.add(
    'customFunctionAgentflow',
    240,
    150,
    {
      customFunctionInputVariables: [{ variableName: 'list', variableValue: '{{ question }}' }],
      customFunctionJavascriptFunction:
        "return String($list).split(/[,\\n]/).map((item) => item.trim()).filter((item) => item !== '')",
    },
    'Split the list',
  )
  const each = flow.add('iterationAgentflow', 500, 60, { iterationInput: '{{ customFunctionAgentflow_0 }}' })
  flow.resize(each, 420, 260)
  flow.addInside(
    each,
    'llmAgentflow',
    60,
    90,
    { llmMessages: system('Say in one sentence why {{ $iteration }} matters.') },
    'One item',
  )
  const reply = flow.add('directReplyAgentflow', 1020, 160, { directReplyMessage: '{{ iterationAgentflow_0 }}' })
  flow.follow(start, split)
  flow.follow(split, each)
  flow.follow(each, reply)
  return finish(
    {
      id: 'split-then-work-each',
      templateName: 'Split a List, then Work Each Part',
      description:
        'Code splits the message on commas into an array, and an Iteration handles every part with a model step.',
      type: 'AgentflowV2',
      categories: ['Start', 'Custom Function', 'Iteration', 'LLM', 'Direct Reply'],
      usecases: ['Iteration'],
    },
    flow,
  )
}

export function reviseUntilApproved(): FlowTemplate {
  const flow = templateFlow()
  const start = flow.add('startAgentflow', 0, 140)
  const draft = flow.add(
    'llmAgentflow',
    240,
    130,
    { llmMessages: system('Write a short answer to the question.') },
    'Writer',
  )
  const review = flow.add(
    'llmAgentflow',
    500,
    130,
    {
      llmMessages: system(
        'Reply APPROVED if this answer is clear and correct, else say what to fix: {{ llmAgentflow_0 }}',
      ),
    },
    'Reviewer',
  )
  const check = flow.add('conditionAgentflow', 760, 120, {
    conditions: [{ type: 'string', value1: '{{ llmAgentflow_1 }}', operation: 'contains', value2: 'APPROVED' }],
  })
  const done = flow.add('directReplyAgentflow', 1060, 0, { directReplyMessage: '{{ llmAgentflow_0 }}' })
  const again = flow.add('loopAgentflow', 1060, 240, {
    loopBackToNode: 'llmAgentflow_0-Writer',
    maxLoopCount: 2,
    fallbackMessage: 'The reviewer did not approve after two more tries. Last answer: {{ llmAgentflow_0 }}',
  })
  flow.follow(start, draft)
  flow.follow(draft, review)
  flow.follow(review, check)
  flow.follow(check, done, 0)
  flow.follow(check, again, 1)
  return finish(
    {
      id: 'revise-until-approved',
      templateName: 'Write, Review, Try Again',
      description:
        'A writer and a reviewer take turns: a Loop sends the answer back until it is approved or two tries are spent.',
      type: 'AgentflowV2',
      categories: ['Start', 'LLM', 'Condition', 'Loop', 'Direct Reply'],
      usecases: ['Loops', 'Content Creation'],
    },
    flow,
  )
}

export function countWithCode(): FlowTemplate {
  const flow = templateFlow()
  const start = flow.add('startAgentflow', 0, 120)
  const count = flow.add(
    'customFunctionAgentflow',
    240,
    110,
    {
      customFunctionInputVariables: [{ variableName: 'text', variableValue: '{{ question }}' }],
      customFunctionJavascriptFunction: [
        'const words = String($text).split(/\\s+/).filter(Boolean)',
        'const longest = words.reduce((a, b) => (b.length > a.length ? b : a), "")',
        'return `Your message has ${words.length} words; the longest is "${longest}".`',
      ].join('\n'),
    },
    'Measure the message',
  )
  const reply = flow.add('directReplyAgentflow', 520, 120, { directReplyMessage: '{{ customFunctionAgentflow_0 }}' })
  flow.note('agentflowV2', 240, 280, 'The function runs in the sandbox; inputs are $text, $flow.state, $vars.')
  flow.follow(start, count)
  flow.follow(count, reply)
  return finish(
    {
      id: 'count-with-code',
      templateName: 'A Step Written in Code',
      description:
        'A Custom Function step runs your JavaScript in the sandbox on the message and replies with its result.',
      type: 'AgentflowV2',
      categories: ['Start', 'Custom Function', 'Direct Reply', 'Sticky Note'],
      usecases: ['Getting Started'],
    },
    flow,
  )
}

export function handOffToFlow(): FlowTemplate {
  const flow = templateFlow()
  const start = flow.add('startAgentflow', 0, 120)
  const call = flow.add('executeFlowAgentflow', 240, 110, {
    executeFlowInput: '{{ question }}',
    executeFlowReturnResponseAs: 'assistantMessage',
  })
  const reply = flow.add('directReplyAgentflow', 520, 120, { directReplyMessage: '{{ executeFlowAgentflow_0 }}' })
  flow.note(
    'agentflowV2',
    240,
    280,
    'Pick the flow to call in Select Flow: any chatflow or agentflow of this workspace.',
  )
  flow.follow(start, call)
  flow.follow(call, reply)
  return finish(
    {
      id: 'hand-off-to-flow',
      templateName: 'Hand Off to Another Flow',
      description:
        'An Execute Flow step sends the question to another flow of yours and replies with what it answered.',
      type: 'AgentflowV2',
      categories: ['Start', 'Execute Flow', 'Direct Reply', 'Sticky Note'],
      usecases: ['Reuse'],
    },
    flow,
  )
}
