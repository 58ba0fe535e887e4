import { readdir } from 'node:fs/promises'
import type { InputParam, NodeDescriptor } from '@weft/core'
import { CREDENTIAL_PARAM_TYPE, PARAM_TYPES } from '@weft/core'
import { describe, expect, it } from 'vitest'
import { notRunnableYet } from './define-node.js'
import { buildComponent, findNode, nodes, NotRunnableYetError, readNodeIcon } from './index.js'

const descriptors: NodeDescriptor[] = nodes.map((node) => node.descriptor)
const paramTypes: ReadonlySet<string> = new Set(PARAM_TYPES)

const CATEGORIES = [
  'Chat Models',
  'LLMs',
  'Embeddings',
  'Prompts',
  'Chains',
  'Engine',
  'Response Synthesizer',
  'Memory',
  'Moderation',
  'Output Parsers',
  'Agents',
  'Tools',
  'Tools (MCP)',
  'Document Loaders',
  'Text Splitters',
  'Vector Stores',
  'Retrievers',
  'Utilities',
  'Sequential Agents',
  'Multi Agents',
  'Agent Flows',
]

const AGENTFLOW_NAMES = [
  'conditionAgentflow',
  'startAgentflow',
  'llmAgentflow',
  'agentAgentflow',
  'humanInputAgentflow',
  'loopAgentflow',
  'directReplyAgentflow',
  'customFunctionAgentflow',
  'toolAgentflow',
  'retrieverAgentflow',
  'conditionAgentAgentflow',
  'stickyNoteAgentflow',
  'httpAgentflow',
  'iterationAgentflow',
  'executeFlowAgentflow',
]

/** Every param of a descriptor, also those inside arrays and tabs. */
function allParams(params: readonly InputParam[]): InputParam[] {
  return params.flatMap((param) => [param, ...allParams(param.array ?? []), ...allParams(param.tabs ?? [])])
}

const isAnchor = (input: InputParam) => !paramTypes.has(input.type) && input.type !== CREDENTIAL_PARAM_TYPE
const classesOf = (type: string) => type.split('|').map((part) => part.trim())
const providedBy = (descriptor: NodeDescriptor) => [
  ...descriptor.baseClasses,
  ...(descriptor.outputs ?? []).flatMap((output) => output.baseClasses ?? []),
]

/** Whether an output of `source` type-matches `target`'s input, as the canvas decides (SPEC §5). */
function fits(source: string, target: string, input: string): boolean {
  const anchor = findNode(target)!.descriptor.inputs.find((param) => param.name === input)!
  return providedBy(findNode(source)!.descriptor).some((type) => classesOf(anchor.type).includes(type))
}

describe('the node catalogue', () => {
  it('has unique node names, and unique input names within each node', () => {
    const names = descriptors.map((descriptor) => descriptor.name)
    expect(new Set(names).size).toBe(names.length)
    for (const descriptor of descriptors) {
      const inputNames = descriptor.inputs.map((input) => input.name)
      expect(new Set(inputNames).size, descriptor.name).toBe(inputNames.length)
    }
  })

  it('describes every node fully, with a distinct colour each', () => {
    for (const d of descriptors) {
      expect(d.label, d.name).toMatch(/\S/)
      expect(d.name).toMatch(/^[A-Za-z0-9_]+$/)
      expect(d.version, d.name).toBe(1)
      expect(d.type, d.name).toMatch(/\S/)
      expect(CATEGORIES, d.name).toContain(d.category)
      expect(d.description, d.name).toMatch(/^[A-Z].{20,}\.$/)
      expect(d.icon).toBe(`${d.name}.svg`)
      expect(d.color, d.name).toMatch(/^#[0-9A-F]{6}$/)
      expect(d.baseClasses.length, d.name).toBeGreaterThan(0)
      expect(d.canvases.length, d.name).toBeGreaterThan(0)
      for (const input of allParams(d.inputs)) expect(input.label, `${d.name}.${input.name}`).toMatch(/\S/)
    }
    const colors = descriptors.map((descriptor) => descriptor.color)
    expect(new Set(colors).size).toBe(colors.length)
  })

  it('has the 15 agentflow steps, on the agentflow canvas only, with params and no typed anchors', () => {
    const agentflows = descriptors.filter((descriptor) => descriptor.category === 'Agent Flows')
    expect(agentflows.map((descriptor) => descriptor.name).sort()).toEqual([...AGENTFLOW_NAMES].sort())
    for (const descriptor of agentflows) {
      expect(descriptor.canvases).toEqual(['agentflowV2'])
      expect(descriptor.inputs.filter(isAnchor), descriptor.name).toEqual([])
    }
    expect(findNode('startAgentflow')?.descriptor.hideInput).toBe(true)
    expect(findNode('directReplyAgentflow')?.descriptor.hideOutput).toBe(true)
    expect(findNode('iterationAgentflow')?.descriptor.isContainer).toBe(true)
  })

  it('shows the sequential agent nodes on the sequential canvas only', () => {
    for (const descriptor of descriptors.filter((d) => d.category === 'Sequential Agents')) {
      expect(descriptor.canvases, descriptor.name).toEqual(['sequential'])
    }
  })

  it('gives every input a param type or a class that some node on the same canvas provides', () => {
    for (const descriptor of descriptors) {
      for (const param of allParams(descriptor.inputs).filter((input) => !descriptor.inputs.includes(input))) {
        expect(paramTypes.has(param.type), `${descriptor.name}.${param.name} is nested, so must be a param`).toBe(true)
      }
      for (const anchor of descriptor.inputs.filter(isAnchor)) {
        for (const canvas of descriptor.canvases) {
          const provided = new Set(descriptors.filter((d) => d.canvases.includes(canvas)).flatMap(providedBy))
          for (const type of classesOf(anchor.type)) {
            expect(provided.has(type), `${descriptor.name}.${anchor.name}: nothing on ${canvas} gives ${type}`).toBe(
              true,
            )
          }
        }
      }
    }
  })

  it('uses each of the 17 param types somewhere', () => {
    const used = new Set(descriptors.flatMap((descriptor) => allParams(descriptor.inputs).map((input) => input.type)))
    expect(PARAM_TYPES.filter((type) => !used.has(type))).toEqual([])
  })

  it('lets the natural connections type-match and refuses the wrong ones', () => {
    expect(fits('chatOpenAI', 'llmChain', 'model')).toBe(true)
    expect(fits('chatOffline', 'llmChain', 'model')).toBe(true)
    expect(fits('promptTemplate', 'llmChain', 'prompt')).toBe(true)
    expect(fits('chatPromptTemplate', 'llmChain', 'prompt')).toBe(true)
    expect(fits('promptTemplate', 'llmChain', 'model')).toBe(false)
    expect(fits('chatOpenAI', 'llmChain', 'prompt')).toBe(false)
    expect(fits('bufferWindowMemory', 'conversationChain', 'memory')).toBe(true)
    expect(fits('calculator', 'toolAgent', 'tools')).toBe(true)
    expect(fits('chatAnthropic', 'toolAgent', 'tools')).toBe(false)
    expect(fits('embeddedVectorStore', 'retrievalQAChain', 'vectorStoreRetriever')).toBe(true)
    expect(fits('memoryVectorStore', 'retrievalQAChain', 'vectorStoreRetriever')).toBe(true)
    expect(fits('faiss', 'retrievalQAChain', 'vectorStoreRetriever')).toBe(true)
    expect(fits('pdfFile', 'faiss', 'document')).toBe(true)
    expect(fits('offlineEmbeddings', 'postgres', 'embeddings')).toBe(true)
    expect(fits('pdfFile', 'embeddedVectorStore', 'document')).toBe(true)
    expect(fits('markdownTextSplitter', 'pdfFile', 'textSplitter')).toBe(true)
    expect(fits('seqStart', 'seqAgent', 'sequentialNode')).toBe(true)
    expect(fits('seqAgent', 'seqEnd', 'sequentialNode')).toBe(true)
    expect(fits('seqStart', 'seqEnd', 'sequentialNode')).toBe(false)
    expect(fits('seqLLMNode', 'seqToolNode', 'llmNode')).toBe(true)
  })

  it('points every show and hide rule at an input of the same node', () => {
    for (const descriptor of descriptors) {
      const targets = new Set(descriptor.inputs.map((input) => input.name))
      for (const list of descriptor.inputs.filter((input) => input.type === 'array')) {
        for (const item of list.array ?? []) targets.add(`${list.name}[$index].${item.name}`)
      }
      for (const param of allParams(descriptor.inputs)) {
        for (const key of [...Object.keys(param.show ?? {}), ...Object.keys(param.hide ?? {})]) {
          expect(targets.has(key), `${descriptor.name}.${param.name} rule on ${key}`).toBe(true)
        }
      }
    }
  })

  it('keeps every default of a choice among its choices', () => {
    for (const descriptor of descriptors) {
      for (const param of allParams(descriptor.inputs)) {
        if (param.default === undefined) continue
        const where = `${descriptor.name}.${param.name}`
        const names = (param.type === 'tabs' ? param.tabs : param.options)?.map((option) => option.name) ?? []
        if (param.type === 'options' || param.type === 'tabs') expect(names, where).toContain(param.default)
        if (param.type === 'multiOptions')
          for (const value of param.default as string[]) expect(names, where).toContain(value)
      }
    }
  })

  it('answers every asyncOptions param from the node, or from the server for workspace lists', () => {
    const answeredByServer = ['listFlows', 'listStores', 'listChunkedStores', 'listSavedTools', 'listAssistants']
    for (const { descriptor, loadMethods = {} } of nodes) {
      for (const param of allParams(descriptor.inputs).filter((input) => input.type.startsWith('async'))) {
        const method = param.loadMethod ?? ''
        expect(method in loadMethods || answeredByServer.includes(method), `${descriptor.name}.${param.name}`).toBe(
          true,
        )
      }
    }
  })

  it('keeps API keys in credentials: a password input only where the node takes a secret directly', () => {
    const withPasswords = descriptors.filter((d) => allParams(d.inputs).some((input) => input.type === 'password'))
    expect(withPasswords.map((descriptor) => descriptor.name)).toEqual(['sqlDatabaseChain', 'httpAgentflow'])
    expect(findNode('chatOpenAI')?.descriptor.credential?.credentialNames).toEqual(['openAIApi'])
    expect(findNode('chatAnthropic')?.descriptor.credential?.credentialNames).toEqual(['anthropicApi'])
  })

  it('says plainly that the built-in responder is not an LLM', () => {
    const responder = findNode('chatOffline')!.descriptor
    expect(responder.label).toBe('Built-in Responder')
    expect(responder.description).toMatch(/not an LLM/)
  })

  it('refuses to run a node whose execution is not written yet, and runs a sticky note as nothing', async () => {
    // Every catalogue node runs now, so a test-only node stands for one whose run is not written yet.
    const unwritten = {
      descriptor: { ...findNode('plainText')!.descriptor, name: 'unwrittenLoader' },
      run: notRunnableYet,
    }
    await expect(buildComponent(unwritten, { inputs: {} } as never)).rejects.toBeInstanceOf(NotRunnableYetError)
    await expect(findNode('stickyNote')!.run!({ inputs: { note: 'hi' } } as never)).resolves.toBeUndefined()
    expect(findNode('noSuchNode')).toBeUndefined()
  })
})

describe('node icons', () => {
  it('has one self-contained 24×24 SVG per node, with a glyph of its own', async () => {
    const glyphs = new Map<string, string>()
    for (const descriptor of descriptors) {
      const svg = await readNodeIcon(descriptor.name)
      expect(svg, descriptor.name).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 24 24"/)
      expect(svg).toContain(descriptor.color)
      expect(svg, descriptor.name).not.toMatch(/href|<text|<image|url\(|<script|@import/i)
      const glyph = svg!.replaceAll(descriptor.color, 'COLOR')
      expect(glyphs.get(glyph), `${descriptor.name} has the same glyph as another node`).toBeUndefined()
      glyphs.set(glyph, descriptor.name)
    }
  })

  it('has no icon file without a node, and answers nothing for unknown names or paths', async () => {
    const files = await readdir(new URL('../icons/', import.meta.url))
    expect(files.sort()).toEqual(descriptors.map((descriptor) => descriptor.icon).sort())
    expect(await readNodeIcon('noSuchNode')).toBeUndefined()
    expect(await readNodeIcon('../package')).toBeUndefined()
  })
})
