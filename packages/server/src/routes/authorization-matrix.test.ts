import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACCESS_EXTENSION, API_KEY_EXTENSION, type DeclaredAccess } from '../openapi.js'
import {
  startAssistantsStandIn,
  type AssistantsStandIn,
} from '../../../nodes/src/testing/openai-assistants-stand-in.js'
import { testDialects } from '../test/dialects.js'
import { PROVIDER_KEY } from '../test/provider-assistants.js'
import { startTestApp, type TestApp } from '../test/harness.js'
import { startOidcProvider, type TestOidcProvider } from '../test/oidc-provider.js'
import { buildWorld, CALLERS, CASES, type CaseName, type Client, type World } from '../test/matrix/fixture.js'
import { SAMPLES, type Expected, type Sample, type SampleContext, type SampleRequest } from '../test/matrix/samples.js'

// The authorization matrix: every operation of /api/v1/openapi.json × every kind of caller × the
// ids of the caller's own workspace, another workspace of its organization and another
// organization, each answer compared with what the operation's declared access (x-weft-access)
// and the caller's permissions (core's built-in role lists, the key's own list) say it must be:
// no session 401, missing permission 403, a foreign id 404, allowed 2xx.

/**
 * Cells that differ for a reason in a route another part is building now, listed so the lead can
 * see them; each must still differ (a fixed one fails the test until it leaves this list).
 * Key: 'METHOD path | caller | case'.
 */
const AWAITING_FIX: Record<string, string> = {}

/** The port of the Assistants API stand-in (this test's range is 4170–4179). */
const PROVIDER_PORT = 4170
const OIDC_PORTS = [4171, 4172, 4173]

interface Operation {
  key: string
  method: string
  access: DeclaredAccess
  keys: boolean
}

/** The answer the declared access says the caller must get; 'n/a' for foreign cases of an op with no id. */
export function expectedAnswer(op: Operation, sample: Sample, caller: Client, kase: CaseName): Expected | 'n/a' {
  if (!sample.scoped && kase !== 'own workspace') return 'n/a'
  if (caller.permissions === undefined) return 401
  if (caller.isKey && !op.keys) return 403
  const held = caller.permissions
  const lacks = (any: string[]) => held !== 'all' && !any.some((p) => held.includes(p))
  if (Array.isArray(op.access) && lacks(op.access)) return 403
  for (const check of sample.inner ?? []) if (!check.afterForeign && lacks(check.any)) return check.status
  if (kase !== 'own workspace') return sample.foreign?.status ?? 404
  for (const check of sample.inner ?? []) if (check.afterForeign && lacks(check.any)) return check.status
  return sample.allowed?.status ?? '2xx'
}

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

const matches = (expected: Expected, got: number) => (expected === '2xx' ? got >= 200 && got < 300 : expected === got)

interface Cell {
  op: string
  caller: string
  kase: CaseName
  expected: Expected
  got: number
  message: string
}

/** Lines saying `title` and each reason once, with the operations it applies to. */
function grouped(entries: { op: string; why: string }[], title: string): string[] {
  const byWhy = new Map<string, string[]>()
  for (const { op, why } of entries) byWhy.set(why, [...(byWhy.get(why) ?? []), op])
  return [...byWhy].map(([why, ops]) => `  ${title} ${why}:\n${ops.map((op) => `      ${op}`).join('\n')}`)
}

async function operationsOf(t: TestApp): Promise<Operation[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })
  const doc = JSON.parse(res.body) as { paths: Record<string, Record<string, Record<string, unknown>>> }
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      access: operation[ACCESS_EXTENSION] as DeclaredAccess,
      keys: operation[API_KEY_EXTENSION] === true,
    })),
  )
}

describe.each(testDialects())('the authorization matrix on $name', (dialect) => {
  let t: TestApp
  let world: World
  let provider: AssistantsStandIn
  let idp: TestOidcProvider
  let fixtureMs = 0
  beforeAll(async () => {
    // The OpenAI Assistants API's stand-in, on this test's own port, which the outbound rule allows.
    provider = await startAssistantsStandIn({ dialect: 'OPENAI', apiKey: PROVIDER_KEY, port: PROVIDER_PORT })
    // A real OpenID provider for the SSO settings' discovery test, on this test's ports too.
    idp = await startOidcProvider({ redirectUris: ['http://127.0.0.1/api/v1/sso/oidc/callback'], ports: OIDC_PORTS })
    t = await startTestApp({
      dialect,
      env: {
        PLATFORM_TYPE: 'enterprise',
        WEFT_ALLOWED_PRIVATE_HOSTS: `127.0.0.1:${PROVIDER_PORT},127.0.0.1:${idp.port}`,
      },
    })
    const started = Date.now()
    world = { ...(await buildWorld(t, provider.url)), oidcIssuer: idp.issuer }
    fixtureMs = Date.now() - started
  }, 120_000)
  afterAll(async () => {
    await t?.close()
    await provider?.close()
    await idp?.close()
  })

  it('answers every operation × caller × case as its declared access says', async () => {
    const started = Date.now()
    const slowest = new Map<string, number>()
    const operations = await operationsOf(t)
    const publicOps = operations.filter((op) => op.access === 'public')
    const walked = operations.filter((op) => op.access !== 'public')
    const missing = walked.filter((op) => !SAMPLES[op.key]).map((op) => `no sample for ${op.key}`)
    const undeclared = operations.filter((op) => op.access === undefined).map((op) => `${op.key} declares no access`)
    const stale = Object.keys(SAMPLES).filter((key) => !walked.some((op) => op.key === key))

    const differ: Cell[] = []
    const excluded = new Map<string, number>()
    let compared = 0
    let notApplicable = 0
    const refusedRequests = new Map<string, SampleRequest>()
    for (const op of walked) {
      const sample = SAMPLES[op.key]
      if (!sample) continue
      const opStarted = Date.now()
      for (const callerName of CALLERS) {
        for (const kase of CASES) {
          const caller = world.callers[callerName]
          const place = world.places[caller.places[kase]]
          const c: SampleContext = { world, caller, kase, place, ids: place.ids }
          let expected = expectedAnswer(op, sample, caller, kase)
          if (expected === 'n/a') {
            notApplicable++
            continue
          }
          if (expected !== 401 && expected !== 403) expected = sample.expect?.(c) ?? expected
          if (sample.excludeAllowed && kase === 'own workspace' && expected !== 401 && expected !== 403) {
            const why = `${op.key} :: ${sample.excludeAllowed}`
            excluded.set(why, (excluded.get(why) ?? 0) + 1)
            continue
          }
          const sender = sample.freshSession && caller.signInAgain ? await caller.signInAgain() : caller
          // A cell refused before the route runs (401, 403) reuses one request per workspace: fresh
          // objects are made only for the cells that reach the route.
          const refused = expected === 401 || expected === 403
          const reuse = `${op.key} | ${place.name}`
          const request = (refused && refusedRequests.get(reuse)) || (await sample.build({ ...c, caller: sender }))
          if (refused) refusedRequests.set(reuse, request)
          const res = await t.app.inject({
            method: op.method as 'GET',
            url: request.url,
            headers: { ...sender.headers, ...request.headers },
            cookies: sender.cookies(),
            ...(request.body === undefined
              ? {}
              : { payload: request.body as string | Buffer | Record<string, unknown> }),
          })
          await sample.after?.(c)
          compared++
          const foreignBody =
            expected === sample.foreign?.status && kase !== 'own workspace' ? sample.foreign.body : undefined
          if (!matches(expected, res.statusCode) || (foreignBody && !foreignBody(safeJson(res.body)))) {
            let message = ''
            try {
              message = String((JSON.parse(res.body) as { message?: unknown }).message ?? '')
            } catch {
              message = res.body.slice(0, 120)
            }
            differ.push({ op: op.key, caller: callerName, kase, expected, got: res.statusCode, message })
          }
        }
      }
      slowest.set(op.key, Date.now() - opStarted)
    }

    const walkMs = Date.now() - started
    const cellKey = (d: Cell) => `${d.op} | ${d.caller} | ${d.kase}`
    const awaiting = differ.filter((d) => AWAITING_FIX[cellKey(d)])
    const unexpected = differ.filter((d) => !AWAITING_FIX[cellKey(d)])
    const fixed = Object.keys(AWAITING_FIX)
      .filter((key) => !differ.some((d) => cellKey(d) === key) && walked.some((op) => key.startsWith(`${op.key} |`)))
      .map((key) => `${key} no longer differs: remove it from AWAITING_FIX`)
    const cells = walked.length * CALLERS.length * CASES.length
    const excludedCount = [...excluded.values()].reduce((a, b) => a + b, 0)
    const lines = [
      `Authorization matrix on ${dialect.name}: ${walked.length} operations × ${CALLERS.length} callers × ${CASES.length} cases = ${cells} cells`,
      `  compared ${compared}, n/a ${notApplicable} (foreign cases of operations that address no id), excluded ${excludedCount}, differing ${differ.length}${awaiting.length ? ` (${awaiting.length} awaiting their owner, listed below)` : ''}`,
      `  time: fixture ${(fixtureMs / 1000).toFixed(1)} s, walk ${(walkMs / 1000).toFixed(1)} s; slowest: ${[...slowest]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([op, ms]) => `${op} ${(ms / 1000).toFixed(1)} s`)
        .join(', ')}`,
      `  public operations not walked (no session needed): ${publicOps.length}`,
      ...grouped(
        [...excluded].map(([key, n]) => {
          const [op, why] = key.split(' :: ')
          return { op: `${op} (${n})`, why: why! }
        }),
        'excluded (allowed cells that cannot run here)',
      ),
      ...grouped(
        Object.entries(SAMPLES).flatMap(([op, s]) =>
          s.allowed ? [{ op, why: `${s.allowed.status}: ${s.allowed.why}` }] : [],
        ),
        'allowed answers',
      ),
      ...grouped(
        Object.entries(SAMPLES).flatMap(([op, s]) =>
          s.foreign ? [{ op, why: `${s.foreign.status}: ${s.foreign.why}` }] : [],
        ),
        'a foreign id answers',
      ),
      ...stale.map((key) => `  sample for an operation no longer in the document: ${key}`),
      ...missing.map((m) => `  ${m}`),
      ...undeclared.map((m) => `  ${m}`),
      ...awaiting.map(
        (d) =>
          `  differs, awaiting its owner: ${cellKey(d)} expected ${d.expected} got ${d.got} (${AWAITING_FIX[cellKey(d)]})`,
      ),
      ...fixed.map((f) => `  ${f}`),
      ...unexpected.map(
        (d) => `  DIFFERS ${d.op} | ${d.caller} | ${d.kase} | expected ${d.expected} got ${d.got} | ${d.message}`,
      ),
    ]
    console.log(lines.join('\n'))
    expect([...missing, ...undeclared]).toEqual([])
    expect(fixed).toEqual([])
    expect(unexpected.map((d) => `${d.op} | ${d.caller} | ${d.kase} | expected ${d.expected} got ${d.got}`)).toEqual([])
  }, 600_000)
})
