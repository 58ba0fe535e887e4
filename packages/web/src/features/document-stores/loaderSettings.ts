import {
  initNode,
  isInputDisplayed,
  type DocumentStoreFile,
  type DocumentStoreLoader,
  type InputParam,
  type LoaderSettings,
  type NodeDescriptor,
} from '@weft/core'

// The loader configuration page's form, kept as plain data, and how it becomes LoaderSettings.

/** One metadata entry to add to every chunk, as typed. */
export interface MetadataRow {
  key: string
  value: string
}

export interface LoaderDraft {
  /** The loader node's inputs, files left out (they are uploaded into the store). */
  loaderConfig: Record<string, unknown>
  files: DocumentStoreFile[]
  /** The splitter node's name; '' splits nothing (one chunk per document). */
  splitterName: string
  splitterConfig: Record<string, unknown>
  metadata: MetadataRow[]
  omitMetadataKeys: string
}

/** The splitter a new loader starts with: the one that suits most text. */
export const DEFAULT_SPLITTER = 'recursiveCharacterTextSplitter'

const FILE_TYPES = new Set(['file', 'folder'])

export const isFileParam = (param: Pick<InputParam, 'type'>) => FILE_TYPES.has(param.type)

// A loader's own "Additional Metadata" is the same thing as the page's metadata rows: one place to
// type it. Tabs and node pickers belong to agentflow steps and need the canvas around them.
const isShownOnPage = (param: InputParam) => param.name !== 'metadata' && param.type !== 'tabs'

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}

/** A node's params (anchors such as the loader's Text Splitter are not settings) and their defaults. */
export function nodeParams(node: NodeDescriptor) {
  const data = initNode(node, `${node.name}_0`)
  const params = data.inputParams.filter(isShownOnPage)
  const defaults: Record<string, unknown> = {}
  for (const param of params) if (!isFileParam(param) && param.name in data.inputs) defaults[param.name] = data.inputs[param.name]
  return { params, defaults }
}

/** The params the current values show (a chosen option can show or hide others). */
export const displayedParams = (params: readonly InputParam[], values: Record<string, unknown>) =>
  params.filter((param) => isInputDisplayed(param, values))

function rowsOf(metadata: unknown): MetadataRow[] {
  const record = asRecord(typeof metadata === 'string' ? parseJson(metadata) : metadata)
  return Object.entries(record).map(([key, value]) => ({
    key,
    value: typeof value === 'string' ? value : JSON.stringify(value),
  }))
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** Where a saved loader keeps its metadata: its own fields, or (as Flowise stores it) its config. */
function savedMetadata(loader: DocumentStoreLoader): { metadata: unknown; omit: unknown } {
  const fields = loader as DocumentStoreLoader & { metadata?: unknown; omitMetadataKeys?: unknown }
  return {
    metadata: fields.metadata ?? loader.loaderConfig?.metadata,
    omit: fields.omitMetadataKeys ?? loader.loaderConfig?.omitMetadataKeys,
  }
}

/** The form for a new loader of `loader`, or for the saved one being edited. */
export function initialDraft(
  loader: NodeDescriptor,
  splitters: readonly NodeDescriptor[],
  saved?: DocumentStoreLoader,
): LoaderDraft {
  if (saved) {
    const { metadata, omit } = savedMetadata(saved)
    const { files: _ids, metadata: _metadata, omitMetadataKeys: _omit, ...config } = asRecord(saved.loaderConfig)
    return {
      loaderConfig: { ...nodeParams(loader).defaults, ...config },
      files: saved.files ?? [],
      splitterName: saved.splitterId ?? '',
      splitterConfig: asRecord(saved.splitterConfig),
      metadata: rowsOf(metadata),
      omitMetadataKeys: typeof omit === 'string' ? omit : '',
    }
  }
  const splitter = splitters.find((node) => node.name === DEFAULT_SPLITTER) ?? splitters[0]
  return {
    loaderConfig: nodeParams(loader).defaults,
    files: [],
    splitterName: splitter?.name ?? '',
    splitterConfig: splitter ? nodeParams(splitter).defaults : {},
    metadata: [],
    omitMetadataKeys: '',
  }
}

const isEmpty = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0)

/** What the user must still fill in before the server can load anything, or undefined. */
export function missingInput(
  params: readonly InputParam[],
  values: Record<string, unknown>,
  files: readonly DocumentStoreFile[],
): string | undefined {
  for (const param of displayedParams(params, values)) {
    if (param.optional) continue
    if (isFileParam(param) ? files.length === 0 : isEmpty(values[param.name]))
      return isFileParam(param) ? `${param.label}: upload a file first` : `${param.label} is required`
  }
  return undefined
}

/** The metadata rows as one object; a value without a key, or a key given twice, is an error. */
export function metadataOf(rows: readonly MetadataRow[]): { metadata: Record<string, string> } | { error: string } {
  const metadata: Record<string, string> = {}
  for (const row of rows) {
    const key = row.key.trim()
    if (key === '' && row.value.trim() === '') continue
    if (key === '') return { error: `Give the metadata value "${row.value}" a key` }
    if (key in metadata) return { error: `Metadata key ${key} is given twice` }
    metadata[key] = row.value
  }
  return { metadata }
}

interface SettingsSource {
  storeId: string
  /** The saved loader being changed; absent for a new one. */
  loaderId?: string | undefined
  loader: NodeDescriptor
  splitter: NodeDescriptor | undefined
  draft: LoaderDraft
  metadata: Record<string, string>
}

/**
 * The request body of preview and save. Uploaded files travel as their ids under `loaderConfig.files`;
 * the server hands their content to the loader's file input.
 */
export function toLoaderSettings({ storeId, loaderId, loader, splitter, draft, metadata }: SettingsSource): LoaderSettings {
  const omit = draft.omitMetadataKeys
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean)
    .join(', ')
  return {
    storeId,
    ...(loaderId ? { id: loaderId } : {}),
    loaderId: loader.name,
    loaderName: loader.label,
    loaderConfig: {
      ...draft.loaderConfig,
      ...(draft.files.length > 0 ? { files: draft.files.map((file) => file.id) } : {}),
    },
    ...(splitter ? { splitterId: splitter.name, splitterName: splitter.label, splitterConfig: draft.splitterConfig } : {}),
    metadata,
    omitMetadataKeys: omit,
  }
}
