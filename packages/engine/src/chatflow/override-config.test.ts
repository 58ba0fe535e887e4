import type { InputParam } from '@weft/core'
import { describe, expect, it } from 'vitest'
import { applyOverrideConfig, overriddenVars } from './override-config.js'

const param = (name: string, type: string): InputParam => ({ label: name, name, type })
const params = [
  param('temperature', 'number'),
  param('systemMessage', 'string'),
  param('streaming', 'boolean'),
  param('apiKey', 'password'),
  param('credential', 'credential'),
  param('filePath', 'file'),
  param('folderPath', 'folder'),
  param('code', 'code'),
  param('model', 'BaseChatModel'),
]
const inputs = { temperature: 0.7, systemMessage: 'Be brief', apiKey: 'sk-author', code: 'return 1', model: 'built' }

describe('applyOverrideConfig', () => {
  it('overrides the params a call may change', () => {
    const result = applyOverrideConfig('chat_0', inputs, params, {
      temperature: 0,
      systemMessage: 'Be long',
      streaming: false,
    })
    expect(result).toMatchObject({ temperature: 0, systemMessage: 'Be long', streaming: false })
  })

  it('refuses secrets, credentials, server files, code and connections', () => {
    const result = applyOverrideConfig('chat_0', inputs, params, {
      apiKey: 'sk-caller',
      credential: 'another-id',
      filePath: '/etc/passwd',
      folderPath: '/',
      code: 'while (true) {}',
      model: 'something else',
    })
    expect(result).toEqual(inputs)
  })

  it('leaves a node without the param alone', () => {
    expect(applyOverrideConfig('chat_0', inputs, [param('other', 'string')], { temperature: 0 })).toEqual(inputs)
  })

  it('overrides only the nodes named when the value is keyed by node ids', () => {
    const overrideConfig = { temperature: { chat_0: 0.1, chat_1: 0.9 } }
    expect(applyOverrideConfig('chat_0', inputs, params, overrideConfig).temperature).toBe(0.1)
    expect(applyOverrideConfig('chat_2', inputs, params, overrideConfig).temperature).toBe(0.7)
  })
})

describe('overriddenVars', () => {
  it('lets a call override and add variables', () => {
    expect(overriddenVars({ city: 'Lyon', unit: 'C' }, { vars: { city: 'Oslo', days: 3 } })).toEqual({
      city: 'Oslo',
      unit: 'C',
      days: '3',
    })
    expect(overriddenVars({ city: 'Lyon' }, { vars: 'nonsense' })).toEqual({ city: 'Lyon' })
  })
})
