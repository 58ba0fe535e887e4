import { evaluateConditionRules, parseRows, type InputOption, type InputParam } from '@weft/core'
import { defineNode } from '../define-node.js'
import { withRegexesTested } from './plain-steps/sandboxed-regex.js'
import { streamIfLast } from './plain-steps/step-text.js'
import type { StepContext, StepResult } from './step.js'

const option = (name: string, label: string): InputOption => ({ name, label })

/** One `operation` param per value type; only the one matching the rule's type shows. */
const operationFor = (type: string, options: InputOption[]): InputParam => ({
  label: 'Operation',
  name: 'operation',
  type: 'options',
  options,
  default: 'equal',
  show: { 'conditions[$index].type': type },
})

const EMPTINESS = [option('isEmpty', 'Is Empty'), option('notEmpty', 'Not Empty')]

/** Takes the output of the first rule that holds (anchors 0…n-1), or Else (anchor n). */
async function conditionStep(context: StepContext): Promise<StepResult> {
  const rules = await withRegexesTested(parseRows(context.inputs.conditions), context.run.signal)
  const { taken, conditions } = evaluateConditionRules(rules)
  const content = conditions[taken]!.output
  streamIfLast(context, content)
  return { output: { content, conditions }, next: [taken] }
}

export default defineNode({
  descriptor: {
    label: 'Condition',
    name: 'conditionAgentflow',
    version: 1,
    type: 'Condition',
    category: 'Agent Flows',
    description: 'Take the first path whose rule holds, comparing values of earlier steps; Else otherwise.',
    icon: 'conditionAgentflow.svg',
    color: '#3073C0',
    baseClasses: ['Condition'],
    canvases: ['agentflowV2'],
    inputs: [
      {
        label: 'Conditions',
        name: 'conditions',
        type: 'array',
        description: 'Each condition gets its own output; an Else output follows them.',
        default: [{ type: 'string', value1: '', operation: 'equal', value2: '' }],
        array: [
          {
            label: 'Type',
            name: 'type',
            type: 'options',
            options: [option('string', 'String'), option('number', 'Number'), option('boolean', 'Boolean')],
            default: 'string',
          },
          {
            label: 'Value 1',
            name: 'value1',
            type: 'string',
            description: 'The value to check, e.g. {{ llmAgentflow_0 }}.',
            acceptVariable: true,
            default: '',
          },
          operationFor('string', [
            option('contains', 'Contains'),
            option('endsWith', 'Ends With'),
            option('equal', 'Equal'),
            option('notContains', 'Not Contains'),
            option('notEqual', 'Not Equal'),
            option('regex', 'Regex'),
            option('startsWith', 'Starts With'),
            ...EMPTINESS,
          ]),
          operationFor('number', [
            option('smaller', 'Smaller'),
            option('smallerEqual', 'Smaller Equal'),
            option('equal', 'Equal'),
            option('notEqual', 'Not Equal'),
            option('larger', 'Larger'),
            option('largerEqual', 'Larger Equal'),
            ...EMPTINESS,
          ]),
          operationFor('boolean', [option('equal', 'Equal'), option('notEqual', 'Not Equal')]),
          {
            label: 'Value 2',
            name: 'value2',
            type: 'string',
            description: 'The value to compare with.',
            acceptVariable: true,
            default: '',
            hide: { 'conditions[$index].operation': ['isEmpty', 'notEmpty'] },
          },
        ],
      },
    ],
  },
  step: conditionStep,
})
