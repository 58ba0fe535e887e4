import { describe, expect, it } from 'vitest'
import type { RunFlowRequest } from '../index.js'
import executeFlow from './execute-flow-agentflow.node.js'
import { runStep, testStep } from './testing/test-step.js'

function setUp(inputs: Record<string, unknown>, isLastStep = false) {
  const requests: RunFlowRequest[] = []
  const step = testStep(executeFlow, {
    inputs,
    isLastStep,
    run: {
      question: 'Summarise my order',
      runFlow: async (request) => {
        requests.push(request)
        return { text: `answered: ${request.question}`, executionId: 'execution-2' }
      },
    },
  })
  return { step, requests, result: runStep(executeFlow, step) }
}

describe('Execute Flow step', () => {
  it('runs the picked flow with the input and overrides, and answers with its text and execution', async () => {
    const { requests, result } = setUp({
      executeFlowSelectedFlow: 'flow-2',
      executeFlowInput: 'Order 12',
      executeFlowOverrideConfig: '{ "temperature": 0 }',
      executeFlowBaseURL: 'http://elsewhere.example', // ignored: the flow runs in this process
    })
    const { output, turns } = await result
    expect(requests).toEqual([{ flowId: 'flow-2', question: 'Order 12', overrideConfig: { temperature: 0 } }])
    expect(output).toEqual({ content: 'answered: Order 12', executionId: 'execution-2' })
    expect(turns).toEqual([{ role: 'userMessage', content: 'answered: Order 12' }])
  })

  it('asks the question when the input is empty, takes overrides as an object, and adds the answer as the assistant’s when asked', async () => {
    const { step, requests, result } = setUp(
      {
        executeFlowSelectedFlow: 'flow-2',
        executeFlowOverrideConfig: { vars: { region: 'eu' } },
        executeFlowReturnResponseAs: 'assistantMessage',
      },
      true,
    )
    const { turns } = await result
    expect(requests[0]).toEqual({
      flowId: 'flow-2',
      question: 'Summarise my order',
      overrideConfig: { vars: { region: 'eu' } },
    })
    expect(turns).toEqual([{ role: 'apiMessage', content: 'answered: Summarise my order' }])
    expect(step.streamed()).toBe('answered: Summarise my order')
  })

  it('sends no overrides when there are none', async () => {
    const { requests, result } = setUp({ executeFlowSelectedFlow: 'flow-2', executeFlowOverrideConfig: '' })
    await result
    expect(requests[0]).toEqual({ flowId: 'flow-2', question: 'Summarise my order' })
  })

  it('fails clearly without a flow, on the flow itself, and on overrides that are not a JSON object', async () => {
    await expect(setUp({}).result).rejects.toThrow('Select Flow is empty: pick the flow to run.')
    await expect(setUp({ executeFlowSelectedFlow: 'flow-1' }).result).rejects.toThrow(
      'Execute Flow cannot run the flow it belongs to.',
    )
    await expect(
      setUp({ executeFlowSelectedFlow: 'flow-2', executeFlowOverrideConfig: '{ temperature: 0 }' }).result,
    ).rejects.toThrow(/^Override Config is not valid JSON: /)
    await expect(setUp({ executeFlowSelectedFlow: 'flow-2', executeFlowOverrideConfig: '[1]' }).result).rejects.toThrow(
      'Override Config must be a JSON object',
    )
    await expect(setUp({ executeFlowSelectedFlow: 'flow-2', executeFlowOverrideConfig: [{}] }).result).rejects.toThrow(
      'Override Config must be a JSON object such as { "temperature": 0 }, not a list.',
    )
  })
})
