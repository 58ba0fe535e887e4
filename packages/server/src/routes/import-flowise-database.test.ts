import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { testDialects } from '../test/dialects.js'
import { flowiseEncryptionKey, writeFlowiseSqlite } from '../test/flowise-database.js'
import { flowiseFixture } from '../test/flowise-fixture.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'

// The Import dialog's "Import from a Flowise database": the SQLite file and its key sent from the
// browser as a form, migrated into the caller's workspace with the command's importer.

const URL_PATH = '/api/v1/export-import/import-flowise'

async function form(file: Uint8Array<ArrayBuffer>, name: string, key?: string) {
  const data = new FormData()
  data.append('files', new Blob([file]), name)
  if (key !== undefined) data.append('encryptionKey', key)
  const encoded = new Response(data)
  return { body: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! }
}

describe.each(testDialects())('POST /export-import/import-flowise on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  let folder: string
  let database: Uint8Array<ArrayBuffer>
  let key: string

  beforeEach(async () => {
    t = await startTestApp({ dialect })
    admin = await setUpAdmin(t.app)
    folder = mkdtempSync(join(tmpdir(), 'flowise-upload-'))
    key = flowiseEncryptionKey()
    writeFlowiseSqlite(join(folder, 'database.sqlite'), flowiseFixture('http://127.0.0.1:9/v1', key).rows)
    database = new Uint8Array(readFileSync(join(folder, 'database.sqlite')))
  })
  afterEach(async () => {
    rmSync(folder, { recursive: true, force: true })
    await t.close()
  })

  const upload = async (file: Uint8Array<ArrayBuffer>, name: string, withKey?: string) => {
    const { body, contentType } = await form(file, name, withKey)
    return admin.post(URL_PATH, body, { 'content-type': contentType })
  }
  const rowCount = async () =>
    (await t.db.selectFrom('flows').select('id').execute()).length +
    (await t.db.selectFrom('credentials').select('id').execute()).length

  it('migrates the uploaded database into the workspace and answers the report; again, all is already there', async () => {
    const first = await upload(database, 'database.sqlite', key)
    expect(first.status).toBe(200)
    expect(first.body.report.counts.chatflows).toEqual({ added: 1, alreadyThere: 0 })
    expect(first.body.report.counts.credentials).toEqual({ added: 1, alreadyThere: 0 })
    expect(first.body.text).toMatch(/^ {2}Chat messages +3 added$/m)
    const chatflows = await admin.get('/api/v1/chatflows')
    expect(chatflows.body.map((flow: { name: string }) => flow.name)).toContain('Support bot')
    const second = await upload(database, 'database.sqlite', key)
    expect(second.body.report.counts.chatflows).toEqual({ added: 0, alreadyThere: 1 })
  })

  it('answers 400 naming the problem for a wrong key, a missing key or a file that is no database, and writes nothing', async () => {
    const before = await rowCount()
    const wrong = await upload(database, 'database.sqlite', flowiseEncryptionKey())
    expect(wrong.status).toBe(400)
    expect(wrong.body.message).toContain('The encryption key does not decrypt any of the 1 credentials')
    const noKey = await upload(database, 'database.sqlite')
    expect(noKey.status).toBe(400)
    expect(noKey.body.message).toMatch(/^body\.encryptionKey: Flowise's encryption key/)
    const notes = await upload(
      new TextEncoder().encode('these are some notes, not a database at all'),
      'notes.sqlite',
      key,
    )
    expect(notes.status).toBe(400)
    expect(notes.body.message).toBe('Cannot read the Flowise database notes.sqlite: file is not a database')
    expect(await rowCount()).toBe(before)
  })
})
