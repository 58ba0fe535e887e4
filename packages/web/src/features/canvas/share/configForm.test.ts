import type { ApiConfig, ChatbotConfig } from '@weft/core'
import { describe, expect, it } from 'vitest'
import { flowRecord } from '../testing/renderCanvas'
import { configFormOf, toFlowConfigUpdate, validateConfigForm } from './configForm'

const stored: ChatbotConfig = {
  title: 'Helper',
  titleAvatarSrc: 'https://example.com/a.png',
  botMessage: { backgroundColor: '#eeeeee', showAvatar: true },
  allowedOrigins: ['https://example.com'],
  starterPrompts: ['Hi'],
}
const record = flowRecord({
  isPublic: true,
  chatbotConfig: JSON.stringify(stored),
  apiConfig: JSON.stringify({ rateLimit: { status: true, limitMax: 5, limitDuration: 60, limitMsg: 'Slow down' } }),
  apikeyid: 'k1',
})

describe('flow configuration form', () => {
  it('reads the stored configuration', () => {
    const form = configFormOf(record)
    expect(form).toMatchObject({
      isPublic: true,
      title: 'Helper',
      botBackground: '#eeeeee',
      allowedOrigins: ['https://example.com'],
      starterPrompts: ['Hi'],
      rateLimited: true,
      limitMax: '5',
      limitDuration: '60',
      limitMsg: 'Slow down',
      apikeyid: 'k1',
    })
  })

  it('starts from defaults when nothing is stored or the text is not JSON', () => {
    const form = configFormOf(flowRecord({ chatbotConfig: 'not json', apiConfig: null }))
    expect(form).toMatchObject({ title: '', allowedOrigins: [], rateLimited: false, apikeyid: null, leadsOn: false })
  })

  it('names each origin that is not one, and ignores empty rows', () => {
    const form = {
      ...configFormOf(record),
      allowedOrigins: ['https://ok.com', 'example.com', '', 'https://x.com/path'],
    }
    expect(validateConfigForm(form)).toEqual({
      'allowedOrigins.1': 'Enter an origin like https://example.com, without a path',
      'allowedOrigins.3': 'Enter an origin like https://example.com, without a path',
    })
  })

  it('needs whole numbers of at least 1 for a rate limit that is on', () => {
    const form = { ...configFormOf(record), limitMax: '0', limitDuration: '1.5' }
    expect(Object.keys(validateConfigForm(form))).toEqual(['limitMax', 'limitDuration'])
    expect(validateConfigForm({ ...form, rateLimited: false })).toEqual({})
  })

  it('asks leads for at least one detail', () => {
    expect(validateConfigForm({ ...configFormOf(record), leadsOn: true })).toEqual({
      leads: 'Choose at least one thing to ask for',
    })
  })

  it('sends the configs as JSON text, keeping fields the dialog does not edit', () => {
    const form = {
      ...configFormOf(record),
      title: '  ',
      welcomeMessage: 'Hello!',
      allowedOrigins: ['https://a.com/', ''],
      starterPrompts: ['One', ' '],
      limitMax: '10',
      apikeyid: null,
      leadsOn: true,
      leadsEmail: true,
    }
    const update = toFlowConfigUpdate(form, record)
    expect(update.isPublic).toBe(true)
    expect(update.apikeyid).toBeNull()
    const chatbot = JSON.parse(update.chatbotConfig) as ChatbotConfig
    expect(chatbot).toMatchObject({
      titleAvatarSrc: 'https://example.com/a.png',
      welcomeMessage: 'Hello!',
      botMessage: { backgroundColor: '#eeeeee', showAvatar: true },
      allowedOrigins: ['https://a.com'],
      starterPrompts: { 0: { prompt: 'One' } },
      leads: { status: true, email: true, name: false, phone: false },
    })
    expect(chatbot.title).toBeUndefined()
    expect(JSON.parse(update.apiConfig)).toEqual({
      rateLimit: { status: true, limitMax: 10, limitDuration: 60, limitMsg: 'Slow down' },
    } satisfies ApiConfig)
  })

  it('reads and writes the chatbot’s look in Flowise’s field names, starter prompts in its object shape', () => {
    const flowise = flowRecord({
      chatbotConfig: JSON.stringify({
        starterPrompts: { 0: { prompt: 'Hours?' }, 1: { prompt: '' }, 2: { prompt: 'Prices?' } },
        fontSize: 14,
        backgroundColor: '#fafafa',
        poweredByTextColor: '#999999',
        textInput: { placeholder: 'Ask away', backgroundColor: '#ffffff' },
        footer: { text: 'Made by', company: 'Acme', companyLink: 'https://acme.example' },
        chatFeedback: { status: true },
      }),
    })
    const form = configFormOf(flowise)
    expect(form).toMatchObject({
      starterPrompts: ['Hours?', 'Prices?'],
      fontSize: '14',
      backgroundColor: '#fafafa',
      poweredByTextColor: '#999999',
      placeholder: 'Ask away',
      footerText: 'Made by',
      feedbackOn: true,
      followUpPromptsOn: false,
    })
    const chatbot = JSON.parse(
      toFlowConfigUpdate({ ...form, fontSize: '18', feedbackOn: false, footerText: 'Built by' }, flowise).chatbotConfig,
    ) as ChatbotConfig
    expect(chatbot).toMatchObject({
      starterPrompts: { 0: { prompt: 'Hours?' }, 1: { prompt: 'Prices?' } },
      fontSize: 18,
      textInput: { placeholder: 'Ask away', backgroundColor: '#ffffff' },
      footer: { text: 'Built by', company: 'Acme', companyLink: 'https://acme.example' },
      chatFeedback: { status: false },
    })
  })

  it('refuses an avatar that is not a web address and a font size out of range', () => {
    const form = { ...configFormOf(record), titleAvatarSrc: 'javascript:alert(1)', fontSize: '200' }
    expect(validateConfigForm(form)).toEqual({
      titleAvatarSrc: 'Enter an image address starting with https:// or http://',
      fontSize: 'Enter a size from 8 to 48 pixels',
    })
    expect(validateConfigForm({ ...form, titleAvatarSrc: '', fontSize: '' })).toEqual({})
  })

  it('switches follow-up prompts in Flowise’s shape, keeping its other fields, and leaves a flow that never had them alone', () => {
    expect(toFlowConfigUpdate(configFormOf(record), record)).not.toHaveProperty('followUpPrompts')
    const on = toFlowConfigUpdate({ ...configFormOf(record), followUpPromptsOn: true }, record)
    expect(JSON.parse(on.followUpPrompts!)).toEqual({ status: true })

    const flowise = flowRecord({ followUpPrompts: '{"status":true,"selectedProvider":"chatOpenAI"}' })
    expect(configFormOf(flowise).followUpPromptsOn).toBe(true)
    const off = toFlowConfigUpdate({ ...configFormOf(flowise), followUpPromptsOn: false }, flowise)
    expect(JSON.parse(off.followUpPrompts!)).toEqual({ status: false, selectedProvider: 'chatOpenAI' })
  })

  it('keeps the numbers of a limit switched off, and drops a limit that never had any', () => {
    const off = toFlowConfigUpdate({ ...configFormOf(record), rateLimited: false }, record)
    expect(JSON.parse(off.apiConfig)).toMatchObject({ rateLimit: { status: false, limitMax: 5 } })
    const blank = flowRecord({ apiConfig: null })
    expect(JSON.parse(toFlowConfigUpdate(configFormOf(blank), blank).apiConfig)).toEqual({})
  })

  it('reads the override setting, and leaves it out of a flow that never had one', () => {
    const overrideConfig = {
      status: true,
      nodes: { ChatOpenAI: [{ label: 'Temperature', name: 'temperature', type: 'number', enabled: true }] },
      variables: [],
    }
    const withSetting = flowRecord({ apiConfig: JSON.stringify({ overrideConfig }) })
    const form = configFormOf(withSetting)
    expect(form.overrides).toEqual(overrideConfig)
    const off = { ...form, overrides: { ...form.overrides, status: false } }
    expect(JSON.parse(toFlowConfigUpdate(off, withSetting).apiConfig!).overrideConfig).toEqual({
      ...overrideConfig,
      status: false,
    })
    const fresh = flowRecord({ apiConfig: null })
    expect(JSON.parse(toFlowConfigUpdate(configFormOf(fresh), fresh).apiConfig!)).not.toHaveProperty('overrideConfig')
  })
})
