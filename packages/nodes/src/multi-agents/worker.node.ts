import type { StepContext, StepResult } from '../agent-flows/step.js'
import { stepText } from '../agent-flows/plain-steps/step-text.js'
import { defineNode } from '../define-node.js'
import { isChatModel } from '../providers/chat-model.js'
import { readNumber } from '../providers/node-inputs.js'
import { readTools } from '../runtime/agent-tools.js'
import { runSequentialModelStep } from '../sequential-agents/model-step.js'
import { sequentialPromptValuesParam } from '../sequential-agents/sequential-params.js'

/** Model calls a worker makes at most when Max Iterations is empty: each tool answer goes back to the model. */
const MAX_STEPS = 10

/**
 * One turn of a worker: an agent with its prompt and tools over the conversation so far. It never
 * streams: its answer is a report to the supervisor, which the runtime runs next, and it joins the
 * conversation as a message to the team (as the user's words, so every provider takes it last).
 */
async function workerStep(context: StepContext): Promise<StepResult> {
  if (!isChatModel(context.inputs.model)) {
    throw new Error('there is no chat model: connect one to the Supervisor (every worker uses it) or to this worker.')
  }
  const result = await runSequentialModelStep(
    {
      ...context,
      isLastStep: false,
      inputs: { ...context.inputs, systemMessagePrompt: stepText(context.inputs.workerPrompt) },
    },
    {
      tools: readTools(context.inputs.tools),
      maxSteps: readNumber(context.inputs.maxIterations) ?? MAX_STEPS,
    },
  )
  return { ...result, turns: (result.turns ?? []).map((turn) => ({ ...turn, role: 'userMessage' as const })) }
}

export default defineNode({
  descriptor: {
    label: 'Worker',
    name: 'worker',
    version: 1,
    type: 'Worker',
    category: 'Multi Agents',
    description: 'A member of a supervisor’s team: an agent with its own prompt and tools that reports back.',
    icon: 'worker.svg',
    color: '#3F9E86',
    baseClasses: ['Worker'],
    canvases: ['sequential'],
    inputs: [
      { label: 'Worker Name', name: 'workerName', type: 'string', placeholder: 'Researcher' },
      {
        label: 'Worker Prompt',
        name: 'workerPrompt',
        type: 'string',
        rows: 4,
        placeholder: 'You are a researcher who looks up facts with your tools.',
      },
      { label: 'Tools', name: 'tools', type: 'Tool', list: true, optional: true },
      { label: 'Supervisor', name: 'supervisor', type: 'Supervisor' },
      {
        label: 'Tool Calling Chat Model',
        name: 'model',
        type: 'BaseChatModel',
        description: 'Use this model for this worker instead of the supervisor’s.',
        optional: true,
      },
      sequentialPromptValuesParam,
      {
        label: 'Max Iterations',
        name: 'maxIterations',
        type: 'number',
        description: 'Most model calls in one turn of this worker (each tool answer goes back to the model).',
        step: 1,
        optional: true,
        additionalParams: true,
      },
    ],
  },
  step: workerStep,
})
