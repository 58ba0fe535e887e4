import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAIServer } from '../../../nodes/src/testing/mock-openai-server.js'
import { testDialects } from '../test/dialects.js'
import { CREDENTIAL_ID, MODEL_BASE_URL } from '../test/fixtures/flowise-agentflows/export-format.js'
import { marketplaceTemplates } from '../test/fixtures/flowise-marketplace/index.js'
import type { MarketplaceTemplate } from '../test/fixtures/flowise-marketplace/template.js'
import { createFlow } from '../test/flows.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

// The marketplace check: every template of Flowise 3.x's marketplace (as our own fixture in its
// export format) is saved into Weft with its OpenAI models pointed at a local OpenAI-compatible
// server, as a user would by choosing an OpenAI credential whose Base Path is that server, then
// asked one question. Templates whose other services have no server here must fail with a clear
// error naming the missing credential or the unreachable service; every other one answers.

/** The nodes a user points at the local server by giving them the OpenAI credential. */
const OPENAI_NODES = new Set([
  'chatOpenAI',
  'openAIEmbeddings',
  'chatOpenAI_LlamaIndex',
  'openAIEmbedding_LlamaIndex',
  'inputModerationOpenAI',
])

interface ExportedNode {
  data: { name: string; credential?: string }
}

/** The template's flow as the user has it after picking their OpenAI credential on its OpenAI nodes. */
function pointedAtLocalServer(template: MarketplaceTemplate, credentialId: string, baseUrl: string): string {
  const text = JSON.stringify(template.flow())
    .replaceAll(CREDENTIAL_ID, credentialId)
    .replaceAll(MODEL_BASE_URL, baseUrl)
  const flow = JSON.parse(text) as { nodes: ExportedNode[] }
  for (const node of flow.nodes) {
    if (OPENAI_NODES.has(node.data.name)) node.data.credential = credentialId
  }
  return JSON.stringify(flow)
}

const QUESTION = 'What is 6 times 7, and how long are refunds open?'

describe('Flowise marketplace templates saved into Weft', () => {
  let mock: MockOpenAIServer
  let t: TestApp
  let admin: Browser
  let credentialId: string

  beforeAll(async () => {
    mock = await startMockOpenAI()
    t = await startTestApp({ dialect: testDialects()[0]!, env: { WEFT_ALLOWED_PRIVATE_HOSTS: new URL(mock.url).host } })
    admin = await setUpAdmin(t.app)
    const res = await admin.post('/api/v1/credentials', {
      name: 'Local OpenAI',
      credentialName: 'openAIApi',
      plainDataObj: { openAIApiKey: 'sk-local-marketplace', openAIApiBasePath: mock.baseURL },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    credentialId = res.body.id as string
  })
  afterAll(async () => {
    await t.close()
    await mock.close()
  })
  beforeEach(() => {
    mock.requests.length = 0
    mock.clearScript()
  })

  it('covers chatflows, agentflows V2 and agentflows V1', () => {
    const types = new Set(marketplaceTemplates.map((template) => template.type))
    expect([...types].sort()).toEqual(['AGENTFLOW', 'CHATFLOW', 'MULTIAGENT'])
  })

  it.each(marketplaceTemplates.map((template) => [template.name, template] as const))(
    '%s saves, and answers or names what it misses',
    async (name, template) => {
      const flowData = pointedAtLocalServer(template, credentialId, mock.baseURL)
      const flow = await createFlow(admin, flowData, { type: template.type, name })
      if (template.replies) mock.script(...template.replies)
      const res = await admin.post<{ text?: unknown; message?: string }>(`/api/v1/internal-prediction/${flow.id}`, {
        question: QUESTION,
      })
      const { outcome } = template
      if ('answers' in outcome) {
        expect(res.status, JSON.stringify(res.body)).toBe(200)
        expect(String(res.body.text ?? '').trim()).not.toBe('')
        // The answer came from the local server, with the user's key.
        expect(mock.requests.length).toBeGreaterThan(0)
        expect(mock.requests.every((request) => request.headers.authorization === 'Bearer sk-local-marketplace')).toBe(
          true,
        )
      } else if ('needsCredential' in outcome) {
        expect(res.status, JSON.stringify(res.body)).toBe(422)
        for (const credential of outcome.needsCredential) expect(res.body.message).toContain(credential)
        // Only credentials are missing: every node of the template exists and runs.
        expect(res.body.message).not.toMatch(/has no node|cannot run in this version/)
        expect(mock.requests).toHaveLength(0)
      } else {
        expect(res.status, JSON.stringify(res.body)).toBe(outcome.fails.status)
        expect(res.body.message, JSON.stringify(res.body)).toMatch(outcome.fails.message)
      }
      expect(JSON.stringify(res.body)).not.toContain('sk-local-marketplace')
    },
  )
})
