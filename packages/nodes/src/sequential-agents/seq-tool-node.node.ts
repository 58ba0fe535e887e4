import type { UsedTool } from '@weft/core'
import { stepText, streamIfLast } from '../agent-flows/plain-steps/step-text.js'
import type { StepContext, StepResult } from '../agent-flows/step.js'
import { defineNode } from '../define-node.js'
import { readBoolean } from '../providers/node-inputs.js'
import { readTools } from '../runtime/agent-tools.js'
import { sequentialFlow } from './flow-variables.js'
import { approvalParams, updateStateMemoryParam } from './sequential-params.js'
import { toolInputFrom } from './tool-node-input.js'
import { withStateUpdates } from './update-state.js'

const APPROVAL_PROMPT = 'You are about to execute tool: {tools}. Ask if user want to proceed'

/**
 * Runs each connected tool on what the node before wrote (see tool-node-input.ts). With Require
 * Approval on, the run first pauses with the Approval Prompt; the user's answer resumes it here, and
 * a rejection skips the tools.
 */
async function toolNodeStep(context: StepContext): Promise<StepResult> {
  const { inputs, run, humanInput } = context
  const tools = readTools(inputs.tools)
  if (tools.length === 0) throw new Error('there are no tools: connect the tools this node runs.')
  const names = tools.map((tool) => tool.name).join(', ')
  if (readBoolean(inputs.interrupt, false) && !humanInput) {
    const question = (stepText(inputs.approvalPrompt).trim() || APPROVAL_PROMPT).replaceAll('{tools}', names)
    return { output: { content: question }, pause: { question, enableFeedback: false } }
  }
  if (humanInput?.type === 'reject') {
    const content = `The user did not approve running ${names}, so it did not run.`
    streamIfLast(context, content)
    return { output: { content }, turns: [{ role: 'apiMessage', content }] }
  }
  const previous = stepText((await sequentialFlow(context)).output.content)
  const usedTools: UsedTool[] = []
  for (const tool of tools) {
    const toolInput = toolInputFrom(previous, tool)
    const toolOutput = await tool.execute(toolInput, run.signal)
    usedTools.push({ tool: tool.name, toolInput, toolOutput })
    // The whole list so far: clients replace the tools they show with each event.
    run.emit({ event: 'usedTools', data: [...usedTools] })
  }
  const content = usedTools.map((used) => used.toolOutput).join('\n\n')
  streamIfLast(context, content)
  return withStateUpdates(context, { output: { content, usedTools }, turns: [{ role: 'apiMessage', content }] })
}

export default defineNode({
  descriptor: {
    label: 'Tool Node',
    name: 'seqToolNode',
    version: 1,
    type: 'ToolNode',
    category: 'Sequential Agents',
    description:
      'Run tools on what the node before wrote (JSON arguments or text), optionally after the user approves.',
    icon: 'seqToolNode.svg',
    color: '#B946B5',
    baseClasses: ['ToolNode'],
    canvases: ['sequential'],
    inputs: [
      { label: 'Tools', name: 'tools', type: 'Tool', list: true, optional: true },
      { label: 'LLM Node', name: 'llmNode', type: 'LLMNode' },
      { label: 'Name', name: 'toolNodeName', type: 'string', placeholder: 'Tool' },
      ...approvalParams,
      updateStateMemoryParam,
    ],
  },
  step: toolNodeStep,
})
