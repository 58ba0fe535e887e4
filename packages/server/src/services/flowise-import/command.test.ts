import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { flowiseEncryptionKey, writeFlowiseSqlite } from '../../test/flowise-database.js'
import { flowiseFixture, type FlowiseFixture } from '../../test/flowise-fixture.js'
import { childEnvironment, testDialects, type TestDialect } from '../../test/dialects.js'
import { setUpAdmin, startTestApp, TEST_SECRET, type TestApp } from '../../test/harness.js'

// The compiled command as an administrator runs it beside the server, with the server's environment.

const CLI = fileURLToPath(new URL('../../../dist/cli.js', import.meta.url))

interface Outcome {
  code: number
  stdout: string
  stderr: string
}

describe.each(testDialects())(
  'npm run weft -- import-flowise (the compiled command), on $name',
  (dialect: TestDialect) => {
    let t: TestApp
    let folder: string
    let database: string
    let keyFile: string
    let fixture: FlowiseFixture

    beforeEach(async () => {
      t = await startTestApp({ dialect })
      await setUpAdmin(t.app)
      folder = mkdtempSync(join(tmpdir(), 'flowise-cli-'))
      database = join(folder, 'database.sqlite')
      keyFile = join(folder, 'encryption.key')
      const key = flowiseEncryptionKey()
      writeFileSync(keyFile, key)
      fixture = flowiseFixture('http://127.0.0.1:9/v1', key)
      writeFlowiseSqlite(database, fixture.rows)
    })
    afterEach(async () => {
      rmSync(folder, { recursive: true, force: true })
      await t.close()
    })

    const weft = (...args: string[]) =>
      new Promise<Outcome>((resolve) => {
        const { databaseUrl, databaseSchema } = t.config
        const env = {
          ...childEnvironment(),
          WEFT_HOME: t.config.home,
          WEFT_SECRET_KEY: TEST_SECRET,
          LOG_LEVEL: 'silent',
          ...(databaseUrl && databaseSchema ? { DATABASE_URL: databaseUrl, WEFT_DATABASE_SCHEMA: databaseSchema } : {}),
        }
        execFile(process.execPath, [CLI, 'import-flowise', ...args], { env }, (error, stdout, stderr) =>
          resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
        )
      })
    const flowCount = async () => (await t.db.selectFrom('flows').select('id').execute()).length

    it('prints the report of what it brought, and on a second run that everything is already there', async () => {
      const first = await weft('--database', database, '--encryption-key-file', keyFile)
      expect(first).toMatchObject({ code: 0, stderr: '' })
      expect(first.stdout).toMatch(/^ {2}Chatflows +1 added$/m)
      expect(first.stdout).toMatch(/^ {2}Credentials +1 added$/m)
      expect(first.stdout).toContain('Not brought:')
      expect(first.stdout).not.toContain(fixture.openAIKey)
      expect(await flowCount()).toBe(4)
      const second = await weft(`--database=${database}`, `--encryption-key-file=${keyFile}`)
      expect(second.code).toBe(0)
      expect(second.stdout).toMatch(/^ {2}Chatflows +0 added, 1 already there$/m)
      expect(await flowCount()).toBe(4)
    })

    it('exits 1 with the reason on a wrong key or a missing database, 2 without a key, and writes nothing', async () => {
      const wrong = await weft('--database', database, '--encryption-key', flowiseEncryptionKey())
      expect(wrong.code).toBe(1)
      expect(wrong.stderr).toContain('The encryption key does not decrypt any of the 1 credentials')
      const missing = await weft('--database', join(folder, 'nope.sqlite'), '--encryption-key-file', keyFile)
      expect(missing.code).toBe(1)
      expect(missing.stderr.trim()).toBe(
        `No Flowise database at ${join(folder, 'nope.sqlite')}: the file does not exist`,
      )
      const noKey = await weft('--database', database)
      expect(noKey.code).toBe(2)
      expect(noKey.stderr).toContain(
        'Give Flowise’s encryption key with either --encryption-key-file or --encryption-key',
      )
      expect(await flowCount()).toBe(0)
    })
  },
)
