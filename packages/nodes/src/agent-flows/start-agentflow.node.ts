import { defineNode } from '../define-node.js'
import { namedRows } from './plain-steps/rows.js'
import { checkForm, readFormFields } from './plain-steps/start-form.js'
import { streamIfLast } from './plain-steps/step-text.js'
import type { StepContext, StepResult } from './step.js'

/** A switch stored as a boolean or as the text the canvas may keep. */
const isOn = (value: unknown) => value === true || value === 'true'

/** The initial flow state: every row needs a key; a value left out starts as empty text. */
function readStartState(raw: unknown): Record<string, unknown> {
  return Object.fromEntries(namedRows(raw, 'Flow State', 'key', 'Key').map(({ name, row }) => [name, row.value ?? '']))
}

async function startStep(context: StepContext): Promise<StepResult> {
  const { inputs, run } = context
  const state = readStartState(inputs.startState)
  // The engine reads both switches from the inputs; the output shows them in the execution.
  const switches = {
    startEphemeralMemory: isOn(inputs.startEphemeralMemory),
    startPersistState: isOn(inputs.startPersistState),
  }
  let output: StepResult['output']
  if (inputs.startInputType === 'formInput') {
    const form = checkForm(readFormFields(inputs.formInputTypes), run.form)
    output = { content: JSON.stringify(form), form, ...switches }
  } else {
    output = { content: run.question, ...switches }
  }
  streamIfLast(context, output.content ?? '')
  // The execution shows what the run was asked as Start's input, not Start's own settings.
  const input = inputs.startInputType === 'formInput' ? { form: output.form } : { question: run.question }
  return { output, input, state }
}

export default defineNode({
  descriptor: {
    label: 'Start',
    name: 'startAgentflow',
    version: 1,
    type: 'Start',
    category: 'Agent Flows',
    description: 'Where an agentflow begins: with a chat message or a form, and the initial flow state.',
    icon: 'startAgentflow.svg',
    color: '#30C060',
    baseClasses: ['Start'],
    canvases: ['agentflowV2'],
    hideInput: true,
    inputs: [
      {
        label: 'Input Type',
        name: 'startInputType',
        type: 'options',
        options: [
          { label: 'Chat Input', name: 'chatInput', description: 'Start the conversation with a chat message.' },
          { label: 'Form Input', name: 'formInput', description: 'Start with a form the user fills in.' },
        ],
        default: 'chatInput',
      },
      {
        label: 'Form Title',
        name: 'formTitle',
        type: 'string',
        placeholder: 'Please Fill Out The Form',
        show: { startInputType: 'formInput' },
      },
      {
        label: 'Form Description',
        name: 'formDescription',
        type: 'string',
        placeholder: 'Complete all fields below to continue',
        show: { startInputType: 'formInput' },
      },
      {
        label: 'Form Input Types',
        name: 'formInputTypes',
        type: 'array',
        description: 'The fields of the form; later steps read them as {{ $form.<name> }}.',
        show: { startInputType: 'formInput' },
        array: [
          {
            label: 'Type',
            name: 'type',
            type: 'options',
            options: [
              { label: 'String', name: 'string' },
              { label: 'Number', name: 'number' },
              { label: 'Boolean', name: 'boolean' },
              { label: 'Options', name: 'options' },
            ],
            default: 'string',
          },
          { label: 'Label', name: 'label', type: 'string', placeholder: 'Your name' },
          { label: 'Variable Name', name: 'name', type: 'string', placeholder: 'name' },
          {
            label: 'Add Options',
            name: 'addOptions',
            type: 'array',
            show: { 'formInputTypes[$index].type': 'options' },
            array: [{ label: 'Option', name: 'option', type: 'string' }],
          },
        ],
      },
      {
        label: 'Ephemeral Memory',
        name: 'startEphemeralMemory',
        type: 'boolean',
        description: 'Start every run without the earlier messages of the chat.',
        optional: true,
      },
      {
        label: 'Flow State',
        name: 'startState',
        type: 'array',
        description: 'Keys every step can read as {{ $flow.state.<key> }} and update.',
        optional: true,
        array: [
          { label: 'Key', name: 'key', type: 'string', placeholder: 'topic' },
          { label: 'Value', name: 'value', type: 'string', placeholder: 'an initial value', optional: true },
        ],
      },
      {
        label: 'Persist State',
        name: 'startPersistState',
        type: 'boolean',
        description: 'Keep the flow state between runs of the same chat.',
        optional: true,
      },
    ],
  },
  step: startStep,
})
