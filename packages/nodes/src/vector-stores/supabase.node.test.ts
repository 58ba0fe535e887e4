import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { NodeRunContext } from '../define-node.js'
import { OutboundRequestRefused } from '../net/outbound-refused.error.js'
import { hashingEmbedder } from '../providers/hashing-embedder.js'
import { testRun, type TestRun } from '../runtime/test-run.js'
import { startSupabaseStandIn, type SupabaseStandIn } from '../testing/supabase-stand-in.js'
import { testFetch } from '../testing/test-fetch.js'
import {
  expectMmrPassesOverNearDuplicates,
  expectScoresAndMetadataFilter,
  expectStoredOnceClosestRetrieved,
  handbook,
  type BuildStoreNode,
} from '../testing/vector-store-node-cases.js'
import supabase from './supabase.node.js'

const API_KEY = 'supabase-node-key-0123456789'

const contextOf = (inputs: Record<string, unknown>, run: TestRun, output?: string): NodeRunContext => ({
  nodeId: 'supabase_0',
  label: 'Supabase',
  inputs,
  isEnding: false,
  scope: run.scope,
  credential: { supabaseApiKey: API_KEY },
  ...(output ? { output } : {}),
})

describe('Supabase node (supabase-js against a Supabase stand-in on 127.0.0.1)', () => {
  let standIn: SupabaseStandIn
  let run: TestRun
  let inputs: Record<string, unknown>

  beforeEach(async () => {
    standIn = await startSupabaseStandIn({ apiKey: API_KEY, dimensions: 256 })
    run = testRun({ fetch: testFetch(standIn.url) })
    inputs = {
      supabaseProjUrl: standIn.url,
      tableName: 'documents',
      queryName: 'match_documents',
      embeddings: hashingEmbedder(),
    }
  })
  afterEach(() => standIn.close())
  const build: BuildStoreNode = (extra, output) => supabase.run!(contextOf({ ...inputs, ...extra }, run, output))

  it("keeps Flowise's node, credential and input names", () => {
    const { descriptor } = supabase
    expect(descriptor.name).toBe('supabase')
    expect(descriptor.credential?.credentialNames).toEqual(['supabaseApi'])
    expect(descriptor.outputs?.map((output) => output.name)).toEqual(['retriever', 'vectorStore'])
    const names = descriptor.inputs.map((input) => input.name)
    for (const name of [
      'document',
      'embeddings',
      'supabaseProjUrl',
      'tableName',
      'queryName',
      'supabaseMetadataFilter',
      'supabaseRPCFilter',
    ]) {
      expect(names).toContain(name)
    }
    for (const name of ['topK', 'searchType', 'fetchK', 'lambda']) expect(names).toContain(name)
  })

  it('stores the connected documents once however often the node is built, and retrieves the closest', async () => {
    const count = async () => (await supabase.openCollection!(contextOf(inputs, run), 256)).count()
    await expectStoredOnceClosestRetrieved(build, count)
  })

  it('searches what earlier runs stored, with scores and the metadata filter', async () => {
    await expectScoresAndMetadataFilter(build, 'supabaseMetadataFilter')
  })

  it('with Max Marginal Relevance, passes over near-duplicates', async () => {
    await expectMmrPassesOverNearDuplicates(build)
  })

  it('refuses an RPC filter it would not apply, rather than searching without it', async () => {
    await expect(
      build({ document: [handbook], supabaseRPCFilter: 'filter("metadata->>source", "eq", "wiki")' }),
    ).rejects.toThrow(/Supabase: Weft does not read Supabase RPC Filter yet/)
  })

  it('is refused under the default guard, which does not let requests reach 127.0.0.1', async () => {
    await expect(supabase.run!(contextOf({ ...inputs, document: [handbook] }, testRun()))).rejects.toBeInstanceOf(
      OutboundRequestRefused,
    )
    expect(standIn.requests).toEqual([])
  })
})
