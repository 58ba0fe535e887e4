import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { cannotRun } from '@weft/core'
import { nodes } from '@weft/nodes'
import { principalOf } from '../auth/authenticate.js'
import type { AppContext } from '../context.js'
import { queryStore } from '../services/document-store-search.js'
import {
  deleteStoreVectors,
  listUpsertHistory,
  saveVectorStoreConfig,
  startUpsert,
} from '../services/document-store-upsert.service.js'
import { id, jobSchema, storeSchema } from './document-store-fields.js'

// Upserting a document store into a vector store and querying it (Flowise's
// `/document-store/vectorstore/...` and `/document-store/components/...` paths).

const view = { permission: 'documentStores:view' }
const upsertConfig = { permission: 'documentStores:upsert-config' }

const object = (what: string) => z.record(z.string(), z.unknown(), `must be an object of ${what}`)

const vectorStoreSettings = z.object({
  storeId: id,
  docId: id.optional(),
  embeddingName: z.string('is required').min(1, 'is required').max(255),
  embeddingConfig: object('the embedding node’s inputs').default({}),
  vectorStoreName: z.string('is required').min(1, 'is required').max(255),
  vectorStoreConfig: object('the vector store node’s inputs').default({}),
  recordManagerName: z.string('must be text').max(255).nullish(),
  recordManagerConfig: object('the record manager’s settings').nullish(),
})

const plainValue = z.union([z.string(), z.number(), z.boolean()])

const vectorQuery = z.object({
  storeId: id,
  query: z.string('is required').max(10_000, 'must be at most 10000 characters'),
  topK: z
    .number('must be a number')
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(100, 'must be at most 100')
    .optional(),
  filter: z.union([z.record(z.string(), plainValue), z.string()], 'must be a JSON object of plain values').optional(),
})

const foundChunk = z.object({
  id: z.string(),
  pageContent: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  score: z.number(),
})

const upsertResult = z.object({
  numAdded: z.number(),
  numUpdated: z.number(),
  numSkipped: z.number(),
  numDeleted: z.number(),
})

const historyEntry = z.object({
  id: z.string(),
  storeId: z.string(),
  jobId: z.string(),
  status: z.string(),
  result: upsertResult.nullable(),
  embeddingName: z.string(),
  vectorStoreName: z.string(),
  error: z.string().nullable(),
  date: z.string(),
})

/** The embeddings and vector stores a store can upsert with: what runs, and (stores) what keeps vectors. */
const embeddingDescriptors = () =>
  nodes
    .filter((node) => node.descriptor.category === 'Embeddings' && node.run && !cannotRun(node.descriptor))
    .map((node) => node.descriptor)
const vectorStoreDescriptors = () =>
  nodes
    .filter((node) => node.descriptor.category === 'Vector Stores' && node.openCollection)
    .map((node) => node.descriptor)

export const documentStoreVectorRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/document-store/components/embeddings', { config: { access: view } }, async () => embeddingDescriptors())

    app.get('/document-store/components/vectorstore', { config: { access: view } }, async () =>
      vectorStoreDescriptors(),
    )

    app.post(
      '/document-store/vectorstore/save',
      { config: { access: upsertConfig }, schema: { body: vectorStoreSettings, response: { 200: storeSchema } } },
      async (request) => saveVectorStoreConfig(ctx, principalOf(request), request.body),
    )

    app.post(
      '/document-store/vectorstore/insert',
      { config: { access: upsertConfig }, schema: { body: vectorStoreSettings, response: { 202: jobSchema } } },
      async (request, reply) => reply.status(202).send(await startUpsert(ctx, principalOf(request), request.body)),
    )

    app.delete(
      '/document-store/vectorstore/:storeId',
      {
        config: { access: upsertConfig },
        schema: { params: z.object({ storeId: id }), response: { 200: storeSchema } },
      },
      async (request) => deleteStoreVectors(ctx, principalOf(request), request.params.storeId),
    )

    app.post(
      '/document-store/vectorstore/query',
      {
        config: { access: view },
        schema: {
          body: vectorQuery,
          response: { 200: z.object({ timeTaken: z.number(), docs: z.array(foundChunk) }) },
        },
      },
      async (request) => queryStore(ctx, principalOf(request), request.body),
    )

    app.get(
      '/document-store/upsert-history/:storeId',
      {
        config: { access: view },
        schema: { params: z.object({ storeId: id }), response: { 200: z.array(historyEntry) } },
      },
      async (request) => listUpsertHistory(ctx, principalOf(request), request.params.storeId),
    )
  }
