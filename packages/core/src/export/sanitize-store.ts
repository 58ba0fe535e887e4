import { withoutCredentialIds } from '../graph/strip-credentials.js'
import type { DocumentStoreRecord, ExecutionRecord, LoaderRecord } from './bundle.js'
import { parseJsonText } from './flow-data-problem.js'
import { withoutPrivateInputs, type ParamsOf } from './private-inputs.js'
import { naming } from './sanitize-flow.js'

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A node's inputs for export: private params emptied, credential ids removed. */
const cleanInputs = (inputs: Record<string, unknown>, nodeName: string, paramsOf: ParamsOf) =>
  withoutCredentialIds(withoutPrivateInputs(inputs, paramsOf(nodeName) ?? [], paramsOf)) as Record<string, unknown>

/** `{ name, config }` JSON text of a store's embedding, vector store or record manager, cleaned likewise. */
function cleanComponent(text: string | null, field: string, paramsOf: ParamsOf): string | null {
  if (text === null) return null
  const component = parseJsonText(text, field)
  if (!isRecord(component) || typeof component.name !== 'string' || !isRecord(component.config)) return text
  return JSON.stringify({ ...component, config: cleanInputs(component.config, component.name, paramsOf) })
}

/**
 * A loader for export. Its uploaded files stay behind (SPEC §3: file inputs are stripped), so the
 * config no longer lists them; its chunks travel in DocumentStoreFileChunk.
 */
function cleanLoader(loader: LoaderRecord, paramsOf: ParamsOf): LoaderRecord {
  const { files: _files, ...config } = loader.loaderConfig
  return {
    ...loader,
    loaderConfig: cleanInputs(config, loader.loaderId, paramsOf),
    ...(loader.splitterConfig && loader.splitterId
      ? { splitterConfig: cleanInputs(loader.splitterConfig, loader.splitterId, paramsOf) }
      : {}),
  }
}

/** A store as the bundle holds it, from its record and its loaders. */
export type StoreWithLoaders = Omit<DocumentStoreRecord, 'loaders'> & { loaders: LoaderRecord[] }

/** A document store fit to leave the workspace: its loaders as JSON text, each config cleaned. */
export function sanitizeDocumentStore(store: StoreWithLoaders, paramsOf: ParamsOf): DocumentStoreRecord {
  return naming(`document store ${store.name} (${store.id})`, () => ({
    ...store,
    loaders: JSON.stringify(store.loaders.map((loader) => cleanLoader(loader, paramsOf))),
    embeddingConfig: cleanComponent(store.embeddingConfig, 'embeddingConfig', paramsOf),
    vectorStoreConfig: cleanComponent(store.vectorStoreConfig, 'vectorStoreConfig', paramsOf),
    recordManagerConfig: cleanComponent(store.recordManagerConfig, 'recordManagerConfig', paramsOf),
  }))
}

/** An execution whose steps' inputs (as they ran) hold no credential id and no private input. */
export function sanitizeExecution(execution: ExecutionRecord, paramsOf: ParamsOf): ExecutionRecord {
  return naming(`execution ${execution.id}`, () => {
    const steps = parseJsonText(execution.executionData, 'executionData')
    if (!Array.isArray(steps)) throw new Error('executionData is not a list of steps')
    const cleaned = steps.map((step: unknown) => {
      if (!isRecord(step) || !isRecord(step.data) || !isRecord(step.data.input)) return withoutCredentialIds(step)
      const name = typeof step.data.name === 'string' ? step.data.name : ''
      return withoutCredentialIds({
        ...step,
        data: { ...step.data, input: cleanInputs(step.data.input, name, paramsOf) },
      })
    })
    return { ...execution, executionData: JSON.stringify(cleaned) }
  })
}
