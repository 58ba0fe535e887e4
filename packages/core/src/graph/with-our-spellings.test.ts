import { describe, expect, it } from 'vitest'
import { KEPT_VALUES } from './flowise-export-fixture.js'
import { flowiseNamesOf } from './flowise-spellings.js'
import { deepFreeze } from './test-fixtures.js'
import { flowWithOurSpellings, withOurNames, withOurSpellings } from './with-our-spellings.js'

const LOCAL = 'http://127.0.0.1:8000/v1'

describe('a flow exported from Flowise, loaded', () => {
  it.each(KEPT_VALUES.map((entry) => [entry.nodeId, entry] as const))('keeps every value of %s', (nodeId, entry) => {
    const flowise = entry.flow.nodes.find((node) => node.id === nodeId)!
    const loaded = flowWithOurSpellings(deepFreeze(entry.flow)).nodes.find((node) => node.id === nodeId)!
    expect(loaded.data.inputs).toMatchObject(entry.kept)
    for (const name of entry.gone) expect(loaded.data.inputs).not.toHaveProperty(name)
    // Inputs both sides spell alike are left as they are.
    const alike = Object.keys(flowise.data.inputs).filter((name) => !entry.gone.includes(name) && !(name in entry.kept))
    for (const name of alike) expect(loaded.data.inputs[name], name).toEqual(flowise.data.inputs[name])
  })
})

describe('withOurSpellings', () => {
  it('keeps our value when both spellings hold one, and fills a blank one of ours', () => {
    expect(withOurSpellings('chatOpenAI', { basePath: LOCAL, basepath: 'http://other' })).toEqual({ basePath: LOCAL })
    expect(withOurSpellings('chatOpenAI', { basePath: ' ', basepath: LOCAL })).toEqual({ basePath: LOCAL })
    expect(withOurSpellings('requestsGet', { url: '', requestsGetUrl: 'http://x' })).toEqual({ url: 'http://x' })
  })

  it("drops a blank Flowise name, and answers our own inputs and other nodes' unchanged", () => {
    expect(withOurSpellings('chatOpenAI', { basepath: '' })).toEqual({})
    const ours = deepFreeze({ basePath: LOCAL, modelName: 'm' })
    expect(withOurSpellings('chatOpenAI', ours)).toBe(ours)
    const other = deepFreeze({ basepath: LOCAL })
    expect(withOurSpellings('chatAnthropic', other)).toBe(other)
  })

  it("moves HTTP's shared body only for the body type it belongs to, and never drops ours", () => {
    const json = deepFreeze({ bodyType: 'json', body: '{"a":1}' })
    expect(withOurSpellings('httpAgentflow', json)).toBe(json)
    // A flow of ours with a hidden, older JSON body keeps both.
    const ours = deepFreeze({ bodyType: 'raw', body: '{"a":1}', bodyRaw: 'text' })
    expect(withOurSpellings('httpAgentflow', ours)).toBe(ours)
    expect(
      withOurSpellings('httpAgentflow', { bodyType: 'xWwwFormUrlencoded', body: [{ key: 'a', value: '1' }] }),
    ).toEqual({
      bodyType: 'xWwwFormUrlencoded',
      bodyForm: [{ key: 'a', value: '1' }],
    })
  })

  it('reads an open tab saved with or without the node id, and keeps our open tab', () => {
    expect(withOurSpellings('seqState', { selectedStateTab_seqState_3: 'stateMemoryCode' })).toEqual({
      selectedStateTab: 'stateMemoryCode',
    })
    expect(
      withOurSpellings('seqCondition', {
        selectedConditionTab: 'conditionFunction',
        selectedConditionFunctionTab_seqCondition_0: 'conditionUI_seqCondition_0',
      }),
    ).toEqual({ selectedConditionTab: 'conditionFunction' })
  })

  it('renames option and table values Flowise names differently, and leaves the others', () => {
    expect(withOurSpellings('markdownTextSplitter', { splitByHeaders: 'h1' })).toEqual({ splitByHeaders: 'headers_h1' })
    const unknown = deepFreeze({ splitByHeaders: 'h5' })
    expect(withOurSpellings('markdownTextSplitter', unknown)).toBe(unknown)
    expect(
      withOurSpellings('seqCondition', { conditions: [{ variable: '$flow.input', operation: 'Is Not Empty' }] }),
    ).toEqual({ conditions: [{ variable: '$flow.input', operation: 'Not Empty' }] })
    const ours = deepFreeze({ conditions: [{ variable: '$flow.input', operation: 'Not Empty' }] })
    expect(withOurSpellings('seqCondition', ours)).toBe(ours)
  })

  it('keeps our choices of a free-text input and moves only typed text', () => {
    for (const choice of ['userQuestion', 'customInput', '']) {
      const inputs = deepFreeze({ seqExecuteFlowInput: choice })
      expect(withOurSpellings('seqExecuteFlow', inputs)).toBe(inputs)
    }
    expect(withOurSpellings('seqExecuteFlow', { seqExecuteFlowInput: 'Summarise $flow.state.notes' })).toEqual({
      seqExecuteFlowInput: 'customInput',
      customInput: 'Summarise $flow.state.notes',
    })
  })

  it("maps the inputs an agentflow step keeps of the node it picked, by that node's spellings", () => {
    const config = deepFreeze({ toolModel: 'chatAnthropic', toolModelConfig: { basepath: LOCAL } })
    expect(withOurSpellings('llmAgentflow', config)).toBe(config)
    expect(withOurSpellings('anyStep', { model: 'chatOpenAI', modelConfig: { basepath: LOCAL } })).toEqual({
      model: 'chatOpenAI',
      modelConfig: { basePath: LOCAL },
    })
  })
})

describe('flowiseNamesOf', () => {
  it("lists Flowise's names of one of our inputs, and none for names both sides share", () => {
    expect(flowiseNamesOf('basePath')).toEqual(['basepath'])
    expect(flowiseNamesOf('baseUrl')).toEqual([])
    // A name Flowise uses only for some body types is no general spelling.
    expect(flowiseNamesOf('bodyRaw')).toEqual([])
  })
})

describe('withOurNames', () => {
  it('moves values to our names, ours winning, and answers records without Flowise names unchanged', () => {
    const names = { arizePhoenixEndpoint: 'phoenixEndpoint' }
    expect(withOurNames({ phoenixEndpoint: LOCAL }, names)).toEqual({ arizePhoenixEndpoint: LOCAL })
    expect(withOurNames({ arizePhoenixEndpoint: LOCAL, phoenixEndpoint: 'x' }, names)).toEqual({
      arizePhoenixEndpoint: LOCAL,
    })
    const ours = { arizePhoenixEndpoint: LOCAL }
    expect(withOurNames(ours, names)).toBe(ours)
  })
})
