import { FLOWISE_SPELLINGS, inputSpellingsOf, type InputParam } from '@weft/core'
import { describe, expect, it } from 'vitest'
import { nodes } from './catalogue.js'
import {
  FLOWISE_CREDENTIAL_SPELLINGS,
  ourCredentialName,
  withOurCredentialFields,
} from './credentials/flowise-credential-spellings.js'
import { findCredentialType } from './credentials/index.js'

// Every spelling of Flowise's in core's table must lead to an input, option, column or tab that the
// node really has: a spelling that leads nowhere would lose the value as surely as none.

const byName = new Map(nodes.map((node) => [node.descriptor.name, node.descriptor]))

function inputsOf(nodeName: string): InputParam[] {
  const descriptor = byName.get(nodeName)
  if (!descriptor) throw new Error(`The table names ${nodeName}, which the catalogue does not have`)
  return descriptor.inputs
}

/** The params that hold a value: a `tabs` param holds none itself, each of its tabs holds one. */
const paramsOf = (nodeName: string): InputParam[] =>
  inputsOf(nodeName).flatMap((param) => (param.type === 'tabs' ? (param.tabs ?? []) : [param]))

const optionNames = (param: InputParam | undefined) => (param?.options ?? []).map((option) => option.name)

function columnValues(table: InputParam, column: string): string[] | undefined {
  const field = table.datagrid?.find((entry) => entry.field === column)
  if (field) return field.valueOptions ?? []
  const cell = table.array?.find((entry) => entry.name === column)
  return cell ? optionNames(cell) : undefined
}

describe("core's table of Flowise spellings, against the catalogue", () => {
  const entries = Object.entries(FLOWISE_SPELLINGS)

  it.each(entries.map(([name]) => [name]))('%s: every input name leads to one of its inputs', (nodeName) => {
    const params = paramsOf(nodeName)
    const names = params.map((param) => param.name)
    for (const [ours, { theirs, when }] of inputSpellingsOf(nodeName)) {
      expect(names, `${nodeName}.${ours}`).toContain(ours)
      // A Flowise name that is also ours would drop our own value; only a conditional one may be.
      if (!when) expect(names, `${nodeName}: ${theirs} is one of ours`).not.toContain(theirs)
      for (const [input, values] of Object.entries(when ?? {})) {
        const options = optionNames(params.find((param) => param.name === input))
        for (const value of values) expect(options, `${nodeName}.${input}`).toContain(value)
      }
    }
  })

  it.each(entries.map(([name]) => [name]))('%s: every option, column and tab leads to one of ours', (nodeName) => {
    const spellings = FLOWISE_SPELLINGS[nodeName]!
    const params = paramsOf(nodeName)
    const param = (name: string) => params.find((candidate) => candidate.name === name)
    for (const [input, values] of Object.entries(spellings.values ?? {})) {
      const options = optionNames(param(input))
      for (const [theirs, ours] of Object.entries(values)) {
        expect(options, `${nodeName}.${input}`).toContain(ours)
        expect(options, `${nodeName}.${input}: ${theirs} is ours`).not.toContain(theirs)
      }
    }
    for (const [input, columns] of Object.entries(spellings.rowValues ?? {})) {
      const table = param(input)
      expect(table, `${nodeName}.${input}`).toBeDefined()
      for (const [column, values] of Object.entries(columns)) {
        const ours = columnValues(table!, column)
        expect(ours, `${nodeName}.${input}.${column}`).toBeDefined()
        for (const value of Object.values(values)) expect(ours).toContain(value)
      }
    }
    for (const [input, { options, choose, into }] of Object.entries(spellings.freeText ?? {})) {
      expect([...options].sort()).toEqual(optionNames(param(input)).sort())
      expect(options).toContain(choose)
      expect(param(into), `${nodeName}.${into}`).toBeDefined()
    }
    for (const [identifier, { tabs }] of Object.entries(spellings.tabs ?? {})) {
      const holder = inputsOf(nodeName).find((input) => input.type === 'tabs' && input.tabIdentifier === identifier)
      expect(holder, `${nodeName}: a tabs input kept under ${identifier}`).toBeDefined()
      const ours = (holder!.tabs ?? []).map((tab) => tab.name)
      for (const tab of Object.values(tabs ?? {})) expect(ours).toContain(tab)
    }
  })

  it('names a Base Path spelling for every node whose Base Path Flowise spells otherwise', () => {
    // Flowise's OpenAI nodes keep it as `basepath`; ours all read it through the same table.
    const withBasePath = nodes.filter((node) => node.descriptor.inputs.some((param) => param.name === 'basePath'))
    const spelled = withBasePath.filter((node) => FLOWISE_SPELLINGS[node.descriptor.name]?.inputs?.basePath)
    expect(spelled.map((node) => node.descriptor.name).sort()).toEqual([
      'chatCerebras',
      'chatOpenAI',
      'chatOpenAICustom',
      'chatOpenRouter',
      'openAI',
      'openAIEmbeddings',
      'openAIEmbeddingsCustom',
    ])
  })
})

describe("Flowise's credential spellings", () => {
  it('lead to credential types and fields we have, under names Flowise does not share', () => {
    for (const [ours, { name, fields }] of Object.entries(FLOWISE_CREDENTIAL_SPELLINGS)) {
      const type = findCredentialType(ours)
      expect(type, ours).toBeDefined()
      expect(findCredentialType(name), name).toBeUndefined()
      const names = type!.inputs.map((input) => input.name)
      for (const field of Object.keys(fields)) expect(names).toContain(field)
    }
  })

  it("reads a Flowise Phoenix credential's endpoint and key under our names", () => {
    expect(ourCredentialName('phoenixApi')).toBe('arizePhoenixApi')
    expect(ourCredentialName('openAIApi')).toBe('openAIApi')
    const flowise = { phoenixApiKey: 'px-key', phoenixEndpoint: 'http://127.0.0.1:6006' }
    const expected = { arizePhoenixApiKey: 'px-key', arizePhoenixEndpoint: 'http://127.0.0.1:6006' }
    expect(withOurCredentialFields('phoenixApi', flowise)).toEqual(expected)
    expect(withOurCredentialFields('arizePhoenixApi', flowise)).toEqual(expected)
    const openAI = { openAIApiKey: 'sk-1' }
    expect(withOurCredentialFields('openAIApi', openAI)).toBe(openAI)
  })
})
