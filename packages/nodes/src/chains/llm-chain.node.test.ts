import { describe, expect, it } from 'vitest'
import { offlineChatModel } from '../providers/offline-model.js'
import chatPromptTemplate from '../prompts/chat-prompt-template.node.js'
import promptTemplate from '../prompts/prompt-template.node.js'
import { answerOf, promptLines, recordingOfflineModel, runNode, testRun } from '../runtime/test-run.js'
import llmChain from './llm-chain.node.js'

describe('LLM Chain', () => {
  it('sends the filled prompt to the model and streams its answer as tokens', async () => {
    const run = testRun({ question: 'Why do cats purr?' })
    const { model, calls } = recordingOfflineModel()
    const prompt = await runNode(promptTemplate, { template: 'You are a vet. Answer in one sentence: {question}' }, run)
    const chain = await runNode(llmChain, { model, prompt }, run, { isEnding: true })
    const answer = await answerOf(chain, run)

    expect(calls).toHaveLength(1)
    expect(promptLines(calls[0]!)).toEqual(['user: You are a vet. Answer in one sentence: Why do cats purr?'])
    expect(answer.text).not.toBe('')
    expect(run.events.filter((event) => event.event === 'token').length).toBeGreaterThan(1)
    expect(run.streamed()).toBe(answer.text)
    expect(answer.usage?.totalTokens).toBeGreaterThan(0)
  })

  it('fills variables from Format Prompt Values, including text another node produced', async () => {
    const run = testRun({ question: 'ignored' })
    const { model, calls } = recordingOfflineModel()
    const prompt = await runNode(
      promptTemplate,
      {
        template: 'Name a company that makes {product} in {city}.',
        promptValues: '{"product": "socks", "city": "Oslo"}',
      },
      run,
    )
    await answerOf(await runNode(llmChain, { model, prompt }, run, { isEnding: true }), run)
    expect(promptLines(calls[0]!)).toEqual(['user: Name a company that makes socks in Oslo.'])
  })

  it('sends a chat prompt as a system and a user message', async () => {
    const run = testRun({ question: 'Good morning' })
    const { model, calls } = recordingOfflineModel()
    const prompt = await runNode(
      chatPromptTemplate,
      {
        systemMessagePrompt: 'Translate into {language}.',
        humanMessagePrompt: '{text}',
        promptValues: { language: 'French' },
      },
      run,
    )
    await answerOf(await runNode(llmChain, { model, prompt }, run, { isEnding: true }), run)
    expect(promptLines(calls[0]!)).toEqual(['system: Translate into French.', 'user: Good morning'])
  })

  it('with Output Prediction chosen, gives the text to the next node without streaming it', async () => {
    const run = testRun({ question: 'repeat after me: draft ready' })
    const prompt = await runNode(promptTemplate, { template: '{question}' }, run)
    const text = await runNode(llmChain, { model: offlineChatModel, prompt }, run, { output: 'outputPrediction' })
    expect(text).toBe('draft ready')
    expect(run.events).toEqual([])
  })

  it('names the prompt variables nothing fills', async () => {
    const run = testRun()
    const prompt = await runNode(promptTemplate, { template: 'Compare {first} and {second}' }, run)
    await expect(runNode(llmChain, { model: offlineChatModel, prompt }, run, { isEnding: true })).rejects.toThrow(
      'The prompt has no value for {first}, {second}',
    )
  })

  it('asks for a model and a prompt when they are not connected', async () => {
    const run = testRun()
    const prompt = await runNode(promptTemplate, { template: '{question}' }, run)
    await expect(runNode(llmChain, { prompt }, run)).rejects.toThrow('Connect a chat model to Language Model.')
    await expect(runNode(llmChain, { model: offlineChatModel }, run)).rejects.toThrow(
      'Connect a prompt template to Prompt.',
    )
  })
})
