import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ALL_EXPORT_FLAGS, BUNDLE_GROUPS } from '@weft/core'
import type { AppContext } from '../context.js'
import { principalOf } from '../auth/authenticate.js'
import { acceptLargeJsonBodies } from '../http/json-body.js'
import { exportWorkspace } from '../services/export.service.js'
import { importBundle } from '../services/import.service.js'
import { importUploadedFlowise, KEY_FIELD } from '../services/flowise-import/import-upload.js'
import { FILE_FIELD } from '../http/multipart-files.js'

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

const counted = z.object({ added: z.number(), alreadyThere: z.number() })
const migration = z.object({
  text: z.string().describe('The report as the command prints it'),
  report: z.object({
    workspace: z.object({ id: z.string(), name: z.string() }),
    counts: z.record(z.string(), counted),
    renamed: z.array(z.object({ kind: z.string(), name: z.string(), from: z.string(), to: z.string() })),
    leftBehind: z.array(z.object({ kind: z.string(), name: z.string(), reason: z.string() })),
    notes: z.array(z.object({ kind: z.string(), name: z.string(), note: z.string() })),
  }),
})

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

    // Only the Flowise migration takes a multipart body here: the database file arrives whole.
    app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))

    app.post(
      '/export-import/import-flowise',
      {
        config: { access: { permission: 'workspace:import' } },
        bodyLimit: ctx.config.flowBodyLimitBytes,
        schema: {
          description: `A Flowise SQLite database as multipart/form-data in "${FILE_FIELD}", its encryption key in "${KEY_FIELD}"; migrates it into the workspace and answers the report`,
          response: { 200: migration },
        },
      },
      async (request) =>
        importUploadedFlowise(ctx, principalOf(request), request.body, request.headers['content-type']),
    )
  }
