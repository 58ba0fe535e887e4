import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { HumanInputAction } from '@weft/core'
import { afterEach, describe, expect, it } from 'vitest'
import { resetApp } from '../../test/renderApp'
import { useChatPanel } from './chatPanelStore'
import { controlledStream } from './testing/controlledStream'
import { chatServer, renderChatPanel } from './testing/renderChatPanel'

function ask(question: string) {
  const input = screen.getByLabelText('Type your question')
  fireEvent.change(input, { target: { value: question } })
  fireEvent.keyDown(input, { key: 'Enter' })
}

const messages = () => screen.getByRole('log', { name: 'Messages' })

const action = (enableFeedback: boolean): HumanInputAction => ({
  id: 'act-1',
  mapping: { approve: 'Proceed', reject: 'Reject' },
  elements: [
    { type: 'agentflowv2-approve-button', label: 'Proceed' },
    { type: 'agentflowv2-reject-button', label: 'Reject' },
  ],
  data: {
    nodeId: 'humanInputAgentflow_0',
    nodeLabel: 'Check the draft',
    input: 'Send this reply to the customer?',
    enableFeedback,
  },
})

/** Two streamed runs: the one that pauses at the Human Input step, and the one that resumes it. */
function twoRuns() {
  const runs = [controlledStream(), controlledStream()]
  let next = 0
  const calls = chatServer({ predict: () => runs[next++]!.response() })
  const predictions = () => calls.filter((call) => call.url === '/api/v1/internal-prediction/f1')
  return { runs, predictions }
}

async function pauseAtHumanInput(run: ReturnType<typeof controlledStream>, enableFeedback: boolean) {
  ask('Answer the customer')
  await within(messages()).findByText('Answer the customer')
  run.send(
    { event: 'start', data: '' },
    { event: 'agentFlowEvent', data: 'INPROGRESS' },
    { event: 'token', data: 'Here is a draft.' },
    { event: 'action', data: action(enableFeedback) },
    { event: 'end', data: '[DONE]' },
  )
  run.close()
  return screen.findByRole('group', { name: 'Check the draft: waiting for your answer' })
}

describe('an agentflow that waits for the user (Human Input)', () => {
  afterEach(() => {
    resetApp()
    useChatPanel.setState({ open: false, expanded: false })
  })

  it('asks its question under the answer; Reject with feedback resumes the run in the same chat', async () => {
    const { runs, predictions } = twoRuns()
    renderChatPanel()
    const prompt = await pauseAtHumanInput(runs[0]!, true)
    expect(within(prompt).getByText('Send this reply to the customer?')).toBeTruthy()
    const proceed = within(prompt).getByRole('button', { name: 'Proceed' }) as HTMLButtonElement
    const reject = within(prompt).getByRole('button', { name: 'Reject' }) as HTMLButtonElement
    await waitFor(() => expect(reject.disabled).toBe(false))

    fireEvent.change(within(prompt).getByLabelText('Feedback'), { target: { value: 'Too formal' } })
    fireEvent.click(reject)

    expect(await within(messages()).findByText('Reject: Too formal')).toBeTruthy()
    expect(proceed.disabled).toBe(true)
    expect(reject.disabled).toBe(true)
    await waitFor(() => expect(predictions()).toHaveLength(2))
    const [first, resumed] = predictions()
    expect(resumed!.body).toMatchObject({
      question: 'Too formal',
      streaming: true,
      chatId: first!.body.chatId,
      humanInput: { type: 'reject', startNodeId: 'humanInputAgentflow_0', feedback: 'Too formal' },
    })

    runs[1]!.send({ event: 'token', data: 'Rewritten, less formal.' }, { event: 'end', data: '[DONE]' })
    runs[1]!.close()
    expect(await within(messages()).findByText('Rewritten, less formal.')).toBeTruthy()
    // Answered once: the buttons stay off after the resumed run is over.
    expect(proceed.disabled).toBe(true)
  })

  it('Proceed without feedback sends an empty question and shows "Proceed"', async () => {
    const { runs, predictions } = twoRuns()
    renderChatPanel()
    const prompt = await pauseAtHumanInput(runs[0]!, false)
    expect(within(prompt).queryByLabelText('Feedback')).toBeNull()
    const proceed = within(prompt).getByRole('button', { name: 'Proceed' }) as HTMLButtonElement
    await waitFor(() => expect(proceed.disabled).toBe(false))
    fireEvent.click(proceed)

    expect(await within(messages()).findByText('Proceed', { selector: '[data-role="user"] *' })).toBeTruthy()
    await waitFor(() => expect(predictions()).toHaveLength(2))
    expect(predictions()[1]!.body).toMatchObject({
      question: '',
      humanInput: { type: 'proceed', startNodeId: 'humanInputAgentflow_0' },
    })
    expect(predictions()[1]!.body.humanInput).not.toHaveProperty('feedback')
  })
})
