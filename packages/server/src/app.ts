import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import fastifyCookie from '@fastify/cookie'
import fastifyRateLimit from '@fastify/rate-limit'
import { logOutput } from './log-output.js'
import { openLogFiles } from './log-files.js'
import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { BUILT_IN_ROLES } from '@weft/core'
import { closeEmbeddedCollections, closeSandbox, configureSandbox, createOutboundGuard } from '@weft/nodes'
import { registerAuthentication } from './auth/authenticate.js'
import { loadKeys } from './auth/secrets.js'
import type { Config } from './config.js'
import type { AppContext } from './context.js'
import { openDatabase } from './db/connect.js'
import { upsertBuiltInRoles } from './db/repositories/roles.repository.js'
import { registerErrorHandler } from './errors.js'
import { chatbotFrameAncestors } from './http/chatbot-framing.js'
import { registerCompression } from './http/compression.js'
import { refuseCrossSiteChanges } from './http/cross-site-requests.js'
import { acceptEmptyJsonBodies } from './http/json-body.js'
import { registerSecurityHeaders } from './http/security-headers.js'
import { createMailer, type Mailer } from './mail/mailer.js'
import { accountRoutes } from './routes/account.js'
import { authRoutes } from './routes/auth.js'
import { apiKeyRoutes } from './routes/api-keys.js'
import { chatflowRoutes } from './routes/chatflows.js'
import { chatMessageRoutes } from './routes/chat-messages.js'
import { chatAbortRoutes } from './routes/chat-abort.js'
import { attachmentRoutes } from './routes/attachments.js'
import { chatflowUploadsRoutes } from './routes/chatflows-uploads.js'
import { uploadFileRoutes } from './routes/upload-files.js'
import { executionRoutes } from './routes/executions.js'
import { exportImportRoutes } from './routes/export-import.js'
import { componentsCredentialRoutes } from './routes/components-credentials.js'
import { credentialRoutes } from './routes/credentials.js'
import { documentStoreRoutes } from './routes/document-stores.js'
import { documentStoreVectorRoutes } from './routes/document-store-vectors.js'
import { feedbackRoutes } from './routes/feedback.js'
import { githubRoutes } from './routes/github.js'
import { leadRoutes } from './routes/leads.js'
import { assistantRoutes } from './routes/assistants.js'
import { openAIAssistantRoutes } from './routes/openai-assistants.js'
import { customTemplateRoutes } from './routes/custom-templates.js'
import { marketplaceRoutes } from './routes/marketplace.js'
import { nodeRoutes } from './routes/nodes.js'
import { organizationSetupRoutes } from './routes/organization-setup.js'
import { predictionRoutes } from './routes/prediction.js'
import { publicChatbotRoutes } from './routes/public-chatbot.js'
import { settingsRoutes } from './routes/settings.js'
import { userRoutes } from './routes/user.js'
import { toolRoutes } from './routes/tools.js'
import { variableRoutes } from './routes/variables.js'
import { vectorUpsertRoutes } from './routes/vector-upsert.js'
import { workspaceRoutes } from './routes/workspace.js'
import { workspaceUserRoutes } from './routes/workspace-users.js'
import { workspaceSharedRoutes } from './routes/workspace-shared.js'
import { organizationUserRoutes } from './routes/organization-users.js'
import { roleRoutes } from './routes/roles.js'
import { loginActivityRoutes } from './routes/login-activity.js'
import { auditLogRoutes } from './routes/audit-log.js'
import { registerAuditLog } from './http/audit-log.js'
import { logRoutes } from './routes/logs.js'
import { fileRoutes } from './routes/files.js'
import { ssoRoutes } from './routes/sso.js'
import { healthRoutes } from './routes/health.js'
import { queueRoutes } from './routes/queue.js'
import { registerHttpMetrics } from './metrics/http-metrics.js'
import { metricsOf } from './metrics/registry.js'
import { markInterruptedExchanges, sweepInterruptedExchanges } from './services/chat-messages.service.js'
import { markInterruptedExecutions, sweepInterruptedExecutions } from './services/executions.service.js'
import { openDocumentStoreJobs } from './services/document-store-jobs.service.js'
import { closeOpenStores, forgetStoresUsing } from './services/document-store-search.js'
import { createGitHub, GITHUB_REPO_API } from './services/github.service.js'
import { ensureAdminFromConfig } from './services/organization.service.js'
import { localRunningAnswers } from './services/running-answers.js'
import { localRuns } from './services/prediction.service.js'
import type { RunWorkers } from './queue/run-worker.js'
import { INVALIDATION_TOPICS } from './shared/invalidation.js'
import { memorySharedState } from './shared/shared-state.js'
import { registerOpenApi, registerOpenApiRoute } from './openapi.js'
import { registerWeb } from './web.js'

const packageJson = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  version: string
}

/** Where `npm run build` puts the web app, relative to this package. */
export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../web/dist', import.meta.url))

export interface BuildOptions {
  /** Tests pass their own mailer; otherwise SMTP from the config, or the log. */
  mailer?: Mailer
  /** PostgreSQL schema, instead of the config's (WEFT_DATABASE_SCHEMA); tests isolate each run in its own. */
  databaseSchema?: string
  logger?: boolean
  /** Where the log goes besides its daily files (standard output by default; tests capture it). */
  logTerminal?: NodeJS.WritableStream
  /** The GitHub repository API the star count comes from (tests point it at a fake). */
  githubApiUrl?: string
  /**
   * `worker` (queue mode, `npm run worker`): runs the queue's jobs and serves only /api/v1/health,
   * /ready and /metrics; `server` (the default) serves the app.
   */
  role?: 'server' | 'worker'
}

const runWorkersOfApp = new WeakMap<FastifyInstance, RunWorkers>()

/** The run workers of an app built with `role: 'worker'`. */
export function runWorkersOf(app: FastifyInstance): RunWorkers | undefined {
  return runWorkersOfApp.get(app)
}

const trustHops =
  (hops: number) =>
  (_address: string, hop: number): boolean =>
    hop < hops

/** Builds the whole app: database migrated, routes registered, ready to listen or to `inject`. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const logging = options.logger !== false
  // The log's daily files under WEFT_HOME/logs (none when the retention is 0); closed with the app.
  const logFiles =
    logging && config.logRetentionDays > 0
      ? openLogFiles({
          folder: join(config.home, 'logs'),
          retentionDays: config.logRetentionDays,
          onError: (error) => process.stderr.write(`The log files cannot be written: ${error.message}\n`),
        })
      : undefined
  const terminal = options.logTerminal ?? process.stdout
  const app = Fastify({
    logger: logging
      ? logOutput(config.logLevel, (terminal as { isTTY?: boolean }).isTTY === true, terminal, logFiles)
      : false,
    // A hop count trusts that many proxies in front; Fastify's types take it as a function.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 5 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>()
  if (logFiles) app.addHook('onClose', () => logFiles.close())
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  const { db, dialect } = await openDatabase({
    url: config.databaseUrl,
    home: config.home,
    schema: options.databaseSchema ?? config.databaseSchema,
  })
  app.addHook('onClose', () => db.destroy())
  // User code runs on worker threads of one pool per process; closing the app ends them.
  configureSandbox({ ...config.sandbox, allowedPrivateHosts: config.allowedPrivateHosts })
  app.addHook('onClose', () => closeSandbox())
  // Rate limits, login backoff and cache invalidation: in Redis in queue mode, else in memory.
  // Queue mode's modules (BullMQ, ioredis) are loaded only in queue mode.
  const shared = config.queue
    ? (await import('./shared/redis-shared-state.js')).openSharedState(config.queue, options.role ?? 'server')
    : memorySharedState()
  const ctx: AppContext = {
    config,
    db,
    dialect,
    keys: loadKeys(config.home, config.secretKey),
    mailer: options.mailer ?? createMailer(config, app.log),
    log: app.log,
    outbound: createOutboundGuard({ allowedPrivateHosts: config.allowedPrivateHosts }),
    runningAnswers: localRunningAnswers(),
    runs: localRuns(() => ctx),
    // Queue mode: connects in the background; /ready answers 503 naming Redis until it is reached.
    queue: config.queue ? (await import('./queue/queue-mode.js')).openQueueMode(config.queue) : undefined,
    shared,
  }
  app.addHook('onClose', () => ctx.outbound.close())
  const worker = options.role === 'worker'
  if (ctx.queue) {
    const queue = ctx.queue
    app.addHook('onClose', () => queue.close())
    if (!worker) {
      // This server relays the runs that workers do.
      const runs = (await import('./queue/queued-runs.js')).queuedRuns(ctx, queue)
      ctx.runs = runs
      ctx.runningAnswers = (await import('./queue/queued-running-answers.js')).queuedRunningAnswers(
        queue,
        config.runTimeoutMs,
      )
      app.addHook('onClose', () => runs.close())
    }
  }
  app.addHook('onClose', () => shared.close())
  // Stores kept open for searching hold their credentials' values: a changed credential reopens them.
  shared.invalidation.on(INVALIDATION_TOPICS.credential, forgetStoresUsing)
  if (worker) return buildWorkerApp(app, ctx)
  await upsertBuiltInRoles(db, BUILT_IN_ROLES)
  await ensureAdminFromConfig(ctx)
  await markInterruptedExchanges(ctx)
  const stopSweep = sweepInterruptedExchanges(ctx)
  app.addHook('onClose', stopSweep)
  await markInterruptedExecutions(ctx)
  const stopExecutionSweep = sweepInterruptedExecutions(ctx)
  app.addHook('onClose', stopExecutionSweep)
  const stopDocumentStoreJobs = await openDocumentStoreJobs(ctx)
  // In this order: jobs stop (and record it) before the collections they write are closed.
  app.addHook('onClose', async () => {
    await stopDocumentStoreJobs()
    await closeOpenStores()
    await closeEmbeddedCollections()
  })

  await registerSecurityHeaders(app)
  await registerCompression(app)
  await app.register(fastifyCookie)
  refuseCrossSiteChanges(app, ctx)
  // preHandler: the body is parsed by then, so limits can key on the account, and bad input is not counted.
  // Queue mode: counted in Redis by every server together (`shared.rateLimit`).
  await app.register(fastifyRateLimit, { global: false, hook: 'preHandler', ...shared.rateLimit })
  registerErrorHandler(app)
  registerHttpMetrics(app, metricsOf(ctx))
  if (ctx.queue) (await import('./metrics/queue-metrics.js')).registerQueueMetrics(metricsOf(ctx), ctx.queue)
  acceptEmptyJsonBodies(app)
  await registerOpenApi(app, packageJson.version)
  registerAuthentication(app, ctx)
  registerAuditLog(app, ctx)
  await app.register(
    async (api) => {
      registerOpenApiRoute(api, app)
      await api.register(settingsRoutes(ctx, packageJson.version))
      await api.register(
        githubRoutes(createGitHub({ apiUrl: options.githubApiUrl ?? GITHUB_REPO_API, enabled: config.githubStars })),
      )
      await api.register(organizationSetupRoutes(ctx))
      await api.register(authRoutes(ctx))
      await api.register(accountRoutes(ctx))
      await api.register(userRoutes(ctx))
      await api.register(workspaceRoutes(ctx))
      await api.register(workspaceUserRoutes(ctx))
      await api.register(workspaceSharedRoutes(ctx))
      await api.register(organizationUserRoutes(ctx))
      await api.register(roleRoutes(ctx))
      await api.register(loginActivityRoutes(ctx))
      await api.register(auditLogRoutes(ctx))
      await api.register(logRoutes(ctx))
      await api.register(fileRoutes(ctx))
      await api.register(ssoRoutes(ctx))
      await api.register(healthRoutes(ctx))
      await api.register(queueRoutes(ctx))
      await api.register(chatflowRoutes(ctx))
      await api.register(nodeRoutes(ctx))
      await api.register(marketplaceRoutes(ctx))
      await api.register(customTemplateRoutes(ctx))
      await api.register(assistantRoutes(ctx))
      await api.register(openAIAssistantRoutes(ctx))
      await api.register(credentialRoutes(ctx))
      await api.register(componentsCredentialRoutes)
      await api.register(variableRoutes(ctx))
      await api.register(toolRoutes(ctx))
      await api.register(apiKeyRoutes(ctx))
      await api.register(predictionRoutes(ctx))
      await api.register(vectorUpsertRoutes(ctx))
      await api.register(chatMessageRoutes(ctx))
      await api.register(chatAbortRoutes(ctx))
      await api.register(attachmentRoutes(ctx))
      await api.register(chatflowUploadsRoutes(ctx))
      await api.register(uploadFileRoutes(ctx))
      await api.register(executionRoutes(ctx))
      await api.register(exportImportRoutes(ctx))
      await api.register(documentStoreRoutes(ctx))
      await api.register(documentStoreVectorRoutes(ctx))
      await api.register(feedbackRoutes(ctx))
      await api.register(leadRoutes(ctx))
      await api.register(publicChatbotRoutes(ctx))
    },
    { prefix: '/api/v1' },
  )
  await registerWeb(app, config.webRoot, (flowId) => chatbotFrameAncestors(db, flowId))
  return app
}

/** A worker: its runs' answers marked when an earlier worker was cut short, the run workers, and the probes. */
async function buildWorkerApp(app: FastifyInstance, ctx: AppContext): Promise<FastifyInstance> {
  await markInterruptedExchanges(ctx)
  app.addHook('onClose', sweepInterruptedExchanges(ctx))
  await markInterruptedExecutions(ctx)
  app.addHook('onClose', sweepInterruptedExecutions(ctx))
  registerErrorHandler(app)
  registerHttpMetrics(app, metricsOf(ctx))
  await app.register(
    async (api) => {
      await api.register(healthRoutes(ctx))
    },
    { prefix: '/api/v1' },
  )
  const { startRunWorkers } = await import('./queue/run-worker.js')
  const workers = await startRunWorkers(ctx)
  runWorkersOfApp.set(app, workers)
  // Closing the app without the grace period of a shutdown: runs still going are handed back at once.
  app.addHook('onClose', async () => {
    await workers.close(0)
  })
  // Document store processing and upserts; jobs still running end as interrupted at close.
  const { startDocumentStoreWorker } = await import('./queue/document-store-worker.js')
  const documentStoreWorker = await startDocumentStoreWorker(ctx, app)
  app.addHook('onClose', async () => {
    await documentStoreWorker.close()
  })
  return app
}
