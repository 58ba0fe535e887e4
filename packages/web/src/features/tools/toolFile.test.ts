import { describe, expect, it } from 'vitest'
import { readToolFile, toolExportOf } from './toolFile'

const flowiseExport = {
  name: 'get_weather',
  description: 'Weather for a city',
  color: 'linear-gradient(rgb(1,2,3), rgb(4,5,6))',
  iconSrc: 'https://example.com/sun.svg',
  schema: '[{"id":0,"property":"city","type":"string","description":"","required":true}]',
  func: 'return $city',
}

describe('tool files', () => {
  it('reads a Flowise tool export as it is', () => {
    expect(readToolFile(JSON.stringify(flowiseExport))).toEqual({ tool: flowiseExport })
  })

  it('takes schema rows written as a list, and missing fields as empty', () => {
    expect(readToolFile(JSON.stringify({ name: ' lookup ', schema: [{ property: 'q' }] }))).toEqual({
      tool: {
        name: 'lookup',
        description: '',
        color: undefined,
        iconSrc: null,
        schema: '[{"property":"q"}]',
        func: '',
      },
    })
  })

  it('says why a file is not a tool', () => {
    expect(readToolFile('not json')).toEqual({ error: 'The file is not JSON. Choose a tool file saved with Export.' })
    expect(readToolFile('{"nodes":[],"edges":[]}')).toEqual({
      error: 'The file holds a flow, not a tool. Load it on a canvas instead.',
    })
    const noTool = { error: 'The file holds no tool: a tool file has a name, a description, a schema and a function.' }
    expect(readToolFile('[]')).toEqual(noTool)
    expect(readToolFile('{"name":"  "}')).toEqual(noTool)
  })

  it('exports the fields Flowise exports, named <name>-CustomTool.json', () => {
    const { id: _id, ...withId } = { id: 't1', ...flowiseExport }
    expect(toolExportOf(withId)).toEqual({ data: flowiseExport, fileName: 'get_weather-CustomTool.json' })
    expect(toolExportOf({ name: 'a b/c', description: '', color: '#fff' }).fileName).toBe('a_b_c-CustomTool.json')
  })
})
