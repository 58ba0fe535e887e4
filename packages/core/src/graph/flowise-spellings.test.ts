import { describe, expect, it } from 'vitest'
import { flowWithOurSpellings, withOurSpellings } from './flowise-spellings.js'
import { chatOpenAI, deepFreeze, flowOf, makeNode } from './test-fixtures.js'

const LOCAL = 'http://127.0.0.1:8000/v1'

describe('withOurSpellings (Flowise input names)', () => {
  it("moves Flowise's basepath of ChatOpenAI to basePath", () => {
    const inputs = deepFreeze({ modelName: 'm', basepath: LOCAL })
    expect(withOurSpellings('chatOpenAI', inputs)).toEqual({ modelName: 'm', basePath: LOCAL })
  })

  it('maps the embeddings and compatible nodes alike', () => {
    for (const name of ['openAIEmbeddings', 'openAIEmbeddingsCustom', 'chatOpenAICustom']) {
      expect(withOurSpellings(name, { basepath: LOCAL })).toEqual({ basePath: LOCAL })
    }
  })

  it('fills a blank basePath from basepath, and keeps a basePath that holds a value', () => {
    expect(withOurSpellings('chatOpenAI', { basePath: ' ', basepath: LOCAL })).toEqual({ basePath: LOCAL })
    expect(withOurSpellings('chatOpenAI', { basePath: LOCAL, basepath: 'http://other' })).toEqual({
      basePath: LOCAL,
    })
  })

  it('drops a blank Flowise spelling and leaves other nodes and inputs as they are', () => {
    expect(withOurSpellings('chatOpenAI', { basepath: '' })).toEqual({})
    const inputs = { basepath: LOCAL }
    expect(withOurSpellings('chatAnthropic', inputs)).toBe(inputs)
    const ours = { basePath: LOCAL }
    expect(withOurSpellings('chatOpenAI', ours)).toBe(ours)
  })
})

describe('flowWithOurSpellings', () => {
  it('maps the inputs of every node and keeps the flow when nothing needs it', () => {
    const node = makeNode(chatOpenAI, 'chatOpenAI_0')
    const flowise = deepFreeze(flowOf([{ ...node, data: { ...node.data, inputs: { basepath: LOCAL } } }]))
    expect(flowWithOurSpellings(flowise).nodes[0]!.data.inputs).toEqual({ basePath: LOCAL })
    const ours = flowOf([node])
    expect(flowWithOurSpellings(ours)).toBe(ours)
  })
})
