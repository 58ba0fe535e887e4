import { createServer } from 'node:net'
import type { InputParam } from '@weft/core'
import { describe, expect, it } from 'vitest'
import { findNode, nodes } from './index.js'
import { testFetch } from './testing/test-fetch.js'

/** An address where nothing listens, so server-backed lists must fall back at once. */
async function closedAddress(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return `http://127.0.0.1:${port}`
}

const listModels = (name: string, inputs: Record<string, unknown> = {}) =>
  findNode(name)!.loadMethods!.listModels!({ inputs, fetch: testFetch() })

const names = async (options: Promise<{ name: string }[]>) => (await options).map((option) => option.name)

describe('load methods offline', () => {
  it('lists known models for the hosted providers, including the default one', async () => {
    expect(await names(listModels('chatOpenAI'))).toContain('gpt-4o-mini')
    expect(await names(listModels('chatAnthropic'))).toContain('claude-sonnet-4-5')
    expect(await names(listModels('openAIEmbeddings'))).toContain('text-embedding-3-small')
    expect(await names(listModels('chatOffline'))).toEqual(['weft-responder'])
  })

  it('offers every asyncOptions default among the options its load method gives offline', async () => {
    const nowhere = await closedAddress()
    for (const { descriptor, loadMethods = {} } of nodes) {
      const params = descriptor.inputs.filter((input: InputParam) => input.type === 'asyncOptions')
      for (const param of params.filter((input) => input.default !== undefined)) {
        const options = await loadMethods[param.loadMethod!]!({
          inputs: { baseUrl: nowhere, basePath: nowhere },
          fetch: testFetch(nowhere),
        })
        expect(
          options.map((option) => option.name),
          `${descriptor.name}.${param.name}`,
        ).toContain(param.default)
      }
    }
  })

  it('offers the chat model nodes as the models of agentflow steps, the built-in responder first', async () => {
    const chatModels = nodes.filter((node) => node.descriptor.category === 'Chat Models')
    for (const step of ['llmAgentflow', 'agentAgentflow', 'conditionAgentAgentflow', 'humanInputAgentflow']) {
      const options = await names(listModels(step))
      expect(options.sort(), step).toEqual(chatModels.map((node) => node.descriptor.name).sort())
    }
    expect((await listModels('llmAgentflow'))[0]).toMatchObject({ name: 'chatOffline', label: 'Built-in Responder' })
  })

  it('offers the tools an agentflow step can configure on its own', async () => {
    const tools = await findNode('toolAgentflow')!.loadMethods!.listTools!({ inputs: {}, fetch: testFetch() })
    expect(tools.map((tool) => tool.name)).toEqual([
      'calculator',
      'currentDateTime',
      'customTool',
      'customMCP',
      'slackMCP',
      'requestsGet',
      'requestsPost',
      'requestsPut',
      'requestsDelete',
      'serpAPI',
      'serper',
      'googleCustomSearch',
      'braveSearchAPI',
      'tavilyAPI',
      'searXNG',
      'webBrowser',
      'webScraperTool',
      'readFile',
      'writeFile',
    ])
  })
})
