import type { FlowTemplate } from '@weft/core'
import { templateFlow, type TemplateFlow } from './template-flow.js'
import { finish } from './template-parts.js'

// LLM chains whose answer goes through an output parser. JSON parsers need a model that follows
// format instructions (connect one); the list parsers read any answer.

function parsedChain(template: string, parser: string, parserInputs: Record<string, unknown>): TemplateFlow {
  const flow = templateFlow()
  const model = flow.add('chatOffline', 0, 0)
  const prompt = flow.add('promptTemplate', 0, 420, { template })
  const output = flow.add(parser, 0, 840, parserInputs)
  const chain = flow.add('llmChain', 460, 360)
  flow.connect(model, chain, 'model')
  flow.connect(prompt, chain, 'prompt')
  flow.connect(output, chain, 'outputParser')
  return flow
}

export function answerAsJson(): FlowTemplate {
  const flow = parsedChain('Answer the question and say how sure you are: {question}', 'structuredOutputParser', {
    autofixParser: true,
    jsonStructure: [
      { property: 'answer', type: 'string', description: 'the answer in one sentence' },
      { property: 'confidence', type: 'number', description: 'how sure, from 0 to 1' },
    ],
  })
  return finish(
    {
      id: 'answer-as-json',
      templateName: 'Answer as JSON',
      description: 'The answer comes back as a JSON object with the keys you list, repaired once if the model slips.',
      type: 'Chatflow',
      categories: ['Prompt Template', 'Structured Output Parser', 'LLM Chain'],
      usecases: ['Extraction'],
      badge: 'NEW',
    },
    flow,
  )
}

export function fillTypedForm(): FlowTemplate {
  const flow = parsedChain(
    'Read this support message and fill in the form: {question}',
    'advancedStructuredOutputParser',
    {
      exampleJson: [
        'z.object({',
        '  topic: z.enum(["billing", "delivery", "account", "other"]),',
        '  urgent: z.boolean(),',
        '  summary: z.string(),',
        '})',
      ].join('\n'),
    },
  )
  return finish(
    {
      id: 'fill-typed-form',
      templateName: 'Fill a Typed Form',
      description:
        'Turn a free-text message into a typed record (an enum, a boolean, a text) described with a Zod schema.',
      type: 'Chatflow',
      categories: ['Prompt Template', 'Advanced Structured Output Parser', 'LLM Chain'],
      usecases: ['Extraction', 'Customer Support'],
    },
    flow,
  )
}

export function commaIdeas(): FlowTemplate {
  const flow = parsedChain('List five short ideas, separated by commas, for: {question}', 'csvOutputParser', {})
  return finish(
    {
      id: 'comma-ideas',
      templateName: 'Ideas as a List',
      description: "Brainstorm ideas and get them back as a list, split from the model's comma-separated answer.",
      type: 'Chatflow',
      categories: ['Prompt Template', 'CSV Output Parser', 'LLM Chain'],
      usecases: ['Content Creation', 'Extraction'],
    },
    flow,
  )
}

export function stepsList(): FlowTemplate {
  const flow = parsedChain(
    'Give three steps, separated by semicolons, to do this: {question}',
    'customListOutputParser',
    {
      length: 3,
      separator: ';',
    },
  )
  return finish(
    {
      id: 'steps-list',
      templateName: 'Three Steps List',
      description: 'Ask for a how-to and keep exactly three steps, split on semicolons by a custom list parser.',
      type: 'Chatflow',
      categories: ['Prompt Template', 'Custom List Output Parser', 'LLM Chain'],
      usecases: ['Extraction'],
    },
    flow,
  )
}
