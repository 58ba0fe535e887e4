import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { loadConfig } from './config.js'
import { createMetrics } from './metrics/registry.js'

// The deploy files at the top of the repository, checked as a reader (and docker) would take them:
// compose.yaml parsed as YAML, the Dockerfile by its instructions, the Grafana dashboard against the
// metrics the server really serves. `docker compose config` runs too where docker compose is installed.

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const read = (file: string) => readFileSync(ROOT + file, 'utf8')

interface ComposeService {
  image?: string
  command?: string[]
  build?: unknown
  environment?: Record<string, string>
  healthcheck?: { test: string[] | string }
  depends_on?: Record<string, { condition: string }>
  volumes?: string[]
  ports?: string[]
  stop_grace_period?: string
}
const compose = parse(read('compose.yaml')) as {
  services: Record<string, ComposeService>
  volumes: Record<string, unknown>
}
const services = compose.services
const weft = services.weft!

describe('compose.yaml', () => {
  it('has the server and a worker in queue mode, PostgreSQL with pgvector and Redis', () => {
    expect(Object.keys(services).sort()).toEqual(['postgres', 'redis', 'weft', 'worker'])
    expect(weft.build).toBe('.')
    expect(services.postgres?.image).toBe('pgvector/pgvector:pg15')
    expect(services.redis?.image).toMatch(/^redis:7/)
    const worker = services.worker!
    expect(worker.image).toBe(weft.image)
    expect(worker.command).toEqual(['node', 'packages/server/dist/worker.js'])
    expect(existsSync(`${ROOT}packages/server/src/worker.ts`)).toBe(true)
    for (const service of [weft, worker]) {
      expect(service.environment).toMatchObject({ MODE: 'queue', REDIS_URL: 'redis://redis:6379' })
    }
    // Same database, key and data folder as the server.
    expect(worker.environment!.DATABASE_URL).toBe(weft.environment!.DATABASE_URL)
    expect(worker.environment!.WEFT_SECRET_KEY).toBe(weft.environment!.WEFT_SECRET_KEY)
    expect(worker.volumes).toEqual(['weft-data:/data'])
    expect(JSON.stringify(worker.healthcheck?.test)).toContain(
      `http://127.0.0.1:${worker.environment!.WORKER_PORT}/api/v1/ready`,
    )
    expect(worker.depends_on).toEqual({
      weft: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
    })
  })

  it('gives every service a health check, the server’s on /api/v1/ready, and starts the server once both are healthy', () => {
    for (const [name, service] of Object.entries(services)) {
      expect({ name, test: service.healthcheck?.test }).toEqual({ name, test: expect.anything() })
    }
    expect(JSON.stringify(weft.healthcheck?.test)).toContain('http://127.0.0.1:3000/api/v1/ready')
    expect(JSON.stringify(services.postgres?.healthcheck?.test)).toContain('pg_isready -U weft -d weft')
    expect(services.redis?.healthcheck?.test).toEqual(['CMD', 'redis-cli', 'ping'])
    expect(weft.depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
    })
  })

  it('wires DATABASE_URL to the PostgreSQL service, its user, password and database', () => {
    const pg = services.postgres!.environment!
    const url = new URL(weft.environment!.DATABASE_URL!.replace('${POSTGRES_PASSWORD:-weft}', 'weft'))
    expect(url.protocol).toBe('postgres:')
    expect(url.hostname).toBe('postgres')
    expect(url.port).toBe('5432')
    expect(url.username).toBe(pg.POSTGRES_USER)
    expect(url.pathname).toBe(`/${pg.POSTGRES_DB}`)
    expect(weft.environment!.DATABASE_URL).toContain('${POSTGRES_PASSWORD:-weft}')
    expect(pg.POSTGRES_PASSWORD).toBe('${POSTGRES_PASSWORD:-weft}')
  })

  it('requires the secret key, keeps the data folder in a volume, and lets a shutdown use its grace period', () => {
    expect(weft.environment!.WEFT_SECRET_KEY).toMatch(/^\$\{WEFT_SECRET_KEY:\?.+\}$/)
    expect(weft.volumes).toContain('weft-data:/data')
    expect(services.postgres?.volumes).toContain('postgres-data:/var/lib/postgresql/data')
    expect(Object.keys(compose.volumes).sort()).toEqual(['postgres-data', 'redis-data', 'weft-data'])
    expect(weft.ports).toEqual(['${WEFT_PORT:-3000}:3000'])
    // Docker kills after stop_grace_period: it must outlast the server's own grace period.
    const stopSeconds = Number(/^(\d+)s$/.exec(weft.stop_grace_period ?? '')?.[1])
    expect(stopSeconds * 1000).toBeGreaterThan(loadConfig({}).shutdownGraceMs)
    expect(weft.environment!.WEFT_SHUTDOWN_GRACE_MS).toBe('${WEFT_SHUTDOWN_GRACE_MS:-10000}')
  })

  it('passes `docker compose config` where docker compose is installed', (context) => {
    // Compose v2 (`docker compose`) or v1 (`docker-compose`); `config` needs no daemon: it reads the
    // file, fills in the variables and checks it against the Compose schema.
    const candidates: [string, string[]][] = [
      ['docker', ['compose']],
      ['docker-compose', []],
    ]
    const found = candidates.find(([command, args]) => spawnSync(command, [...args, 'version']).status === 0)
    if (!found) {
      console.log(
        'Skipped `docker compose config`: neither `docker compose` nor `docker-compose` is installed here; the YAML checks above ran instead',
      )
      context.skip()
      return
    }
    const [command, args] = found
    const config = (env: NodeJS.ProcessEnv) =>
      spawnSync(command, [...args, '-f', `${ROOT}compose.yaml`, 'config', '--quiet'], { env, encoding: 'utf8' })
    const { WEFT_SECRET_KEY: _key, ...withoutKey } = process.env
    const checked = config({ ...withoutKey, WEFT_SECRET_KEY: 'a'.repeat(32) })
    expect({ status: checked.status, stderr: checked.stderr }).toEqual({ status: 0, stderr: '' })
    const refused = config(withoutKey)
    expect(refused.status).not.toBe(0)
    expect(refused.stderr).toContain('set WEFT_SECRET_KEY to a random value')
  })
})

/** The Dockerfile's instructions by stage: `FROM … AS name` starts one; continued lines joined. */
function dockerStages(text: string): Map<string, string[]> {
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
  const stages = new Map<string, string[]>()
  let current: string[] | undefined
  for (const line of lines) {
    const from = /^FROM\s+(\S+)\s+AS\s+(\S+)$/i.exec(line)
    if (from) {
      current = [line]
      stages.set(from[2]!, current)
    } else current?.push(line)
  }
  return stages
}

describe('the Dockerfile', () => {
  const text = read('Dockerfile')
  const stages = dockerStages(text)
  const runtime = stages.get('runtime') ?? []
  const has = (stage: string[] | undefined, pattern: RegExp) => (stage ?? []).some((line) => pattern.test(line))

  it('builds in stages from node:20-bookworm-slim: npm ci and npm run build, then production dependencies alone', () => {
    expect(text).toMatch(/^ARG NODE_IMAGE=node:20-bookworm-slim$/m)
    expect([...stages.keys()]).toEqual(['build', 'deps', 'runtime'])
    for (const stage of stages.values()) expect(stage[0]).toMatch(/^FROM \$\{NODE_IMAGE\} AS /)
    expect(has(stages.get('build'), /^RUN npm ci\b/)).toBe(true)
    expect(has(stages.get('build'), /^RUN npm run build$/)).toBe(true)
    expect(has(stages.get('deps'), /^RUN npm ci --omit=dev\b/)).toBe(true)
    // The runtime installs nothing itself: its node_modules are the production ones of `deps`.
    expect(has(runtime, /npm (ci|install)/)).toBe(false)
    expect(runtime).toContain('COPY --from=deps /app/node_modules ./node_modules')
    expect(has(runtime, /^COPY --from=build \/app\/node_modules/)).toBe(false)
  })

  it('runs as a non-root user with WEFT_HOME a volume, on port 3000, with a health check', () => {
    expect(runtime).toContain('USER node')
    expect(runtime).toContain('VOLUME /data')
    expect(has(runtime, /^ENV .*WEFT_HOME=\/data/)).toBe(true)
    expect(runtime).toContain('EXPOSE 3000')
    expect(has(runtime, /^HEALTHCHECK .*\/api\/v1\/health/)).toBe(true)
    expect(runtime.at(-1)).toBe('CMD ["node", "packages/server/dist/main.js"]')
    expect(existsSync(`${ROOT}packages/server/src/main.ts`)).toBe(true)
    // USER comes after everything that needs root.
    expect(runtime.findIndex((line) => line === 'USER node')).toBeGreaterThan(
      runtime.findLastIndex((line) => line.startsWith('RUN ')),
    )
  })

  it('copies every package the server loads, and installs no Chromium', () => {
    for (const workspace of ['core', 'nodes', 'engine', 'server', 'web']) {
      expect(runtime).toContain(`COPY --from=build /app/packages/${workspace}/dist ./packages/${workspace}/dist`)
    }
    expect(runtime).toContain('COPY --from=build /app/packages/nodes/icons ./packages/nodes/icons')
    for (const stage of stages.values()) expect(has(stage, /chromium/i)).toBe(false)
  })

  it('leaves installed and built files out of the build context, but not what the build needs', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', '**/dist', '.git']))
    for (const needed of ['package-lock.json', 'npm-stubs', 'packages', 'tsconfig.base.json', '.npmrc']) {
      expect(ignored).not.toContain(needed)
    }
  })
})

describe('deploy/grafana-dashboard.json', () => {
  const dashboard = JSON.parse(read('deploy/grafana-dashboard.json')) as {
    panels: { type: string; title: string; targets?: { expr: string }[] }[]
  }
  const expressions = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr))
  const used = new Set(expressions.flatMap((expr) => expr.match(/\bweft_[a-z0-9_]+/g) ?? []))

  it('charts only metrics the server serves', async () => {
    const served = new Set<string>()
    for (const metric of await createMetrics().registry.getMetricsAsJSON()) {
      served.add(metric.name)
      if (String(metric.type) === 'histogram')
        for (const suffix of ['_bucket', '_sum', '_count']) served.add(metric.name + suffix)
    }
    expect([...used].filter((name) => !served.has(name))).toEqual([])
  })

  it('has panels for runs, their failures, latencies, first tokens, model tokens, HTTP and the process', () => {
    for (const metric of [
      'weft_flow_runs_total',
      'weft_flow_run_duration_seconds_bucket',
      'weft_flow_first_token_seconds_bucket',
      'weft_flow_runs_active',
      'weft_model_tokens_total',
      'weft_http_requests_total',
      'weft_http_request_duration_seconds_bucket',
      'weft_process_resident_memory_bytes',
      'weft_process_cpu_seconds_total',
    ]) {
      expect(used).toContain(metric)
    }
    expect(expressions.some((expr) => expr.includes('outcome="failed"') && expr.includes('failure_kind'))).toBe(true)
    expect(dashboard.panels.filter((panel) => panel.type !== 'row').every((panel) => panel.title.length > 0)).toBe(true)
  })
})
