import { cannotRun, type FileLoader, type SourceDocument } from '@weft/core'
import { buildComponent, findNode, nodes, type NodeDefinition, type RunScope } from '@weft/nodes'
import type { AppContext } from '../context.js'
import { badRequest } from '../http-error.js'
import type { NewChunk } from '../db/repositories/document-store-chunks.repository.js'
import { omitMetadataKeys } from './document-store-rules.js'

// Loading and splitting a store's documents is what a loader node connected to a splitter node
// does in a chatflow; the catalogue's own nodes do it here too, built the way the engine builds them.

/** What a loader reads its documents with: its node and settings, the splitter, and the metadata rules. */
export interface LoaderRecipe {
  loaderId: string
  loaderConfig: Record<string, unknown>
  splitterId?: string | null | undefined
  splitterConfig?: Record<string, unknown> | null | undefined
  metadata?: Record<string, unknown> | null | undefined
  omitMetadataKeys?: string | null | undefined
}

/** A stored file as the loader reads it: its content is base64. */
export interface LoaderFile {
  name: string
  mime: string
  content: string
}

const LOADER_CATEGORY = 'Document Loaders'
const SPLITTER_CATEGORY = 'Text Splitters'

function catalogueNode(name: string, category: string, field: string, kind: string): NodeDefinition {
  const definition = findNode(name)
  if (!definition || definition.descriptor.category !== category) {
    throw badRequest(`${field}: Weft has no ${kind} named "${name}"`)
  }
  if (cannotRun(definition.descriptor)) {
    throw badRequest(
      `${field}: ${definition.descriptor.label} cannot run in this version of Weft yet; choose another ${kind}`,
    )
  }
  return definition
}

/** The loader node, refusing one that is not a loader or cannot run yet (400 naming it). */
export const loaderNode = (name: string) => catalogueNode(name, LOADER_CATEGORY, 'loaderId', 'document loader')

/** The splitter node, refusing one that is not a splitter or cannot run yet. */
export const splitterNode = (name: string) => catalogueNode(name, SPLITTER_CATEGORY, 'splitterId', 'text splitter')

/** The loader's input that takes a file (Csv File, Json File, …) or a folder's files (Folder with Files), if any. */
export const fileInputOf = (definition: NodeDefinition) =>
  definition.descriptor.inputs?.find((input) => input.type === 'file' || input.type === 'folder')?.name

/** The loader as the file rules see it: its label and the types its file (or folder) input takes. */
export const fileLoaderOf = (definition: NodeDefinition): FileLoader => ({
  label: definition.descriptor.label,
  fileType:
    definition.descriptor.inputs?.find((input) => input.type === 'file' || input.type === 'folder')?.fileType ?? '',
})

/** Every loader a store can read uploaded files with: the catalogue's runnable loaders with a file input. */
export const storeFileLoaders = (): FileLoader[] =>
  nodes
    .filter((node) => node.descriptor.category === LOADER_CATEGORY && !cannotRun(node.descriptor))
    .map(fileLoaderOf)
    .filter((loader) => loader.fileType !== '')

const takesFolder = (definition: NodeDefinition) =>
  definition.descriptor.inputs?.some((input) => input.type === 'folder') ?? false

/** Checks what can be checked before loading: the nodes, and that files come as stored ids. */
export function checkRecipe(recipe: LoaderRecipe): void {
  const loader = loaderNode(recipe.loaderId)
  if (recipe.splitterId) splitterNode(recipe.splitterId)
  const fileInput = fileInputOf(loader)
  const given = fileInput === undefined ? undefined : recipe.loaderConfig[fileInput]
  if (typeof given === 'string' && given.trim() !== '') {
    if (takesFolder(loader)) {
      throw badRequest(
        `loaderConfig.${fileInput}: Weft never reads a folder of the server; upload the folder's files to the store (POST /api/v1/document-store/files/:storeId) and list their ids in loaderConfig.files`,
      )
    }
    throw badRequest(
      `loaderConfig.${fileInput}: upload the file to the store (POST /api/v1/document-store/files/:storeId) and list its id in loaderConfig.files`,
    )
  }
}

/** The file ids a loader's settings list (`loaderConfig.files`), refusing anything else. */
export function fileIdsOf(loaderConfig: Record<string, unknown>): string[] {
  const files = loaderConfig.files ?? []
  if (!Array.isArray(files) || !files.every((id) => typeof id === 'string' && id !== '')) {
    throw badRequest('loaderConfig.files: must be a list of file ids')
  }
  return [...new Set(files as string[])]
}

/** The loader's Additional Metadata (an object or its JSON text) merged with the metadata the settings add. */
function addedMetadata(recipe: LoaderRecipe): Record<string, unknown> {
  let own: unknown = recipe.loaderConfig.metadata ?? {}
  if (typeof own === 'string') {
    try {
      own = own.trim() === '' ? {} : JSON.parse(own)
    } catch {
      throw badRequest('loaderConfig.metadata: must be a JSON object such as { "source": "handbook" }')
    }
  }
  if (typeof own !== 'object' || own === null || Array.isArray(own)) {
    throw badRequest('loaderConfig.metadata: must be a JSON object such as { "source": "handbook" }')
  }
  return { ...(own as Record<string, unknown>), ...recipe.metadata }
}

/** A file input's value as the canvas stores it: a JSON list of `data:<mime>;base64,<content>,filename:<name>`. */
const fileInputValue = (files: readonly LoaderFile[]) =>
  JSON.stringify(files.map((file) => `data:${file.mime};base64,${file.content},filename:${file.name}`))

/** A run scope for building nodes outside any flow: no question, no history, nothing to stream to. */
export const storeScope = (ctx: Pick<AppContext, 'outbound'>, signal: AbortSignal): RunScope => ({
  flowId: '',
  chatId: '',
  sessionId: '',
  question: '',
  history: [],
  vars: {},
  flowState: new Map(),
  memory: { history: async () => [] },
  emit: () => {},
  streaming: false,
  signal,
  fetch: ctx.outbound.fetch,
})

/** Builds a node; what it throws (the user's settings) answers 400 naming the node. */
async function build(
  definition: NodeDefinition,
  inputs: Record<string, unknown>,
  scope: RunScope,
  output?: string,
): Promise<unknown> {
  const { label, name } = definition.descriptor
  try {
    return await buildComponent(definition, {
      nodeId: name,
      label,
      inputs,
      isEnding: false,
      scope,
      ...(output ? { output } : {}),
    })
  } catch (error) {
    throw badRequest(`${label}: ${error instanceof Error ? error.message : String(error)}`)
  }
}

/**
 * Reads the files (or pasted text) with the loader node, cuts the documents with the splitter node
 * connected to it, adds the metadata and drops the omitted keys: the chunks, in order.
 */
export async function loadChunks(
  ctx: Pick<AppContext, 'outbound'>,
  recipe: LoaderRecipe,
  files: readonly LoaderFile[],
  signal: AbortSignal,
): Promise<NewChunk[]> {
  checkRecipe(recipe)
  const loader = loaderNode(recipe.loaderId)
  const scope = storeScope(ctx, signal)
  const added = addedMetadata(recipe)
  const { files: _ids, ...config } = recipe.loaderConfig
  const inputs: Record<string, unknown> = { ...config, metadata: added }
  const fileInput = fileInputOf(loader)
  if (fileInput !== undefined && files.length > 0) inputs[fileInput] = fileInputValue(files)
  if (recipe.splitterId) {
    inputs.textSplitter = await build(splitterNode(recipe.splitterId), recipe.splitterConfig ?? {}, scope)
  }
  const documents = (await build(loader, inputs, scope, 'document')) as SourceDocument[]
  return documents.map((document) => ({
    pageContent: document.pageContent,
    metadata: omitMetadataKeys(document.metadata, recipe.omitMetadataKeys ?? undefined, added),
  }))
}
