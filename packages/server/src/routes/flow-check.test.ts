import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { templateFlow } from '../../../nodes/src/templates/template-flow.js'
import { testDialects } from '../test/dialects.js'
import { createFlow } from '../test/flows.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

// A flow that cannot run because of how it is built answers 422 with every problem, before anything
// runs or is stored: not a 500 naming only the first node that failed.

describe.each(testDialects())('flows that cannot run on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  beforeEach(async () => {
    t = await startTestApp({ dialect })
    admin = await setUpAdmin(t.app)
  })
  afterEach(() => t.close())

  /**
   * An LLM chain on ChatOpenAI with no credential, plus a node Weft does not have and one naming a
   * gone credential, both connected to nothing (so the flow has three ending nodes).
   */
  async function brokenFlow() {
    const flow = templateFlow()
    const model = flow.add('chatOpenAI', 0, 0)
    const prompt = flow.add('promptTemplate', 0, 400, { template: 'Answer: {question}' })
    const chain = flow.add('llmChain', 400, 200)
    flow.connect(model, chain, 'model')
    flow.connect(prompt, chain, 'prompt')
    const other = flow.add('chatOpenAI', 0, 800)
    const data = flow.build()
    data.nodes.find((node) => node.id === other)!.data.credential = 'credential-of-nobody'
    data.nodes.push({
      ...data.nodes[0]!,
      id: 'zapierNLA_0',
      data: { ...data.nodes[0]!.data, name: 'zapierNLA', label: 'Zapier NLA' },
    })
    return createFlow(admin, JSON.stringify(data))
  }

  it('answers 422 listing every problem, for JSON and streaming alike, and stores no message', async () => {
    const flow = await brokenFlow()
    const expected =
      'This flow cannot run: ChatOpenAI (chatOpenAI_0): choose a credential (openAIApi); ' +
      'ChatOpenAI (chatOpenAI_1): its credential no longer exists in this workspace; choose another; ' +
      'Zapier NLA (zapierNLA_0): this version of Weft has no node "zapierNLA"; replace it with one it has; ' +
      'This flow has more than one ending node: LLM Chain (llmChain_0), ChatOpenAI (chatOpenAI_1), Zapier NLA (zapierNLA_0)'
    for (const streaming of [false, true]) {
      const res = await admin.post(`/api/v1/internal-prediction/${flow.id}`, { question: 'Hi', streaming })
      expect(res.status).toBe(422)
      expect(res.body.message).toBe(expected)
    }
    const messages = await t.db.selectFrom('chat_messages').selectAll().execute()
    expect(messages).toEqual([])
  })

  it('checks again at each run whether the credentials it names still exist', async () => {
    const credential = await admin.post('/api/v1/credentials', {
      name: 'Key',
      credentialName: 'openAIApi',
      plainDataObj: { openAIApiKey: 'sk-test' },
    })
    const flow = templateFlow()
    const model = flow.add('chatOpenAI', 0, 0)
    const prompt = flow.add('promptTemplate', 0, 400, { template: 'Answer: {question}' })
    const chain = flow.add('llmChain', 400, 200)
    flow.connect(model, chain, 'model')
    flow.connect(prompt, chain, 'prompt')
    const data = flow.build()
    data.nodes.find((node) => node.id === model)!.data.credential = credential.body.id
    const created = await createFlow(admin, JSON.stringify(data))
    // Runnable as built (the model itself is not reachable from the test, so the run fails later).
    const first = await admin.post(`/api/v1/internal-prediction/${created.id}`, { question: 'Hi' })
    expect(first.body.message ?? '').not.toMatch(/cannot run/)
    expect((await admin.delete(`/api/v1/credentials/${credential.body.id}`)).status).toBe(200)
    const again = await admin.post(`/api/v1/internal-prediction/${created.id}`, { question: 'Hi' })
    expect(again.status).toBe(422)
    expect(again.body.message).toBe(
      'This flow cannot run: ChatOpenAI (chatOpenAI_0): its credential no longer exists in this workspace; choose another',
    )
  })

  it('answers 422 for a team whose worker has no supervisor, before any model is asked', async () => {
    const flow = templateFlow()
    const model = flow.add('chatOpenAICustom', 0, 0, { basePath: 'http://127.0.0.1:9/v1', modelName: 'any' })
    const worker = flow.add('worker', 400, 0, { workerName: 'Writer' })
    flow.connect(model, worker, 'model')
    const created = await createFlow(admin, JSON.stringify(flow.build()), { type: 'MULTIAGENT' })
    const res = await admin.post(`/api/v1/internal-prediction/${created.id}`, { question: 'Hi' })
    expect(res.status).toBe(422)
    expect(res.body.message).toBe(
      'This flow cannot run: Worker "Writer" is not connected to a supervisor: connect its Supervisor input to the Supervisor',
    )
  })
})
