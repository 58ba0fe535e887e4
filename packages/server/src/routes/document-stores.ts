import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { principalOf } from '../auth/authenticate.js'
import type { AppContext } from '../context.js'
import { deleteChunk, editChunk, getChunkPage } from '../services/document-store-chunks.service.js'
import {
  FILE_FIELD,
  readUploadedFile,
  STORE_FILE_MAX_BYTES,
  uploadStoreFile,
} from '../services/document-store-files.service.js'
import { cancelJob, listJobs, startProcessing } from '../services/document-store-jobs.service.js'
import { deleteStoreWithVectors } from '../services/document-store-upsert.service.js'
import { deleteLoader, previewLoader, saveLoader } from '../services/document-store-loaders.service.js'
import {
  createDocumentStore,
  getDocumentStore,
  listDocumentStores,
  updateDocumentStore,
} from '../services/document-stores.service.js'
import {
  chunkChange,
  chunkPageSchema,
  chunkSchema,
  deleted,
  fileSchema,
  id,
  jobSchema,
  loaderSchema,
  loaderSettings,
  newStore,
  pageNo,
  previewSchema,
  storeSchema,
  storeUpdate,
} from './document-store-fields.js'

// Flowise's document store permissions: viewing, and one for each kind of change.
const access = { permission: 'documentStores:view' }
const can = (permission: string) => ({ permission })

const byId = z.object({ id })
const byStore = z.object({ storeId: id })
const byLoader = z.object({ storeId: id, loaderId: id })
const byChunk = z.object({ storeId: id, loaderId: id, chunkId: id })

/** The multipart body with its file and a little room for the form's own lines. */
const UPLOAD_BODY_LIMIT = STORE_FILE_MAX_BYTES + 1024 * 1024

/**
 * Document stores of the workspace (Flowise's `/document-store/...` paths): stores, the files and
 * loaders that fill them, processing as a background job, and the chunks it makes.
 */
export const documentStoreRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Only this plugin's routes take multipart bodies; they arrive whole and the upload route reads them.
    app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))

    app.get(
      '/document-store/store',
      { config: { access }, schema: { response: { 200: z.array(storeSchema) } } },
      async (request) => listDocumentStores(ctx, principalOf(request)),
    )

    app.post(
      '/document-store/store',
      { config: { access: can('documentStores:create') }, schema: { body: newStore, response: { 201: storeSchema } } },
      async (request, reply) =>
        reply.status(201).send(await createDocumentStore(ctx, principalOf(request), request.body)),
    )

    app.get(
      '/document-store/store/:id',
      { config: { access }, schema: { params: byId, response: { 200: storeSchema } } },
      async (request) => getDocumentStore(ctx, principalOf(request), request.params.id),
    )

    app.put(
      '/document-store/store/:id',
      {
        config: { access: can('documentStores:update') },
        schema: { params: byId, body: storeUpdate, response: { 200: storeSchema } },
      },
      async (request) => updateDocumentStore(ctx, principalOf(request), request.params.id, request.body),
    )

    app.delete(
      '/document-store/store/:id',
      { config: { access: can('documentStores:delete') }, schema: { params: byId, response: { 200: deleted } } },
      async (request) => deleteStoreWithVectors(ctx, principalOf(request), request.params.id),
    )

    app.post(
      '/document-store/files/:storeId',
      {
        config: { access: can('documentStores:add-loader') },
        bodyLimit: UPLOAD_BODY_LIMIT,
        schema: {
          description: `One file as multipart/form-data in the field "${FILE_FIELD}"; answers it without its content.`,
          params: byStore,
          response: { 201: fileSchema },
        },
      },
      async (request, reply) => {
        const file = await readUploadedFile(request.body, request.headers['content-type'])
        return reply.status(201).send(await uploadStoreFile(ctx, principalOf(request), request.params.storeId, file))
      },
    )

    app.post(
      '/document-store/loader/preview',
      {
        config: { access: can('documentStores:preview-process') },
        schema: { body: loaderSettings, response: { 200: previewSchema } },
      },
      async (request) => previewLoader(ctx, principalOf(request), request.body),
    )

    app.post(
      '/document-store/loader/save',
      {
        config: { access: can('documentStores:add-loader') },
        schema: { body: loaderSettings, response: { 200: loaderSchema } },
      },
      async (request) => saveLoader(ctx, principalOf(request), request.body),
    )

    // Processes the loader as saved; the job runs on after the answer.
    app.post(
      '/document-store/loader/process/:loaderId',
      {
        config: { access: can('documentStores:preview-process') },
        schema: { params: z.object({ loaderId: id }), response: { 202: jobSchema } },
      },
      async (request, reply) =>
        reply.status(202).send(await startProcessing(ctx, principalOf(request), request.params.loaderId)),
    )

    app.delete(
      '/document-store/loader/:storeId/:loaderId',
      {
        config: { access: can('documentStores:delete-loader') },
        schema: { params: byLoader, response: { 200: storeSchema } },
      },
      async (request) => deleteLoader(ctx, principalOf(request), request.params.storeId, request.params.loaderId),
    )

    app.get(
      '/document-store/chunks/:storeId/:loaderId/:pageNo',
      {
        config: { access },
        schema: {
          params: byLoader.extend({ pageNo }),
          querystring: z.object({ search: z.string().max(1000, 'must be at most 1000 characters').optional() }),
          response: { 200: chunkPageSchema },
        },
      },
      async (request) => {
        const { storeId, loaderId, pageNo: page } = request.params
        return getChunkPage(ctx, principalOf(request), { storeId, loaderId }, Number(page), request.query.search)
      },
    )

    app.put(
      '/document-store/chunks/:storeId/:loaderId/:chunkId',
      {
        config: { access: can('documentStores:update') },
        schema: { params: byChunk, body: chunkChange, response: { 200: chunkSchema } },
      },
      async (request) => editChunk(ctx, principalOf(request), request.params, request.body),
    )

    app.delete(
      '/document-store/chunks/:storeId/:loaderId/:chunkId',
      { config: { access: can('documentStores:update') }, schema: { params: byChunk, response: { 200: deleted } } },
      async (request) => deleteChunk(ctx, principalOf(request), request.params),
    )

    app.get(
      '/document-store/jobs/:storeId',
      { config: { access }, schema: { params: byStore, response: { 200: z.array(jobSchema) } } },
      async (request) => listJobs(ctx, principalOf(request), request.params.storeId),
    )

    app.post(
      '/document-store/jobs/:jobId/cancel',
      {
        config: { access: can('documentStores:preview-process') },
        schema: { params: z.object({ jobId: id }), response: { 200: jobSchema } },
      },
      async (request) => cancelJob(ctx, principalOf(request), request.params.jobId),
    )
  }
