import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FlowData } from '@weft/core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startMockOpenAI, type MockOpenAIServer } from '../../../nodes/src/testing/mock-openai-server.js'
import { templateFlow } from '../../../nodes/src/templates/template-flow.js'
import { testDialects } from '../test/dialects.js'
import { createFlow } from '../test/flows.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

// A chatflow's Tool Agent (the model a stand-in OpenAI server) writing a file with Write File and
// reading it back with Read File, inside the folder WEFT_TOOL_FILES_DIR names; and the same flow on
// a server without that setting, where both tools answer that they are off.

let mock: MockOpenAIServer
let folder: string

beforeAll(async () => {
  mock = await startMockOpenAI()
  folder = await mkdtemp(join(tmpdir(), 'weft-file-tools-'))
})
afterAll(async () => {
  await mock.close()
  await rm(folder, { recursive: true, force: true })
})

describe.each(testDialects())('file tools in a chatflow on $name', (dialect) => {
  let t: TestApp | undefined
  let admin: Browser
  beforeEach(() => {
    mock.requests.length = 0
  })
  afterEach(async () => {
    await t?.close()
    t = undefined
  })

  async function fileFlow(env: Record<string, string>): Promise<string> {
    t = await startTestApp({ dialect, env: { WEFT_ALLOWED_PRIVATE_HOSTS: new URL(mock.url).host, ...env } })
    admin = await setUpAdmin(t.app)
    const flow = templateFlow()
    const model = flow.add('chatOpenAICustom', 0, 0, { basePath: mock.baseURL, modelName: 'mock-model' })
    const write = flow.add('writeFile', 0, 400)
    const read = flow.add('readFile', 0, 600)
    const agent = flow.add('toolAgent', 400, 200)
    flow.connect(model, agent, 'model')
    flow.connect(write, agent, 'tools')
    flow.connect(read, agent, 'tools')
    const data: FlowData = flow.build()
    return (await createFlow(admin, JSON.stringify(data))).id
  }

  it('lets a Tool Agent write a file inside the folder and read it back', async () => {
    const flowId = await fileFlow({ WEFT_TOOL_FILES_DIR: folder })
    mock.script(
      { toolCalls: [{ name: 'write_file', arguments: { file_path: `${dialect.name}.txt`, text: 'Ferry at 9.' } }] },
      { toolCalls: [{ name: 'read_file', arguments: { file_path: `${dialect.name}.txt` } }] },
      { text: 'The note says: Ferry at 9.' },
    )
    const answer = await admin.post(`/api/v1/internal-prediction/${flowId}`, { question: 'Note the ferry time.' })

    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body.text).toBe('The note says: Ferry at 9.')
    expect(answer.body.usedTools).toEqual([
      {
        tool: 'write_file',
        toolInput: { file_path: `${dialect.name}.txt`, text: 'Ferry at 9.' },
        toolOutput: `Wrote 11 bytes to ${dialect.name}.txt.`,
      },
      { tool: 'read_file', toolInput: { file_path: `${dialect.name}.txt` }, toolOutput: 'Ferry at 9.' },
    ])
    expect(await readFile(join(folder, `${dialect.name}.txt`), 'utf8')).toBe('Ferry at 9.')
  })

  it('refuses a path out of the folder', async () => {
    const flowId = await fileFlow({ WEFT_TOOL_FILES_DIR: folder })
    mock.script(
      { toolCalls: [{ name: 'read_file', arguments: { file_path: '/etc/passwd' } }] },
      { text: 'I may not read that.' },
    )
    const answer = await admin.post(`/api/v1/internal-prediction/${flowId}`, { question: 'Read /etc/passwd' })

    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body.usedTools[0].toolOutput).toBe('/etc/passwd is outside the folder the file tools may use.')
    expect(JSON.stringify(mock.requests)).not.toContain('root:')
  })

  it('refuses both tools when the administrator set no folder', async () => {
    const flowId = await fileFlow({})
    mock.script(
      { toolCalls: [{ name: 'write_file', arguments: { file_path: 'off.txt', text: 'x' } }] },
      { toolCalls: [{ name: 'read_file', arguments: { file_path: 'off.txt' } }] },
      { text: 'File tools are off.' },
    )
    const answer = await admin.post(`/api/v1/internal-prediction/${flowId}`, { question: 'Note this.' })

    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const off = 'is off: an administrator sets WEFT_TOOL_FILES_DIR to the one folder the file tools may use.'
    expect(answer.body.usedTools.map((used: { toolOutput: string }) => used.toolOutput)).toEqual([
      `Write File ${off}`,
      `Read File ${off}`,
    ])
  })
})
