import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildApp } from './app.js'
import { loadConfig } from './config.js'

const modeOf = (path: string) => statSync(path).mode & 0o777

describe('the data folder', () => {
  let parent: string
  let home: string
  let app: FastifyInstance | undefined
  let umask: number
  beforeEach(() => {
    // The usual umask, under which files come out world-readable unless the server says otherwise.
    umask = process.umask(0o022)
    parent = mkdtempSync(join(tmpdir(), 'weft-modes-'))
    home = join(parent, 'weft')
  })
  afterEach(async () => {
    await app?.close()
    process.umask(umask)
    rmSync(parent, { recursive: true, force: true })
  })

  const start = async () => {
    app = await buildApp(loadConfig({ WEFT_HOME: home, LOG_LEVEL: 'silent' }), { logger: false })
  }

  it('is readable by its owner only: folder 0700, database, its WAL files and the secret key 0600', async () => {
    await start()
    expect(modeOf(home)).toBe(0o700)
    for (const file of ['weft.sqlite', 'weft.sqlite-wal', 'weft.sqlite-shm', 'secret.key']) {
      expect([file, modeOf(join(home, file))]).toEqual([file, 0o600])
    }
  })

  it('tightens a folder and files that an older version left readable by others', async () => {
    mkdirSync(home, { mode: 0o755 })
    chmodSync(home, 0o755)
    writeFileSync(join(home, 'weft.sqlite'), '', { mode: 0o644 })
    writeFileSync(join(home, 'secret.key'), 'an-older-generated-key\n', { mode: 0o644 })
    await start()
    expect(modeOf(home)).toBe(0o700)
    expect(modeOf(join(home, 'weft.sqlite'))).toBe(0o600)
    expect(modeOf(join(home, 'secret.key'))).toBe(0o600)
  })
})
