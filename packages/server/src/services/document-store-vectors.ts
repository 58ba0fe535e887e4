import { join } from 'node:path'
import { cannotRun, type InputParam } from '@weft/core'
import {
  buildComponent,
  findNode,
  isEmbedder,
  nameBasedUuid,
  type Embedder,
  type NodeDefinition,
  type RunScope,
  type VectorCollection,
} from '@weft/nodes'
import type { AppContext } from '../context.js'
import { badRequest, HttpError } from '../http-error.js'
import { readCredentialData } from './credentials.service.js'
import { storeScope } from './document-store-loading.js'
import type { ComponentConfig } from './document-stores.service.js'

// A store's chunks go through the embedding and the vector store its settings name: the catalogue's
// own nodes, built as a flow builds them, so a store can use every embedding and vector store a
// chatflow can.

/** Where the Embedded Vector Store keeps a workspace's collections: inside the data folder. */
export const vectorFolderOf = (ctx: Pick<AppContext, 'config'>, workspaceId: string) =>
  join(ctx.config.home, 'vectors', workspaceId)

/** A vector's id: a UUID named by its chunk's loader, text and metadata (what every store takes). */
export const vectorIdOf = (loaderId: string, pageContent: string, metadata: Record<string, unknown>): string =>
  nameBasedUuid(`${loaderId}\n${pageContent}\n${stableJson(metadata)}`)

/** JSON with keys in order, so equal metadata hashes alike whatever order it was written in. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/** The nodes' inputs as saved, with each input left out taking its default, and the credential id apart. */
function splitConfig(params: readonly InputParam[], config: Record<string, unknown>) {
  const { credential, FLOWISE_CREDENTIAL_ID, ...inputs } = config
  for (const param of params) {
    if (param.default !== undefined && (inputs[param.name] === undefined || inputs[param.name] === '')) {
      inputs[param.name] = param.default
    }
  }
  const credentialId = [credential, FLOWISE_CREDENTIAL_ID].find((id) => typeof id === 'string' && id !== '')
  return { inputs, credentialId: credentialId as string | undefined }
}

/** A run scope for building nodes outside any flow, with the workspace's vector folder. */
export const storeRunScope = (
  ctx: Pick<AppContext, 'outbound' | 'config'>,
  workspaceId: string,
  signal: AbortSignal,
): RunScope => ({ ...storeScope(ctx, signal), vectorFolder: vectorFolderOf(ctx, workspaceId) })

/** The embedding node a store names, refusing what is not one or cannot run (400 naming it). */
export function embeddingNode(name: string): NodeDefinition {
  const definition = findNode(name)
  if (!definition || definition.descriptor.category !== 'Embeddings') {
    throw badRequest(`embeddingName: Weft has no embedding named "${name}"`)
  }
  if (cannotRun(definition.descriptor) || !definition.run) {
    throw badRequest(`embeddingName: ${definition.descriptor.label} cannot run in this version of Weft yet`)
  }
  return definition
}

/** The vector store node a store names; only those that can keep a store's vectors. */
export function vectorStoreNode(name: string): NodeDefinition {
  const definition = findNode(name)
  if (!definition || definition.descriptor.category !== 'Vector Stores') {
    throw badRequest(`vectorStoreName: Weft has no vector store named "${name}"`)
  }
  if (!definition.openCollection) {
    throw badRequest(
      `vectorStoreName: ${definition.descriptor.label} cannot keep a document store's vectors; choose another vector store`,
    )
  }
  return definition
}

/** A collection a document store uses: the Embedded Vector Store's default one becomes the store's own. */
function collectionInputs(name: string, inputs: Record<string, unknown>, storeId: string) {
  if (name !== 'embeddedVectorStore') return inputs
  const collection = typeof inputs.collectionName === 'string' ? inputs.collectionName.trim() : ''
  return collection === '' || collection === 'default' ? { ...inputs, collectionName: `store-${storeId}` } : inputs
}

export interface StoreVectors {
  embedder: Embedder
  embeddingLabel: string
  vectorStoreLabel: string
  /** Opens the vector store's collection for vectors of this length. */
  open: (dimensions: number) => Promise<VectorCollection>
}

/** Builds the store's embedding and prepares its vector store; a wrong setting answers 400 naming it. */
export async function storeVectors(
  ctx: AppContext,
  workspaceId: string,
  storeId: string,
  configs: { embedding: ComponentConfig; vectorStore: ComponentConfig },
  signal: AbortSignal,
): Promise<StoreVectors> {
  const scope = storeRunScope(ctx, workspaceId, signal)
  const credentialOf = async (id: string | undefined, field: string) => {
    if (id === undefined) return undefined
    try {
      return await readCredentialData(ctx, workspaceId, id)
    } catch {
      throw badRequest(`${field}.credential: no credential ${id} in this workspace`)
    }
  }
  const embedding = embeddingNode(configs.embedding.name)
  const embeddingSettings = splitConfig(embedding.descriptor.inputs ?? [], configs.embedding.config)
  let embedder: unknown
  try {
    embedder = await buildComponent(embedding, {
      nodeId: embedding.descriptor.name,
      label: embedding.descriptor.label,
      inputs: embeddingSettings.inputs,
      credential: await credentialOf(embeddingSettings.credentialId, 'embeddingConfig'),
      isEnding: false,
      scope,
    })
  } catch (error) {
    if (error instanceof HttpError) throw error
    throw badRequest(`${embedding.descriptor.label}: ${error instanceof Error ? error.message : String(error)}`)
  }
  if (!isEmbedder(embedder)) throw badRequest(`embeddingName: ${embedding.descriptor.label} gave no embedder`)
  const store = vectorStoreNode(configs.vectorStore.name)
  const storeSettings = splitConfig(store.descriptor.inputs ?? [], configs.vectorStore.config)
  const storeCredential = await credentialOf(storeSettings.credentialId, 'vectorStoreConfig')
  return {
    embedder,
    embeddingLabel: embedding.descriptor.label,
    vectorStoreLabel: store.descriptor.label,
    open: (dimensions) =>
      store.openCollection!(
        {
          nodeId: store.descriptor.name,
          label: store.descriptor.label,
          inputs: collectionInputs(store.descriptor.name, storeSettings.inputs, storeId),
          credential: storeCredential,
          isEnding: false,
          scope,
        },
        dimensions,
      ),
  }
}
