import { failure } from '@weft/core'
import { defineNode } from '../define-node.js'
import { isRecord, readJsonObject } from '../runtime/read-input.js'
import { listTools } from './catalogue-options.js'
import { stepText, streamIfLast } from './plain-steps/step-text.js'
import { toolArguments } from './plain-steps/tool-arguments.js'
import type { StepContext, StepResult } from './step.js'
import { updateStateParam } from './step-params.js'

/**
 * The inputs of the picked tool node, which the canvas keeps beside the pick as Flowise does
 * (`toolAgentflowSelectedToolConfig`, holding the pick again under its own name: left out here).
 */
function readToolConfig(raw: unknown): Record<string, unknown> {
  const { toolAgentflowSelectedTool: _pick, ...config } = isRecord(raw) ? raw : readJsonObject(raw, 'Tool settings')
  return config
}

/** Calls the picked tool once with the arguments set on the step; its answer is the output. */
async function toolStep(context: StepContext): Promise<StepResult> {
  const { inputs, run } = context
  const name = stepText(inputs.toolAgentflowSelectedTool).trim()
  if (!name) throw failure('configuration', 'Tool is empty: pick the tool to call.')
  const built = await run.tool(name, readToolConfig(inputs.toolAgentflowSelectedToolConfig))
  // A node of several tools (an MCP server) is called through the one action chosen for the step.
  const tool = Array.isArray(built) ? built[0] : built
  if (!tool || (Array.isArray(built) && built.length > 1)) {
    throw new Error(
      `${name} offers ${Array.isArray(built) ? built.length : 0} tools: choose exactly one action for the Tool step.`,
    )
  }
  const toolInput = toolArguments(inputs.toolInputArgs, tool.inputSchema)
  const toolOutput = await tool.execute(toolInput, run.signal)
  const usedTools = [{ tool: tool.name, toolInput, toolOutput }]
  run.emit({ event: 'usedTools', data: usedTools })
  streamIfLast(context, toolOutput)
  return { output: { content: toolOutput, usedTools } }
}

export default defineNode({
  descriptor: {
    label: 'Tool',
    name: 'toolAgentflow',
    version: 1,
    type: 'Tool',
    category: 'Agent Flows',
    description: 'Call one tool with arguments you set, without a model choosing it.',
    icon: 'toolAgentflow.svg',
    color: '#C06030',
    baseClasses: ['Tool'],
    canvases: ['agentflowV2'],
    inputs: [
      {
        label: 'Tool',
        name: 'toolAgentflowSelectedTool',
        type: 'asyncOptions',
        loadMethod: 'listTools',
      },
      {
        label: 'Tool Input Arguments',
        name: 'toolInputArgs',
        type: 'array',
        optional: true,
        array: [
          { label: 'Input Argument Name', name: 'inputArgName', type: 'string', placeholder: 'expression' },
          { label: 'Input Argument Value', name: 'inputArgValue', type: 'string', acceptVariable: true },
        ],
      },
      updateStateParam('toolUpdateState'),
    ],
  },
  loadMethods: { listTools },
  step: toolStep,
})
