import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import pg from 'pg'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildApp } from './app.js'
import { loadConfig } from './config.js'
import { listLogFiles, openLogFiles, readLogPage } from './log-files.js'
import { testDialects } from './test/dialects.js'
import { ADMIN, browser, TEST_SECRET } from './test/harness.js'

const DAY = 24 * 60 * 60 * 1000
const at = (iso: string) => Date.parse(iso)
const line = (fields: Record<string, unknown>) => `${JSON.stringify({ level: 30, time: Date.now(), ...fields })}\n`

let folder: string
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'weft-logs-'))
})
afterEach(() => rmSync(folder, { recursive: true, force: true }))

describe('daily log files', () => {
  it('writes each line to the file of its UTC day and starts a new file when the day changes', async () => {
    let now = at('2026-12-02T23:59:58Z')
    const files = openLogFiles({ folder, retentionDays: 14, now: () => now })
    files.write(line({ msg: 'late on the 2nd' }))
    now = at('2026-12-03T00:00:01Z')
    files.write(line({ msg: 'early on the 3rd' }))
    await files.close()
    expect(readdirSync(folder).sort()).toEqual(['weft-2026-12-02.log', 'weft-2026-12-03.log'])
    expect(readFileSync(join(folder, 'weft-2026-12-02.log'), 'utf8')).toContain('late on the 2nd')
    expect(readFileSync(join(folder, 'weft-2026-12-03.log'), 'utf8')).toContain('early on the 3rd')
    expect(readFileSync(join(folder, 'weft-2026-12-03.log'), 'utf8')).not.toContain('late on the 2nd')
  })

  it('appends to the day’s file after a restart, and drops lines once closed', async () => {
    const now = () => at('2026-12-02T10:00:00Z')
    const first = openLogFiles({ folder, retentionDays: 14, now })
    first.write(line({ msg: 'before restart' }))
    await first.close()
    first.write(line({ msg: 'after close' }))
    const second = openLogFiles({ folder, retentionDays: 14, now })
    second.write(line({ msg: 'after restart' }))
    await second.close()
    const text = readFileSync(join(folder, 'weft-2026-12-02.log'), 'utf8')
    expect(
      text
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { msg: string }).msg),
    ).toEqual(['before restart', 'after restart'])
  })

  it('removes the files older than the retention (today’s counts as one day), on start and when a day begins', async () => {
    for (const date of ['2026-11-01', '2026-11-28', '2026-11-29', '2026-12-01']) {
      writeFileSync(join(folder, `weft-${date}.log`), line({ msg: date }))
    }
    writeFileSync(join(folder, 'notes.txt'), 'not a log file')
    let now = at('2026-12-02T08:00:00Z')
    const files = openLogFiles({ folder, retentionDays: 4, now: () => now })
    await files.settled()
    // 4 days: Dec 2 (today), Dec 1, Nov 30, Nov 29.
    expect(readdirSync(folder).sort()).toEqual([
      'notes.txt',
      'weft-2026-11-29.log',
      'weft-2026-12-01.log',
      'weft-2026-12-02.log',
    ])
    now += DAY
    files.write(line({ msg: 'next day' }))
    await files.settled()
    await files.close()
    expect(readdirSync(folder).sort()).toEqual([
      'notes.txt',
      'weft-2026-12-01.log',
      'weft-2026-12-02.log',
      'weft-2026-12-03.log',
    ])
  })

  it('never keeps an account link the mailer logs on a server without SMTP', async () => {
    const files = openLogFiles({ folder, retentionDays: 1 })
    files.write(
      line({ to: 'vic@example.com', link: 'http://localhost/reset-password?token=live-token', msg: 'not sent' }),
    )
    await files.close()
    const [file] = await listLogFiles(folder)
    const text = readFileSync(join(folder, `weft-${file!.date}.log`), 'utf8')
    expect(text).not.toContain('live-token')
    expect(JSON.parse(text)).toMatchObject({ to: 'vic@example.com', link: '[redacted]', msg: 'not sent' })
  })
})

describe('the retention setting', () => {
  it('keeps 14 days unless WEFT_LOG_RETENTION_DAYS says otherwise, and refuses a bad value naming it', () => {
    const env = { WEFT_SECRET_KEY: TEST_SECRET }
    expect(loadConfig(env).logRetentionDays).toBe(14)
    expect(loadConfig({ ...env, WEFT_LOG_RETENTION_DAYS: '0' }).logRetentionDays).toBe(0)
    expect(loadConfig({ ...env, WEFT_LOG_RETENTION_DAYS: '30' }).logRetentionDays).toBe(30)
    expect(() => loadConfig({ ...env, WEFT_LOG_RETENTION_DAYS: '-1' })).toThrow(
      'WEFT_LOG_RETENTION_DAYS: must be 0 (no log files) or more days',
    )
    expect(() => loadConfig({ ...env, WEFT_LOG_RETENTION_DAYS: 'two weeks' })).toThrow(
      'WEFT_LOG_RETENTION_DAYS: must be a whole number of days',
    )
  })
})

describe('reading a day back', () => {
  const date = '2026-12-02'
  const write = (lines: string[]) => writeFileSync(join(folder, `weft-${date}.log`), lines.join(''))
  const base = at('2026-12-02T09:00:00Z')

  it('answers entries newest first with the request’s method, address, status and duration joined', async () => {
    write([
      line({ time: base, reqId: 'req-1', req: { method: 'GET', url: '/api/v1/chatflows' }, msg: 'incoming request' }),
      line({ time: base + 5, reqId: 'req-1', res: { statusCode: 200 }, responseTime: 4.56, msg: 'request completed' }),
      line({ time: base + 10, level: 50, err: { type: 'TypeError', message: 'boom' }, msg: 'Unexpected error' }),
      'not json at all\n',
      '{"level":30,"time":', // a line cut off while written
    ])
    const page = await readLogPage(folder, date, { page: 1, pageSize: 10 })
    expect(page?.total).toBe(3)
    expect(page?.entries).toEqual([
      { time: '2026-12-02T09:00:00.010Z', level: 'error', message: 'Unexpected error', error: 'TypeError: boom' },
      {
        time: '2026-12-02T09:00:00.005Z',
        level: 'info',
        message: 'request completed',
        reqId: 'req-1',
        request: { method: 'GET', url: '/api/v1/chatflows', statusCode: 200, durationMs: 4.6 },
      },
      {
        time: '2026-12-02T09:00:00.000Z',
        level: 'info',
        message: 'incoming request',
        reqId: 'req-1',
        request: { method: 'GET', url: '/api/v1/chatflows' },
      },
    ])
  })

  it('filters by level and by text, and pages from the newest', async () => {
    write(
      Array.from({ length: 25 }, (_, i) =>
        line({ time: base + i * 1000, level: i % 5 === 0 ? 40 : 30, msg: `entry ${i}${i % 2 ? ' odd' : ''}` }),
      ),
    )
    const messages = async (query: Parameters<typeof readLogPage>[2]) => {
      const page = await readLogPage(folder, date, query)
      return { total: page!.total, messages: page!.entries.map((entry) => entry.message) }
    }
    expect(await messages({ page: 1, pageSize: 3 })).toEqual({
      total: 25,
      messages: ['entry 24', 'entry 23 odd', 'entry 22'],
    })
    expect(await messages({ page: 9, pageSize: 3 })).toEqual({ total: 25, messages: ['entry 0'] })
    expect(await messages({ page: 10, pageSize: 3 })).toEqual({ total: 25, messages: [] })
    expect(await messages({ level: 'warn', page: 1, pageSize: 10 })).toEqual({
      total: 5,
      messages: ['entry 20', 'entry 15 odd', 'entry 10', 'entry 5 odd', 'entry 0'],
    })
    expect(await messages({ search: 'ODD', level: 'warn', page: 1, pageSize: 10 })).toEqual({
      total: 2,
      messages: ['entry 15 odd', 'entry 5 odd'],
    })
  })

  it('reads a big day line by line without stalling the server', async () => {
    const chunk = Array.from({ length: 1000 }, (_, i) => line({ time: base + i, msg: `line ${i} ${'x'.repeat(200)}` }))
    write(Array.from({ length: 100 }, () => chunk.join('')))
    let ticks = 0
    const timer = setInterval(() => (ticks += 1), 1)
    const page = await readLogPage(folder, date, { page: 1, pageSize: 5 })
    clearInterval(timer)
    expect(page?.total).toBe(100_000)
    expect(page?.entries[0]?.message).toMatch(/^line 999 /)
    // The timers kept running while the file was read: the read yields between chunks.
    expect(ticks).toBeGreaterThan(5)
  })
})

describe.each(testDialects())('the server’s log files on $name', (dialect) => {
  let home: string
  let schema: string | undefined
  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), 'weft-log-home-'))
    schema = dialect.url ? `test_${randomBytes(6).toString('hex')}` : undefined
  })
  afterEach(async () => {
    rmSync(home, { recursive: true, force: true })
    if (dialect.url && schema) {
      const client = new pg.Client({ connectionString: dialect.url })
      await client.connect()
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
      await client.end()
    }
  })

  const start = (env: Record<string, string> = {}) => {
    const config = loadConfig({
      WEFT_HOME: home,
      WEFT_SECRET_KEY: TEST_SECRET,
      LOG_LEVEL: 'info',
      ...(dialect.url ? { DATABASE_URL: dialect.url } : {}),
      ...env,
    })
    const terminal = new PassThrough()
    let shown = ''
    terminal.on('data', (chunk: Buffer) => (shown += chunk.toString()))
    return buildApp(config, { databaseSchema: schema, logTerminal: terminal }).then((app) => ({
      app,
      shown: () => shown,
    }))
  }

  it('writes the requests to the day’s file and never an API key, a cookie, a token or a password', async () => {
    const { app, shown } = await start()
    const admin = browser(app)
    expect((await admin.post('/api/v1/organization-setup', ADMIN)).status).toBe(200)
    const cookie = [...admin.jar.values()].join('; ')
    expect(cookie.length).toBeGreaterThan(20)
    const created = await admin.post('/api/v1/apikey', { keyName: 'Logged key' })
    const apiKey = created.body.apiKey as string
    expect(apiKey.length).toBeGreaterThan(10)

    const withKey = await app.inject({
      url: '/api/v1/chatflows',
      headers: { authorization: `Bearer ${apiKey}`, cookie: `weft-extra=${apiKey}` },
    })
    expect(withKey.statusCode).toBeLessThan(500)
    await app.inject({ url: `/api/v1/verify/apikey/${apiKey}` })
    await app.inject({ url: `/api/v1/chatflows?apiKey=${apiKey}&token=${apiKey}` })
    await app.inject({ url: '/api/v1/user', headers: { cookie } })
    app.log.info({ user: { email: ADMIN.email, password: ADMIN.password }, apiKey }, 'a careless entry')
    await app.close()

    const [file, ...others] = await listLogFiles(join(home, 'logs'))
    expect(others).toEqual([])
    const text = readFileSync(join(home, 'logs', `weft-${file!.date}.log`), 'utf8')
    // The same JSON lines the terminal got.
    expect(text).toBe(shown())
    expect(text).toContain('"url":"/api/v1/chatflows"')
    expect(text).toContain('"url":"/api/v1/user"')
    expect(text).toContain('a careless entry')
    for (const secret of [apiKey, ADMIN.password, ...[...admin.jar.values()]]) expect(text).not.toContain(secret)
  })

  it('writes no file when the retention is 0', async () => {
    const { app } = await start({ WEFT_LOG_RETENTION_DAYS: '0' })
    await app.inject({ url: '/api/v1/ping' })
    await app.close()
    expect(await listLogFiles(join(home, 'logs'))).toEqual([])
  })
})
