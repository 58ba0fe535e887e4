import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { jsonParsesOffThread } from '../http/json-body.js'
import { testDialects } from '../test/dialects.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

const MB = 1024 * 1024

/** A chatflow in Flowise's format with prompt nodes chained by edges, as large as asked (about 2.5 KB a node). */
function flowDataOf(megabytes: number): string {
  const nodes: unknown[] = []
  const edges: unknown[] = []
  const template = 'Answer the question about {topic} in the voice of the handbook. '.repeat(30)
  for (let i = 0, size = 0; size < megabytes * MB; i++) {
    const id = `promptTemplate_${i}`
    const node = {
      id,
      type: 'customNode',
      position: { x: (i % 100) * 320, y: Math.floor(i / 100) * 480 },
      width: 300,
      height: 460,
      data: {
        id,
        label: 'Prompt Template',
        name: 'promptTemplate',
        version: 1,
        type: 'PromptTemplate',
        category: 'Prompts',
        baseClasses: ['PromptTemplate', 'BaseStringPromptTemplate', 'BasePromptTemplate'],
        inputs: { template, promptValues: '' },
        outputAnchors: [{ id: `${id}-output-promptTemplate-PromptTemplate`, name: 'promptTemplate' }],
        outputs: {},
        selected: false,
      },
    }
    nodes.push(node)
    if (i > 0) {
      edges.push({
        id: `e${i}`,
        source: `promptTemplate_${i - 1}`,
        sourceHandle: `promptTemplate_${i - 1}-output-promptTemplate-PromptTemplate`,
        target: id,
        targetHandle: `${id}-input-promptValues-string`,
        type: 'buttonedge',
      })
    }
    size += JSON.stringify(node).length + 200
  }
  return JSON.stringify({ nodes, edges, viewport: { x: 0, y: 0, zoom: 1 } })
}

describe.each(testDialects())('large flows on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  const start = async (env: Record<string, string> = {}) => {
    t = await startTestApp({ dialect, env: { PLATFORM_TYPE: 'enterprise', ...env } })
    admin = await setUpAdmin(t.app)
  }
  afterEach(() => t.close())

  it('saves a flow of 2,000 nodes and more up to 50 MB, refuses a larger one naming the limit, and keeps 5 MB elsewhere', async () => {
    await start()
    const twoThousand = flowDataOf(5.5)
    expect(JSON.parse(twoThousand).nodes.length).toBeGreaterThanOrEqual(2000)
    const created = await admin.post('/api/v1/chatflows', { name: 'Big', type: 'CHATFLOW', flowData: twoThousand })
    expect(created.status).toBe(201)
    const forty = flowDataOf(40)
    const updated = await admin.put(`/api/v1/chatflows/${created.body.id}`, { flowData: forty })
    expect(updated.status).toBe(200)
    expect((await admin.get(`/api/v1/chatflows/${created.body.id}`)).body.flowData).toBe(forty)

    const tooLarge = await admin.put(`/api/v1/chatflows/${created.body.id}`, { flowData: flowDataOf(51) })
    expect(tooLarge.status).toBe(413)
    expect(tooLarge.body).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'The request is too large: this call takes at most 50 MB',
    })
    expect((await admin.get(`/api/v1/chatflows/${created.body.id}`)).body.flowData).toBe(forty)

    const bigVariable = await admin.post('/api/v1/variables', { name: 'v', type: 'static', value: 'x'.repeat(6 * MB) })
    expect(bigVariable.status).toBe(413)
    expect(bigVariable.body.message).toBe('The request is too large: this call takes at most 5 MB')
  })

  it('refuses a large body that is not a flow, naming the field, and writes nothing', async () => {
    await start()
    const notAFlow = JSON.stringify({ nodes: [], items: 'x'.repeat(2 * MB) })
    const res = await admin.post('/api/v1/chatflows', { name: 'Big', type: 'CHATFLOW', flowData: notAFlow })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('body.flowData: must be JSON of a flow with nodes and edges')
    const broken = await admin.post('/api/v1/chatflows', `{"name":"Big","type":"CHATFLOW","x":"${'y'.repeat(2 * MB)}`, {
      'content-type': 'application/json',
    })
    expect(broken.status).toBe(400)
    expect(broken.body.message).toMatch(/^The body is not valid JSON/)
    const poisoned = `{"name":"Big","type":"CHATFLOW","__proto__":{"admin":true},"x":"${'y'.repeat(2 * MB)}"}`
    const proto = await admin.post('/api/v1/chatflows', poisoned, { 'content-type': 'application/json' })
    expect(proto.status).toBe(400)
    expect((await admin.get('/api/v1/chatflows')).body).toEqual([])
  })

  it('takes the limit from WEFT_FLOW_BODY_LIMIT_MB, for flows and imports alike', async () => {
    await start({ WEFT_FLOW_BODY_LIMIT_MB: '8' })
    const refused = await admin.post('/api/v1/chatflows', { name: 'Big', type: 'CHATFLOW', flowData: flowDataOf(9) })
    expect(refused.status).toBe(413)
    expect(refused.body.message).toBe('The request is too large: this call takes at most 8 MB')
    const flow = { id: randomUUID(), name: 'Big', type: 'CHATFLOW', flowData: flowDataOf(7) }
    expect((await admin.post('/api/v1/export-import/import', { ChatFlow: [flow] })).status).toBe(200)
    const tooBig = { ChatFlow: [{ ...flow, id: randomUUID(), flowData: flowDataOf(9) }] }
    expect((await admin.post('/api/v1/export-import/import', tooBig)).body.message).toBe(
      'The request is too large: this call takes at most 8 MB',
    )
    expect((await admin.get('/api/v1/settings')).body).toMatchObject({ FLOW_BODY_LIMIT_MB: 8 })
  })

  it('answers other requests while a 40 MB flow is being parsed', async () => {
    await start()
    const created = (await admin.post('/api/v1/chatflows', { name: 'Big', type: 'CHATFLOW' })).body
    const body = JSON.stringify({ flowData: flowDataOf(40) })
    const order: string[] = []
    const saving = admin.put(`/api/v1/chatflows/${created.id}`, JSON.parse(body)).then((res) => {
      order.push(`save ${res.status}`)
    })
    // Ask until the save is over; each answer notes whether the flow was still being parsed then.
    let pingsDuringParse = 0
    let over = false
    void saving.then(() => (over = true))
    while (!over) {
      const ping = await admin.get('/api/v1/ping')
      if (ping.body === 'pong' && jsonParsesOffThread() > 0) pingsDuringParse++
      await new Promise((resolve) => setImmediate(resolve))
    }
    await saving
    expect(order).toEqual(['save 200'])
    expect(pingsDuringParse).toBeGreaterThan(0)
  })
})
