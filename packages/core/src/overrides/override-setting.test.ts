import { describe, expect, it } from 'vitest'
import { isParamEnabled, isVariableEnabled, readOverrideSetting } from './override-setting.js'

describe('readOverrideSetting', () => {
  it('is off when nothing or something odd was stored', () => {
    for (const stored of [undefined, null, {}, { overrideConfig: 'yes' }, { overrideConfig: { status: 'true' } }]) {
      const setting = readOverrideSetting(stored)
      expect(setting.status).toBe(false)
      expect(isParamEnabled(setting, 'ChatOpenAI', 'temperature')).toBe(false)
    }
  })

  it('reads the shape Flowise stores, counting only enabled entries', () => {
    const setting = readOverrideSetting({
      overrideConfig: {
        status: true,
        nodes: {
          ChatOpenAI: [
            { label: 'Temperature', name: 'temperature', type: 'number', enabled: true },
            { label: 'Model Name', name: 'modelName', type: 'options', enabled: false },
            'junk',
          ],
          Broken: 'not a list',
        },
        variables: [
          { id: 'v1', name: 'city', type: 'static', enabled: true },
          { name: 'unit', enabled: 'yes' },
        ],
      },
    })
    expect(isParamEnabled(setting, 'ChatOpenAI', 'temperature')).toBe(true)
    expect(isParamEnabled(setting, 'ChatOpenAI', 'modelName')).toBe(false)
    expect(isParamEnabled(setting, 'Broken', 'temperature')).toBe(false)
    expect(isVariableEnabled(setting, 'city')).toBe(true)
    expect(isVariableEnabled(setting, 'unit')).toBe(false)
    expect(isParamEnabled({ ...setting, status: false }, 'ChatOpenAI', 'temperature')).toBe(false)
  })
})
