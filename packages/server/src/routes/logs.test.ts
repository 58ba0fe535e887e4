import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { testDialects } from '../test/dialects.js'
import { setUpAdmin, startTestApp, type Browser, type TestApp } from '../test/harness.js'
import { builtInRoleId, signInMember } from '../test/workspace-members.js'

const line = (fields: Record<string, unknown>) => `${JSON.stringify({ level: 30, ...fields })}\n`
const base = Date.parse('2026-12-02T09:00:00Z')

describe.each(testDialects())('server logs on $name', (dialect) => {
  let t: TestApp
  let admin: Browser
  beforeEach(async () => {
    t = await startTestApp({ dialect, env: { PLATFORM_TYPE: 'enterprise' } })
    admin = await setUpAdmin(t.app)
    const folder = join(t.config.home, 'logs')
    mkdirSync(folder, { recursive: true })
    const day = Array.from({ length: 120 }, (_, i) =>
      line({
        time: base + i * 1000,
        level: i % 10 === 0 ? 50 : 30,
        reqId: `req-${i}`,
        req: { method: i % 2 ? 'POST' : 'GET', url: `/api/v1/chatflows/${i}` },
        msg: i % 10 === 0 ? `failure ${i}` : `incoming request`,
      }),
    )
    writeFileSync(join(folder, 'weft-2026-12-02.log'), day.join(''))
    writeFileSync(join(folder, 'weft-2026-11-30.log'), line({ time: base - 2 * 86_400_000, msg: 'older' }))
    writeFileSync(join(folder, 'other.txt'), 'not a log')
  })
  afterEach(() => t.close())

  it('lists the days that have a file, newest first, with their size', async () => {
    const res = await admin.get('/api/v1/logs')
    expect(res.status).toBe(200)
    expect(res.body.retentionDays).toBe(14)
    expect(res.body.files.map((file: { date: string }) => file.date)).toEqual(['2026-12-02', '2026-11-30'])
    expect(res.body.files[1].size).toBe(line({ time: base - 2 * 86_400_000, msg: 'older' }).length)
  })

  it('answers a day’s entries newest first, 50 a page, filtered by level and search', async () => {
    const first = await admin.get('/api/v1/logs/2026-12-02')
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ date: '2026-12-02', total: 120, page: 1, pageSize: 50 })
    expect(first.body.entries).toHaveLength(50)
    expect(first.body.entries[0]).toEqual({
      time: '2026-12-02T09:01:59.000Z',
      level: 'info',
      message: 'incoming request',
      reqId: 'req-119',
      request: { method: 'POST', url: '/api/v1/chatflows/119' },
    })
    const third = await admin.get('/api/v1/logs/2026-12-02?page=3')
    expect(third.body.entries).toHaveLength(20)
    expect(third.body.entries.at(-1).reqId).toBe('req-0')

    const errors = await admin.get('/api/v1/logs/2026-12-02?level=error')
    expect(errors.body.total).toBe(12)
    expect(errors.body.entries.map((entry: { message: string }) => entry.message).slice(0, 3)).toEqual([
      'failure 110',
      'failure 100',
      'failure 90',
    ])
    const searched = await admin.get('/api/v1/logs/2026-12-02?search=chatflows%2F11')
    expect(searched.body.entries.map((entry: { reqId: string }) => entry.reqId)).toEqual([
      'req-119',
      'req-118',
      'req-117',
      'req-116',
      'req-115',
      'req-114',
      'req-113',
      'req-112',
      'req-111',
      'req-110',
      'req-11',
    ])
  })

  it('refuses a bad date, a path and bad filters naming them; a day without a file answers 404', async () => {
    const bad = await admin.get('/api/v1/logs/2026-13-45')
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('date: "2026-13-45" is not a date written YYYY-MM-DD')
    for (const attempt of ['..%2F..%2Fsecret.key', '..%2Fweft-2026-12-02.log', '2026-12-02%2F..%2F..%2Fdb']) {
      const res = await admin.get(`/api/v1/logs/${attempt}`)
      expect(res.status).toBe(400)
      expect(res.body.message).toContain('is not a date written YYYY-MM-DD')
    }
    const level = await admin.get('/api/v1/logs/2026-12-02?level=loud')
    expect(level.status).toBe(400)
    expect(level.body.message).toContain('querystring.level')
    const page = await admin.get('/api/v1/logs/2026-12-02?page=0')
    expect(page.status).toBe(400)
    expect(page.body.message).toContain('querystring.page')
    const deep = await admin.get('/api/v1/logs/2026-12-02?page=10000&limit=500')
    expect(deep.status).toBe(400)
    expect(deep.body.message).toContain('querystring.page: at most 100000 entries back')
    const missing = await admin.get('/api/v1/logs/2026-12-01')
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe('There is no log file for 2026-12-01')
  })

  it('is for organization admins: a member gets 403, no session 401', async () => {
    const member = await signInMember(t, admin, await builtInRoleId(t, 'member'))
    expect((await member.get('/api/v1/logs')).status).toBe(403)
    expect((await member.get('/api/v1/logs/2026-12-02')).status).toBe(403)
    expect((await t.app.inject({ url: '/api/v1/logs' })).statusCode).toBe(401)
  })
})
