import type { ExecutedStep, Execution, StepStatus } from '@weft/core'

type StepExtra = Partial<Omit<ExecutedStep, 'data'>> & { data?: Partial<ExecutedStep['data']> }

/** A recorded step as the engine writes it; `data` fields default to an empty finished step. */
export function stepOf(
  nodeId: string,
  nodeLabel: string,
  status: StepStatus = 'FINISHED',
  extra: StepExtra = {},
): ExecutedStep {
  const { data, ...rest } = extra
  return {
    nodeId,
    nodeLabel,
    status,
    previousNodeIds: [],
    ...rest,
    data: { id: nodeId, name: nodeId.replace(/_\d+$/, ''), input: {}, output: {}, state: {}, ...data },
  }
}

export function executionOf(id: string, steps: ExecutedStep[], extra: Partial<Execution> = {}): Execution {
  return {
    id,
    executionData: JSON.stringify(steps),
    state: 'FINISHED',
    agentflowId: 'f1',
    sessionId: `session-${id}`,
    action: null,
    isPublic: false,
    createdDate: '2024-05-02T09:00:00.000Z',
    updatedDate: '2024-05-02T09:00:04.500Z',
    stoppedDate: '2024-05-02T09:00:04.500Z',
    agentflow: { id: 'f1', name: 'Support triage' },
    ...extra,
  }
}

/** A run with an agent that called a tool, an Iteration over two cities, and a step that failed. */
export const triageSteps: ExecutedStep[] = [
  stepOf('startAgentflow_0', 'Start', 'FINISHED', { data: { input: { question: 'What is 2+2?' } } }),
  stepOf('agentAgentflow_0', 'Math agent', 'FINISHED', {
    data: {
      input: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'What is 2+2?' }] },
      output: {
        content: 'The answer is `4`.',
        timeMetadata: { start: 0, end: 1250, delta: 1250 },
        usageMetadata: { input_tokens: 12, output_tokens: 30, total_tokens: 42 },
        usedTools: [{ tool: 'calculator', toolInput: { expression: '2+2' }, toolOutput: '{"result":4}' }],
      },
      state: { answer: '4' },
    },
  }),
  stepOf('iterationAgentflow_0', 'Each city', 'FINISHED'),
  stepOf('llmAgentflow_1', 'Describe city', 'FINISHED', {
    parentNodeId: 'iterationAgentflow_0',
    iterationIndex: 0,
    data: { output: { content: 'Paris is the capital of France.' } },
  }),
  stepOf('llmAgentflow_1', 'Describe city', 'FINISHED', {
    parentNodeId: 'iterationAgentflow_0',
    iterationIndex: 1,
    data: { output: { content: 'Rome is the capital of Italy.' } },
  }),
  stepOf('llmAgentflow_2', 'Summary', 'ERROR', { data: { error: 'Rate limit reached for gpt-4o-mini' } }),
]
