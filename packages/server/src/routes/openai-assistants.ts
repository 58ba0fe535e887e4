import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppContext } from '../context.js'
import { principalOf } from '../auth/authenticate.js'
import { STORE_FILE_MAX_BYTES } from '../services/document-store-files.service.js'
import {
  createVectorStore,
  deleteVectorStore,
  getProviderAssistant,
  getVectorStore,
  listProviderAssistants,
  listVectorStoreFiles,
  listVectorStores,
  readUploadedFiles,
  removeVectorStoreFiles,
  updateVectorStore,
  uploadIntoVectorStore,
  uploadProviderFiles,
} from '../services/openai-assistants.service.js'

const view = { access: { permission: 'assistants:view' } }
const edit = { access: { permission: 'assistants:create,assistants:update' } }
const remove = { access: { permission: 'assistants:delete' } }

const providerId = z.string().min(1).max(100)
/** The credential whose key and address every call uses: one of the caller's workspace. */
const withCredential = z.object({ credential: z.string('is required').min(1, 'is required').max(100) })
const byId = z.object({ id: providerId })

// The provider's objects are answered as it sends them (its fields kept); only their ids are promised here.
const providerObject: z.ZodType<{ id: string }> = z.looseObject({ id: z.string() })
const deleted: z.ZodType<{ id: string; deleted: boolean }> = z.looseObject({ id: z.string(), deleted: z.boolean() })

const storeName = z.string('must be text').trim().min(1, 'is required').max(256, 'must be at most 256 characters')
const newStore = z.object({ name: storeName, file_ids: z.array(providerId).max(500).optional() })

/** Room for the most files one upload takes, and the form's own lines. */
const UPLOAD_BODY_LIMIT = 2 * STORE_FILE_MAX_BYTES + 1024 * 1024

/**
 * Flowise's helper routes of the OpenAI and Azure assistant forms: assistants to load, files to
 * upload, vector stores to pick, make and fill, all at the provider of the `credential` named.
 */
export const openAIAssistantRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Only this plugin's upload routes take multipart bodies; they arrive whole and are read there.
    app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))

    app.get(
      '/openai-assistants',
      { config: view, schema: { querystring: withCredential, response: { 200: z.array(providerObject) } } },
      async (request) => listProviderAssistants(ctx, principalOf(request), request.query.credential),
    )

    app.get(
      '/openai-assistants/:id',
      { config: view, schema: { params: byId, querystring: withCredential, response: { 200: providerObject } } },
      async (request) => getProviderAssistant(ctx, principalOf(request), request.query.credential, request.params.id),
    )

    app.post(
      '/openai-assistants-file/upload',
      {
        config: edit,
        bodyLimit: UPLOAD_BODY_LIMIT,
        schema: {
          description: 'Files as multipart/form-data in the field "files", uploaded for assistants.',
          querystring: withCredential,
          response: { 200: z.array(providerObject) },
        },
      },
      async (request) => {
        const files = await readUploadedFiles(request.body, request.headers['content-type'])
        return uploadProviderFiles(ctx, principalOf(request), request.query.credential, files)
      },
    )

    app.get(
      '/openai-assistants-vector-store',
      { config: view, schema: { querystring: withCredential, response: { 200: z.array(providerObject) } } },
      async (request) => listVectorStores(ctx, principalOf(request), request.query.credential),
    )

    app.post(
      '/openai-assistants-vector-store',
      { config: edit, schema: { querystring: withCredential, body: newStore, response: { 200: providerObject } } },
      async (request) => createVectorStore(ctx, principalOf(request), request.query.credential, request.body),
    )

    app.get(
      '/openai-assistants-vector-store/:id',
      { config: view, schema: { params: byId, querystring: withCredential, response: { 200: providerObject } } },
      async (request) => getVectorStore(ctx, principalOf(request), request.query.credential, request.params.id),
    )

    app.put(
      '/openai-assistants-vector-store/:id',
      {
        config: edit,
        schema: {
          params: byId,
          querystring: withCredential,
          body: z.object({ name: storeName }),
          response: { 200: providerObject },
        },
      },
      async (request) =>
        updateVectorStore(ctx, principalOf(request), request.query.credential, request.params.id, request.body),
    )

    app.delete(
      '/openai-assistants-vector-store/:id',
      { config: remove, schema: { params: byId, querystring: withCredential, response: { 200: deleted } } },
      async (request) => deleteVectorStore(ctx, principalOf(request), request.query.credential, request.params.id),
    )

    app.post(
      '/openai-assistants-vector-store/:id',
      {
        config: edit,
        bodyLimit: UPLOAD_BODY_LIMIT,
        schema: {
          description: 'Files as multipart/form-data in the field "files", uploaded and added to the vector store.',
          params: byId,
          querystring: withCredential,
          response: { 200: z.array(providerObject) },
        },
      },
      async (request) => {
        const files = await readUploadedFiles(request.body, request.headers['content-type'])
        return uploadIntoVectorStore(ctx, principalOf(request), request.query.credential, request.params.id, files)
      },
    )

    app.get(
      '/openai-assistants-vector-store/:id/files',
      {
        config: view,
        schema: { params: byId, querystring: withCredential, response: { 200: z.array(providerObject) } },
      },
      async (request) => listVectorStoreFiles(ctx, principalOf(request), request.query.credential, request.params.id),
    )

    app.delete(
      '/openai-assistants-vector-store/:id/files',
      {
        config: edit,
        schema: {
          params: byId,
          querystring: withCredential,
          body: z.object({ file_ids: z.array(providerId).min(1, 'name at least one file').max(100) }),
          response: { 200: z.object({ deleted: z.array(z.string()) }) },
        },
      },
      async (request) =>
        removeVectorStoreFiles(
          ctx,
          principalOf(request),
          request.query.credential,
          request.params.id,
          request.body.file_ids,
        ),
    )
  }
