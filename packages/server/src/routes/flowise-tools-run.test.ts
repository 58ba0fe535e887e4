import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { agentflowData } from '../../../engine/src/testing/test-agentflow.js'
import { testFlowData } from '../../../engine/src/testing/test-flow.js'
import { startLoopbackApi, type LoopbackApi } from '../../../nodes/src/testing/loopback-api.js'
import { startMockOpenAI, type MockOpenAIServer } from '../../../nodes/src/testing/mock-openai-server.js'
import { testDialects } from '../test/dialects.js'
import { createFlow } from '../test/flows.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

// A chatflow as Flowise's templates wire them: a Tool Agent whose tools are Serper, the Web Scraper
// Tool and Slack MCP, with their credentials saved under Flowise's names. One loopback server stands
// for google.serper.dev, a web site and Slack's Web API; the mock model asks for each tool in turn.

describe.each(testDialects())(
  "Flowise's Serper, Web Scraper and Slack MCP tools in a running flow on $name",
  (dialect) => {
    let mock: MockOpenAIServer
    let service: LoopbackApi
    let t: TestApp
    let admin: Browser
    beforeAll(async () => {
      mock = await startMockOpenAI()
      service = await startLoopbackApi((request, res) => {
        const json = (body: unknown) =>
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
        if (request.url === '/serper/search')
          return json({ organic: [{ title: 'Looms', link: `${service.url}/looms`, snippet: 'All about looms' }] })
        if (request.url === '/looms')
          return res
            .writeHead(200, { 'content-type': 'text/html' })
            .end('<title>Looms</title><p>A loom weaves cloth.</p>')
        if (request.url === '/slack/chat.postMessage') return json({ ok: true, ts: '1700000000.000300' })
        res.writeHead(404).end()
      })
    })
    afterAll(async () => {
      await Promise.all([mock.close(), service.close()])
    })
    beforeEach(async () => {
      mock.requests.length = 0
      service.requests.length = 0
      const hosts = [mock.url, service.url].map((url) => new URL(url).host).join(',')
      t = await startTestApp({ dialect, env: { WEFT_ALLOWED_PRIVATE_HOSTS: hosts } })
      admin = await setUpAdmin(t.app)
    })
    afterEach(() => t.close())

    const credential = async (credentialName: string, plainDataObj: Record<string, string>) => {
      const res = await admin.post('/api/v1/credentials', { name: credentialName, credentialName, plainDataObj })
      expect(res.status, JSON.stringify(res.body)).toBe(201)
      return res.body.id as string
    }

    it('searches, reads the page and posts to Slack, and tells the tools it used', async () => {
      const flowData = testFlowData([
        {
          id: 'chatOpenAI_0',
          inputs: { modelName: 'gpt-4o-mini', basePath: mock.baseURL },
          credential: await credential('openAIApi', { openAIApiKey: 'sk-local' }),
        },
        {
          id: 'serper_0',
          credential: await credential('serperApi', {
            serperApiKey: 'serper-key',
            serperApiBaseUrl: `${service.url}/serper`,
          }),
        },
        { id: 'webScraperTool_0', inputs: { scrapeMode: 'recursive', maxDepth: 1, maxPages: 10, timeoutS: 5 } },
        {
          id: 'slackMCP_0',
          inputs: { mcpActions: '["slack_post_message"]' },
          credential: await credential('slackApi', {
            botToken: 'xoxb-1',
            teamId: 'T1',
            slackApiBaseUrl: `${service.url}/slack`,
          }),
        },
        { id: 'bufferMemory_0' },
        {
          id: 'toolAgent_0',
          inputs: {
            model: '{{chatOpenAI_0.data.instance}}',
            memory: '{{bufferMemory_0.data.instance}}',
            tools: ['{{serper_0.data.instance}}', '{{webScraperTool_0.data.instance}}', '{{slackMCP_0.data.instance}}'],
          },
        },
      ])
      const flow = await createFlow(admin, JSON.stringify(flowData))
      mock.script(
        { toolCalls: [{ name: 'search', arguments: { input: 'looms' } }] },
        { toolCalls: [{ name: 'web_scraper_tool', arguments: { input: `${service.url}/looms` } }] },
        { toolCalls: [{ name: 'slack_post_message', arguments: { channel_id: 'C1', text: 'A loom weaves cloth.' } }] },
        { text: 'Posted what a loom does to #general.' },
      )
      const res = await admin.post(`/api/v1/prediction/${flow.id}`, {
        question: 'Find what a loom does and tell the team',
      })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect(res.body.text).toBe('Posted what a loom does to #general.')
      expect(res.body.usedTools.map((used: { tool: string }) => used.tool)).toEqual([
        'search',
        'web_scraper_tool',
        'slack_post_message',
      ])
      expect(res.body.usedTools[1].toolOutput).toContain('A loom weaves cloth.')
      expect(service.requests.map((request) => [request.method, request.url])).toEqual([
        ['POST', '/serper/search'],
        ['GET', '/looms'],
        ['POST', '/slack/chat.postMessage'],
      ])
      expect(service.requests[0]!.headers['x-api-key']).toBe('serper-key')
      expect(service.requests[2]!.headers.authorization).toBe('Bearer xoxb-1')
      // The model was offered the three tools, Slack's as chosen in Available Actions.
      const offered = (mock.requests[0]!.body as { tools: { function: { name: string } }[] }).tools
      expect(offered.map((tool) => tool.function.name)).toEqual(['search', 'web_scraper_tool', 'slack_post_message'])
    })

    it("runs Slack MCP as an agentflow Tool step, as Flowise's Workplace Chat template picks it", async () => {
      const slack = await credential('slackApi', {
        botToken: 'xoxb-2',
        teamId: 'T1',
        slackApiBaseUrl: `${service.url}/slack`,
      })
      const flowData = agentflowData(
        [
          { id: 'startAgentflow_0' },
          {
            id: 'toolAgentflow_0',
            inputs: {
              toolAgentflowSelectedTool: 'slackMCP',
              toolInputArgs: [
                { inputArgName: 'channel_id', inputArgValue: 'C1' },
                { inputArgName: 'text', inputArgValue: '{{ question }}' },
              ],
              toolAgentflowSelectedToolConfig: {
                mcpActions: '["slack_post_message"]',
                credential: slack,
                toolAgentflowSelectedTool: 'slackMCP',
              },
            },
          },
        ],
        [['startAgentflow_0', 'toolAgentflow_0']],
      )
      const flow = await createFlow(admin, JSON.stringify(flowData), { type: 'AGENTFLOW' })
      const res = await admin.post(`/api/v1/prediction/${flow.id}`, { question: 'Stand-up moved to 10:00' })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect(JSON.parse(res.body.text)).toEqual({ ok: true, ts: '1700000000.000300' })
      expect(service.requests.map((request) => request.url)).toEqual(['/slack/chat.postMessage'])
      expect(JSON.parse(service.requests[0]!.body)).toEqual({ channel: 'C1', text: 'Stand-up moved to 10:00' })
      expect(service.requests[0]!.headers.authorization).toBe('Bearer xoxb-2')
    })
  },
)
