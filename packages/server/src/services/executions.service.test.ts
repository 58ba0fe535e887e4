import { join } from 'node:path'
import type { ExecutedStep, Flow, HumanInputAction } from '@weft/core'
import type { Checkpoint, ExecutionStore } from '@weft/engine'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildApp } from '../app.js'
import { testDialects } from '../test/dialects.js'
import { createFlow } from '../test/flows.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'
import { executionStore, INTERRUPTED_EXECUTION_ERROR, markInterruptedExecutions } from './executions.service.js'

const EMPTY_FLOW = JSON.stringify({ nodes: [], edges: [] })

const step: ExecutedStep = {
  nodeId: 'llmAgentflow_0',
  nodeLabel: 'LLM',
  data: { id: 'llmAgentflow_0', name: 'llmAgentflow', input: {}, output: { content: 'Hi' }, state: {} },
  previousNodeIds: ['startAgentflow_0'],
  status: 'FINISHED',
}

const action: HumanInputAction = {
  id: 'action-1',
  mapping: { approve: 'Proceed', reject: 'Reject' },
  elements: [
    { type: 'agentflowv2-approve-button', label: 'Proceed' },
    { type: 'agentflowv2-reject-button', label: 'Reject' },
  ],
  data: { nodeId: 'humanInputAgentflow_0', nodeLabel: 'Human Input', input: 'Send the email?' },
}

const checkpoint: Checkpoint = {
  question: 'Write an email',
  ready: [{ nodeId: 'humanInputAgentflow_0', previousNodeIds: [], state: {}, turns: [] }],
  waiting: {},
  outputs: { llmAgentflow_0: { content: 'Hi' } },
  loops: {},
  steps: 1,
  answer: '',
}

describe.each(testDialects())('execution store on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  let flow: Flow
  let store: ExecutionStore
  beforeEach(async () => {
    t = await startTestApp({ dialect })
    admin = await setUpAdmin(t.app)
    flow = await createFlow(admin, EMPTY_FLOW, { type: 'AGENTFLOW' })
    store = executionStore({ db: t.db, config: t.config }, flow.workspaceId)
  })
  afterEach(() => t.close())

  const storedRow = (id: string) =>
    t.db.selectFrom('executions').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

  it("keeps a failure's message without the server's folders, in the run and in its step", async () => {
    const id = await store.create({ agentflowId: flow.id, sessionId: 'session-1' })
    const where = join(t.config.home, 'databases', 'ws', 'shop.db')
    const failed: ExecutedStep = { ...step, status: 'ERROR', data: { ...step.data, error: `Cannot open ${where}` } }
    await store.update(id, { state: 'ERROR', executionData: [failed], error: `LLM: Cannot open ${where}` })
    const row = await storedRow(id)
    expect(row.error).toBe('LLM: Cannot open databases/ws/shop.db')
    expect(row.execution_data).not.toContain(t.config.home)
    expect((await store.get(id))?.executionData[0]?.data.error).toBe('Cannot open databases/ws/shop.db')
  })

  it('creates an execution in progress and saves its steps, pause and end', async () => {
    const id = await store.create({ agentflowId: flow.id, sessionId: 'session-1' })
    expect(await store.get(id)).toEqual({
      id,
      agentflowId: flow.id,
      sessionId: 'session-1',
      state: 'INPROGRESS',
      executionData: [],
      action: null,
      checkpoint: null,
      error: null,
    })
    const created = await storedRow(id)
    expect(created).toMatchObject({ workspace_id: flow.workspaceId, stopped_at: null, interrupted: 0, is_public: 0 })

    await new Promise((resolve) => setTimeout(resolve, 5))
    await store.update(id, { executionData: [step], action, checkpoint })
    const paused = await storedRow(id)
    expect(paused.updated_at > created.updated_at).toBe(true)
    expect(paused.stopped_at).toBeNull()
    expect(await store.get(id)).toMatchObject({ state: 'INPROGRESS', executionData: [step], action, checkpoint })

    await store.update(id, { state: 'ERROR', action: null, error: 'The model failed' })
    const ended = await storedRow(id)
    expect(ended.stopped_at).toBe(ended.updated_at)
    expect(await store.get(id)).toMatchObject({
      state: 'ERROR',
      executionData: [step],
      action: null,
      checkpoint,
      error: 'The model failed',
    })
  })

  it('keeps the parent of a child run', async () => {
    const parent = await store.create({ agentflowId: flow.id, sessionId: 's' })
    const child = await store.create({ agentflowId: flow.id, sessionId: 's', parentExecutionId: parent })
    expect((await storedRow(child)).parent_execution_id).toBe(parent)
  })

  it('finds the newest execution of a flow and session waiting at a Human Input step', async () => {
    const other = await createFlow(admin, EMPTY_FLOW, { type: 'AGENTFLOW' })
    const older = await store.create({ agentflowId: flow.id, sessionId: 's1' })
    const newer = await store.create({ agentflowId: flow.id, sessionId: 's1' })
    await store.create({ agentflowId: flow.id, sessionId: 's1' }) // running, not waiting
    const finished = await store.create({ agentflowId: flow.id, sessionId: 's1' })
    const elsewhere = await store.create({ agentflowId: other.id, sessionId: 's1' })
    await t.db
      .updateTable('executions')
      .set({ created_at: '2026-01-01T00:00:00.000Z' })
      .where('id', '=', older)
      .execute()
    for (const id of [older, newer, elsewhere]) await store.update(id, { action })
    await store.update(finished, { state: 'FINISHED', action })

    expect((await store.findWaiting(flow.id, 's1'))?.id).toBe(newer)
    await store.update(newer, { action: null })
    expect((await store.findWaiting(flow.id, 's1'))?.id).toBe(older)
    expect(await store.findWaiting(flow.id, 's2')).toBeUndefined()
  })

  it('does not reach another workspace’s executions', async () => {
    const id = await store.create({ agentflowId: flow.id, sessionId: 's1' })
    await store.update(id, { action })
    const stranger = executionStore({ db: t.db, config: t.config }, '00000000-0000-0000-0000-000000000000')
    expect(await stranger.get(id)).toBeUndefined()
    expect(await stranger.findWaiting(flow.id, 's1')).toBeUndefined()
    await stranger.update(id, { state: 'STOPPED' })
    expect((await store.get(id))?.state).toBe('INPROGRESS')
  })

  it('marks runs a stopped server left running as interrupted, and leaves paused and finished ones', async () => {
    const running = await store.create({ agentflowId: flow.id, sessionId: 's' })
    const paused = await store.create({ agentflowId: flow.id, sessionId: 's' })
    const finished = await store.create({ agentflowId: flow.id, sessionId: 's' })
    await store.update(paused, { action })
    await store.update(finished, { state: 'FINISHED' })
    const ctx = { db: t.db, log: t.app.log, dialect: dialect.name, config: t.config }

    // A shared PostgreSQL database may have another server running it right now: not yet.
    await markInterruptedExecutions(ctx)
    expect((await store.get(running))?.state).toBe(dialect.name === 'sqlite' ? 'TERMINATED' : 'INPROGRESS')
    // Past the run time limit no server can still be running it.
    await markInterruptedExecutions(ctx, Date.now() + t.config.runTimeoutMs + 120_000)

    const marked = await storedRow(running)
    expect(marked).toMatchObject({ state: 'TERMINATED', interrupted: 1, error: INTERRUPTED_EXECUTION_ERROR })
    expect(marked.stopped_at).toBe(marked.updated_at)
    expect(await storedRow(paused)).toMatchObject({ state: 'INPROGRESS', interrupted: 0, error: null })
    expect(await storedRow(finished)).toMatchObject({ state: 'FINISHED', interrupted: 0 })

    // Resumed, it is running again and no longer interrupted.
    await store.update(running, { state: 'INPROGRESS', error: null })
    expect(await storedRow(running)).toMatchObject({ state: 'INPROGRESS', interrupted: 0, stopped_at: null })
  })

  it('goes when its flow is deleted', async () => {
    const id = await store.create({ agentflowId: flow.id, sessionId: 's' })
    expect((await admin.delete(`/api/v1/chatflows/${flow.id}`)).status).toBe(200)
    expect(await store.get(id)).toBeUndefined()
  })
})

describe('a restarted server on SQLite', () => {
  it('marks the executions the stopped one left running', async () => {
    const t = await startTestApp({ dialect: { name: 'sqlite' } })
    try {
      const admin = await setUpAdmin(t.app)
      const flow = await createFlow(admin, EMPTY_FLOW, { type: 'AGENTFLOW' })
      const store = executionStore({ db: t.db, config: t.config }, flow.workspaceId)
      const running = await store.create({ agentflowId: flow.id, sessionId: 's' })
      const paused = await store.create({ agentflowId: flow.id, sessionId: 's' })
      await store.update(paused, { action })

      const restarted = await buildApp(t.config, { logger: false })
      await restarted.close()

      const executions = await admin.get(`/api/v1/executions?agentflowId=${flow.id}`)
      const byId = new Map(executions.body.data.map((e: { id: string }) => [e.id, e]))
      expect(byId.get(running)).toMatchObject({
        state: 'TERMINATED',
        interrupted: true,
        error: INTERRUPTED_EXECUTION_ERROR,
      })
      expect(byId.get(paused)).toMatchObject({
        state: 'INPROGRESS',
        interrupted: false,
        action: JSON.stringify(action),
      })
    } finally {
      await t.close()
    }
  })
})
