import { describe, expect, it } from 'vitest'
import {
  detailsOfProviderAssistant,
  isProviderAssistantType,
  providerToolResources,
  providerToolSpecs,
  type ProviderAssistant,
} from './provider-assistant.js'

const weather = { type: 'function', function: { name: 'get_weather', parameters: { type: 'object' } } }

describe('provider assistants', () => {
  it('sends the switched-on tools and keeps the function tools the provider holds', () => {
    expect(providerToolSpecs(['file_search', 'code_interpreter'])).toEqual([
      { type: 'code_interpreter' },
      { type: 'file_search' },
    ])
    expect(providerToolSpecs([], [{ type: 'code_interpreter' }, weather])).toEqual([weather])
    expect(providerToolSpecs(['file_search'], [{ type: 'code_interpreter' }, weather])).toEqual([
      { type: 'file_search' },
      weather,
    ])
  })

  it('sends only the resources of switched-on tools', () => {
    const resources = { code_interpreter: { file_ids: ['file-1'] }, file_search: { vector_store_ids: ['vs_1'] } }
    expect(providerToolResources(['file_search'], resources)).toEqual({ file_search: { vector_store_ids: ['vs_1'] } })
    expect(providerToolResources(['code_interpreter'], undefined)).toEqual({ code_interpreter: { file_ids: [] } })
    expect(providerToolResources([], resources)).toEqual({})
  })

  it('imports an assistant of the provider with its built-in tools and resources', () => {
    const atProvider: ProviderAssistant = {
      id: 'asst_1',
      name: null,
      description: null,
      model: 'gpt-4o',
      instructions: 'Be brief.',
      tools: [{ type: 'file_search' }, weather],
      tool_resources: { file_search: { vector_store_ids: ['vs_1'] }, code_interpreter: { file_ids: [] } },
      temperature: 0.5,
      top_p: 1,
      created_at: 1,
    }
    expect(detailsOfProviderAssistant(atProvider)).toEqual({
      id: 'asst_1',
      name: 'asst_1',
      model: 'gpt-4o',
      instructions: 'Be brief.',
      temperature: 0.5,
      top_p: 1,
      tools: ['file_search'],
      tool_resources: { file_search: { vector_store_ids: ['vs_1'] } },
    })
  })

  it('knows which assistant types live at a provider', () => {
    expect(isProviderAssistantType('OPENAI')).toBe(true)
    expect(isProviderAssistantType('AZURE')).toBe(true)
    expect(isProviderAssistantType('CUSTOM')).toBe(false)
  })
})
