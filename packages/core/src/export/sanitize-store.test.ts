import { describe, expect, it } from 'vitest'
import type { InputParam } from '../types/node.js'
import type { ExecutionRecord, LoaderRecord } from './bundle.js'
import { exportStep } from './export-step.js'
import { sanitizeDocumentStore, sanitizeExecution, type StoreWithLoaders } from './sanitize-store.js'

const catalogue: Record<string, InputParam[]> = {
  csvFile: [
    { label: 'Csv File', name: 'csvFile', type: 'file' },
    { label: 'Column', name: 'columnName', type: 'string' },
  ],
  qdrant: [
    { label: 'URL', name: 'qdrantServerUrl', type: 'string' },
    { label: 'API Key', name: 'qdrantApiKey', type: 'password' },
  ],
  httpAgentflow: [{ label: 'Token', name: 'bearerToken', type: 'password' }],
}
const paramsOf = (name: string) => catalogue[name]
const DATE = '2026-01-01T00:00:00.000Z'

const loader: LoaderRecord = {
  id: 'l1',
  storeId: 's1',
  loaderId: 'csvFile',
  loaderName: 'Csv File',
  loaderConfig: { csvFile: 'data:text/csv;base64,YQ==', columnName: 'a', files: ['file-1'], credential: 'cred-1' },
  splitterId: 'recursiveCharacterTextSplitter',
  splitterConfig: { chunkSize: 100 },
  totalChunks: 2,
  totalChars: 10,
  status: 'SYNC',
  metadata: { source: 'a.csv' },
  createdDate: DATE,
  updatedDate: DATE,
}

const store: StoreWithLoaders = {
  id: 's1',
  name: 'Handbook',
  description: '',
  loaders: [loader],
  whereUsed: '[]',
  status: 'SYNC',
  vectorStoreConfig: JSON.stringify({
    name: 'qdrant',
    config: { qdrantServerUrl: 'http://q', qdrantApiKey: 'qk-secret', credential: 'cred-2' },
  }),
  embeddingConfig: null,
  recordManagerConfig: null,
  createdDate: DATE,
  updatedDate: DATE,
}

describe('sanitizeDocumentStore', () => {
  it("writes the loaders as JSON text without files, secrets or credential ids, and cleans the store's configs", () => {
    const sanitized = sanitizeDocumentStore(store, paramsOf)
    for (const secret of ['base64', 'file-1', 'cred-1', 'cred-2', 'qk-secret']) {
      expect(JSON.stringify(sanitized)).not.toContain(secret)
    }
    expect(JSON.parse(sanitized.loaders)).toEqual([{ ...loader, loaderConfig: { csvFile: '', columnName: 'a' } }])
    expect(JSON.parse(sanitized.vectorStoreConfig!)).toEqual({
      name: 'qdrant',
      config: { qdrantServerUrl: 'http://q', qdrantApiKey: '' },
    })
  })

  it('fails naming the store when a config does not parse', () => {
    expect(() =>
      exportStep('sanitizeDocumentStore', () => sanitizeDocumentStore({ ...store, embeddingConfig: '{' }, paramsOf)),
    ).toThrow(
      /^exportImport\.sanitizeDocumentStore - document store Handbook \(s1\): embeddingConfig is not valid JSON/,
    )
  })
})

describe('sanitizeExecution', () => {
  const execution: ExecutionRecord = {
    id: 'e1',
    executionData: JSON.stringify([
      {
        nodeId: 'httpAgentflow_0',
        data: { name: 'httpAgentflow', input: { bearerToken: 'tok', url: 'u', credential: 'cred-3' }, output: {} },
      },
      { nodeId: 'llmAgentflow_0', data: { name: 'llmAgentflow', input: { llmModelConfig: { credential: 'cred-4' } } } },
    ]),
    action: null,
    state: 'FINISHED',
    agentflowId: 'f1',
    sessionId: 's',
    isPublic: false,
    createdDate: DATE,
    updatedDate: DATE,
    stoppedDate: null,
    error: null,
    interrupted: false,
    parentExecutionId: null,
  }

  it("keeps no credential id nor password in the steps' inputs", () => {
    const steps = JSON.parse(sanitizeExecution(execution, paramsOf).executionData)
    expect(steps[0].data.input).toEqual({ bearerToken: '', url: 'u' })
    expect(steps[1].data.input).toEqual({ llmModelConfig: {} })
  })

  it('fails naming the execution when its steps are not a list', () => {
    expect(() =>
      exportStep('sanitizeExecution', () => sanitizeExecution({ ...execution, executionData: '{}' }, paramsOf)),
    ).toThrow('exportImport.sanitizeExecution - execution e1: executionData is not a list of steps')
  })
})
