import type { ExecutedStep, Execution } from '@weft/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { executionStore } from '../services/executions.service.js'
import { agentflowData } from '../../../engine/src/testing/test-agentflow.js'
import { exportAll } from '../test/bundles.js'
import { testDialects } from '../test/dialects.js'
import { createFlow } from '../test/flows.js'
import { browser, setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

// An attacker who reads a shared execution link or an export must not find the keys an HTTP step
// sends, also when the request failed (here: an address the outbound guard refuses).

const SECRETS = {
  header: 'hdr-key-4f1a9c',
  bearerHeader: 'bearer-hdr-7d2e1b',
  basicPassword: 'basic-pw-93ac5e',
  urlKey: 'url-key-1b7f3d',
  bearerToken: 'tok-step-55e8a0',
  queryParam: 'qp-secret-c40d21',
}

/** Start → HTTP step with the given inputs, calling an address the guard refuses. */
const httpFlow = (inputs: Record<string, unknown>) =>
  JSON.stringify(
    agentflowData(
      [{ id: 'startAgentflow_0' }, { id: 'httpAgentflow_0', label: 'Orders API', inputs }],
      [['startAgentflow_0', 'httpAgentflow_0']],
    ),
  )

const FLOWS = [
  {
    method: 'GET',
    url: `http://127.0.0.1:1/orders?api_key=${SECRETS.urlKey}&page=2`,
    headers: [
      { key: 'X-Api-Key', value: SECRETS.header },
      { key: 'Authorization', value: `Bearer ${SECRETS.bearerHeader}` },
    ],
    authType: 'basic',
    basicUsername: 'ada',
    basicPassword: SECRETS.basicPassword,
  },
  {
    method: 'GET',
    url: 'http://127.0.0.1:1/orders',
    queryParams: [
      { key: 'access_token', value: SECRETS.queryParam },
      { key: 'page', value: '2' },
    ],
    authType: 'bearer',
    bearerToken: SECRETS.bearerToken,
  },
]

const expectNoSecret = (text: string) => {
  for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret)
  // The basic credentials as sent (base64 of user:password) are a secret too.
  expect(text).not.toContain(Buffer.from(`ada:${SECRETS.basicPassword}`).toString('base64'))
}

describe.each(testDialects())('secrets of a failed HTTP step on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  beforeEach(async () => {
    t = await startTestApp({ dialect })
    admin = await setUpAdmin(t.app)
  })
  afterEach(() => t.close())

  it('keeps header, bearer, basic and query secrets out of the execution, its public link and exports', async () => {
    const anonymous = browser(t.app)
    for (const inputs of FLOWS) {
      const flow = await createFlow(admin, httpFlow(inputs), { type: 'AGENTFLOW', name: 'Orders' })
      const answer = await admin.post(`/api/v1/internal-prediction/${flow.id}`, { question: 'orders?' })
      expect(answer.status).not.toBe(200)
      expectNoSecret(JSON.stringify(answer.body))

      const listed = await admin.get(`/api/v1/executions?agentflowId=${flow.id}`)
      const [execution] = listed.body.data as Execution[]
      expect(execution!.state).toBe('ERROR')
      const member = await admin.get(`/api/v1/executions/${execution!.id}`)
      expect(member.status).toBe(200)
      const [, step] = JSON.parse(member.body.executionData) as ExecutedStep[]
      expect(step).toMatchObject({ nodeId: 'httpAgentflow_0', status: 'ERROR' })
      // The record still says what was called, with the names of what was hidden.
      expect(JSON.stringify(step!.data.input)).toContain('127.0.0.1:1/orders')
      expect(JSON.stringify(step!.data.input)).toContain('[redacted]')
      expectNoSecret(JSON.stringify(member.body))

      await admin.put(`/api/v1/executions/${execution!.id}`, { isPublic: true })
      const shared = await anonymous.get(`/api/v1/public-executions/${execution!.id}`)
      expect(shared.status).toBe(200)
      expectNoSecret(JSON.stringify(shared.body))
    }
    // The executions of the export (the flows themselves travel as their owner saved them).
    const bundle = await exportAll(admin)
    expect(bundle.Execution).toHaveLength(2)
    expectNoSecret(JSON.stringify(bundle.Execution))
  })

  it('redacts a record kept before the redaction when its execution is shared', async () => {
    const flow = await createFlow(admin, httpFlow(FLOWS[0]!), { type: 'AGENTFLOW', name: 'Orders' })
    const store = executionStore({ db: t.db, config: t.config }, flow.workspaceId)
    const id = await store.create({ agentflowId: flow.id, sessionId: 'old-session' })
    const { basicPassword: _typed, ...inClear } = FLOWS[0]!
    const step: ExecutedStep = {
      nodeId: 'httpAgentflow_0',
      nodeLabel: 'Orders API',
      data: {
        id: 'httpAgentflow_0',
        name: 'httpAgentflow',
        input: { ...inClear, basicPassword: '********' },
        output: {},
        state: {},
        error: `GET failed with X-Api-Key ${SECRETS.header}`,
      },
      previousNodeIds: ['startAgentflow_0'],
      status: 'ERROR',
    }
    await store.update(id, { state: 'ERROR', executionData: [step], error: 'Orders API failed' })
    await admin.put(`/api/v1/executions/${id}`, { isPublic: true })
    const shared = await browser(t.app).get(`/api/v1/public-executions/${id}`)
    expect(shared.status).toBe(200)
    expectNoSecret(JSON.stringify(shared.body))
    const [shown] = JSON.parse(shared.body.executionData) as ExecutedStep[]
    expect(shown!.data.error).toBe('GET failed with X-Api-Key [redacted]')
    expect(shown!.data.input).toMatchObject({ url: 'http://127.0.0.1:1/orders?api_key=[redacted]&page=2' })
  })
})
