import { z } from 'zod'
import { DOCUMENT_STORE_STATUSES } from '@weft/core'

// Schemas of the document store API: what it takes and answers (the fields of core's document-store types).

export const id = z.string().min(1).max(100)
const object = (what: string) => z.record(z.string(), z.unknown(), `must be an object of ${what}`)

const componentConfig = z
  .object({ name: z.string('is required').min(1, 'is required').max(255), config: object('settings') })
  .nullable()

export const newStore = z.object({
  name: z.string('is required').trim().min(1, 'is required').max(255, 'must be at most 255 characters'),
  description: z.string('must be text').max(10_000, 'must be at most 10000 characters').optional(),
  embeddingConfig: componentConfig.optional(),
  vectorStoreConfig: componentConfig.optional(),
  recordManagerConfig: componentConfig.optional(),
})
export const storeUpdate = newStore.partial()

export const loaderSettings = z.object({
  storeId: id,
  id: id.optional(),
  loaderId: z.string('is required').min(1, 'is required').max(255),
  loaderName: z.string('must be text').max(255).optional(),
  loaderConfig: object('the loader node’s inputs').default({}),
  splitterId: z.string('must be text').max(255).nullish(),
  splitterName: z.string('must be text').max(255).nullish(),
  splitterConfig: object('the splitter node’s inputs').nullish(),
  metadata: object('metadata to add').nullish(),
  omitMetadataKeys: z.string('must be comma-separated keys').max(2000).nullish(),
  previewChunkCount: z.number('must be a number').int('must be a whole number').min(1).max(1000).optional(),
})

export const chunkChange = z.object({
  pageContent: z.string('is required').min(1, 'must not be empty').max(1_000_000, 'must be at most 1000000 characters'),
  metadata: object('metadata').optional(),
})

export const fileSchema = z.object({
  id: z.string(),
  name: z.string(),
  mimePrefix: z.string(),
  size: z.number(),
  uploaded: z.string(),
})

const loaderStatus = z.enum(['NEW', 'SYNCING', 'SYNC', 'STALE', 'ERROR'])

export const loaderSchema = z.object({
  id: z.string(),
  loaderId: z.string(),
  loaderName: z.string(),
  loaderConfig: z.record(z.string(), z.unknown()),
  splitterId: z.string().optional(),
  splitterName: z.string().optional(),
  splitterConfig: z.record(z.string(), z.unknown()).optional(),
  totalChunks: z.number(),
  totalChars: z.number(),
  status: loaderStatus,
  files: z.array(fileSchema).optional(),
  source: z.string().optional(),
  error: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).optional().describe('Weft’s own: the metadata added to every chunk'),
  omitMetadataKeys: z.string().optional().describe('Weft’s own: the metadata keys left out of every chunk'),
})

const componentSchema = z.object({ name: z.string(), config: z.record(z.string(), z.unknown()) }).nullable()

export const storeSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(DOCUMENT_STORE_STATUSES),
  loaders: z.array(loaderSchema),
  whereUsed: z.array(z.object({ id: z.string(), name: z.string() })),
  embeddingConfig: componentSchema,
  vectorStoreConfig: componentSchema,
  recordManagerConfig: componentSchema,
  totalChunks: z.number(),
  totalChars: z.number(),
  createdDate: z.string(),
  updatedDate: z.string(),
})

const chunkDocument = z.object({ pageContent: z.string(), metadata: z.record(z.string(), z.unknown()) })

export const previewSchema = z.object({
  chunks: z.array(chunkDocument),
  totalChunks: z.number(),
  previewChunkCount: z.number(),
})

export const chunkSchema = chunkDocument.extend({
  id: z.string(),
  docId: z.string(),
  storeId: z.string(),
  chunkNo: z.number(),
})

export const chunkPageSchema = z.object({
  chunks: z.array(chunkSchema),
  count: z.number(),
  file: loaderSchema,
  currentPage: z.number(),
  storeName: z.string(),
  description: z.string(),
})

export const jobSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  loaderId: z.string().nullable(),
  kind: z.enum(['process', 'upsert']),
  status: z.enum(['queued', 'running', 'done', 'failed', 'cancelled', 'interrupted']),
  done: z.number(),
  total: z.number(),
  error: z.string().nullable(),
  createdDate: z.string(),
  updatedDate: z.string(),
})

export const deleted = z.object({ deleted: z.number() })

export const pageNo = z
  .string()
  .regex(/^\d+$/, 'must be a whole number')
  .refine((text) => Number(text) >= 1 && Number(text) <= 1_000_000, 'must be from 1 to 1000000')
