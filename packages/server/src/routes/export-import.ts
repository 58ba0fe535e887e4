import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ALL_EXPORT_FLAGS, BUNDLE_GROUPS } from '@weft/core'
import type { AppContext } from '../context.js'
import { principalOf } from '../auth/authenticate.js'
import { acceptLargeJsonBodies } from '../http/json-body.js'
import { exportWorkspace } from '../services/export.service.js'
import { importBundle } from '../services/import.service.js'

const flags = z
  .object(Object.fromEntries(ALL_EXPORT_FLAGS.map((flag) => [flag, z.boolean('must be true or false').optional()])))
  .refine((body) => Object.values(body).some((chosen) => chosen === true), {
    message: `choose at least one of ${ALL_EXPORT_FLAGS.join(', ')} to export`,
  })
  .describe('What to export (SPEC §3 export selection), e.g. { "chatflow": true, "tool": true }')

// The import reads the file itself, so its message names the group, record and field that are wrong.
const bundle = z
  .record(z.string(), z.unknown(), 'must be the JSON object of an export file')
  .describe(`An "Export All" file: ${BUNDLE_GROUPS.join(', ')}, each a list of records`)

/** Export and import of the caller's workspace (SPEC §4, §7 /export-import), in Flowise's file format. */
export const exportImportRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    acceptLargeJsonBodies(app)

    app.post(
      '/export-import/export',
      { config: { access: { permission: 'workspace:export' } }, schema: { body: flags } },
      async (request, reply) =>
        reply.type('application/json').send(await exportWorkspace(ctx, principalOf(request), request.body)),
    )

    app.post(
      '/export-import/import',
      {
        config: { access: { permission: 'workspace:import' } },
        bodyLimit: ctx.config.flowBodyLimitBytes,
        schema: { body: bundle, response: { 200: z.object({ message: z.string() }) } },
      },
      async (request) => {
        await importBundle(ctx, principalOf(request), request.body)
        return { message: 'Import All successful' }
      },
    )
  }
