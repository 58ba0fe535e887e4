import { describe, expect, it } from 'vitest'
import { CHATBOT_DEFAULTS, chatbotView } from './chatbot-view.js'
import { starterPromptsOf, storedStarterPrompts } from './starter-prompts.js'

describe('what a chatbot shows', () => {
  it('fills every default for an empty config, titling it with the flow name', () => {
    const view = chatbotView({}, 'Shop assistant')
    expect(view.title).toBe('Shop assistant')
    expect(view.welcomeMessage).toBe(CHATBOT_DEFAULTS.welcomeMessage)
    expect(view.starterPrompts).toEqual([])
    expect(view.textInput.placeholder).toBe('Type your question')
    expect(view.botMessage).toEqual({ backgroundColor: '#f7f8ff', textColor: '#303235', showAvatar: false })
    expect(view.footer).toEqual({ text: 'Powered by', company: 'Weft', companyLink: '/', textColor: '#303235' })
    expect(view.feedback).toBe(false)
    expect(view.leads).toBeUndefined()
    expect(view.errorMessage).toBeUndefined()
    expect(chatbotView({}).title).toBe('Chatbot')
    expect(chatbotView({ title: '   ' }, '  ').title).toBe('Chatbot')
  })

  it('shows what the owner set, in Flowise’s field names', () => {
    const view = chatbotView(
      {
        title: 'Acme',
        titleAvatarSrc: 'https://acme.example/logo.png',
        welcomeMessage: 'Welcome!',
        errorMessage: 'Sorry, try later.',
        backgroundColor: '#fafafa',
        fontSize: 14,
        poweredByTextColor: '#999999',
        botMessage: { backgroundColor: '#eeeeee', textColor: '#111111', avatarSrc: '/bot.png', showAvatar: true },
        userMessage: { backgroundColor: 'rgb(1, 2, 3)', textColor: 'white' },
        textInput: {
          placeholder: 'Ask Acme',
          backgroundColor: '#ffffee',
          textColor: '#222222',
          sendButtonColor: 'red',
        },
        starterPrompts: { 0: { prompt: 'Opening hours?' }, 1: { prompt: '' }, 2: { prompt: 'Returns?' } },
        footer: { text: 'Made by', company: 'Acme', companyLink: 'https://acme.example' },
        chatFeedback: { status: true },
        leads: { status: true, title: 'Who are you?', email: true },
      },
      'Flow name',
    )
    expect(view).toMatchObject({
      title: 'Acme',
      titleAvatarSrc: 'https://acme.example/logo.png',
      welcomeMessage: 'Welcome!',
      errorMessage: 'Sorry, try later.',
      backgroundColor: '#fafafa',
      fontSize: 14,
      botMessage: { backgroundColor: '#eeeeee', textColor: '#111111', avatarSrc: '/bot.png', showAvatar: true },
      userMessage: { backgroundColor: 'rgb(1, 2, 3)', textColor: 'white', showAvatar: false },
      textInput: { placeholder: 'Ask Acme', backgroundColor: '#ffffee', textColor: '#222222', sendButtonColor: 'red' },
      starterPrompts: ['Opening hours?', 'Returns?'],
      footer: { text: 'Made by', company: 'Acme', companyLink: 'https://acme.example', textColor: '#999999' },
      feedback: true,
      leads: { status: true, title: 'Who are you?', email: true },
    })
  })

  it('falls back where a value cannot be used safely: CSS outside a colour, script links, odd sizes', () => {
    const view = chatbotView({
      backgroundColor: 'red; } body { display: none',
      fontSize: 400,
      titleAvatarSrc: 'javascript:alert(1)',
      botMessage: { showAvatar: true },
      footer: { companyLink: 'javascript:alert(1)' },
      leads: { status: false, email: true },
    })
    expect(view.backgroundColor).toBe('#ffffff')
    expect(view.fontSize).toBe(16)
    expect(view.titleAvatarSrc).toBeUndefined()
    expect(view.botMessage.showAvatar).toBe(false)
    expect(view.footer.companyLink).toBe('/')
    expect(view.leads).toBeUndefined()
    expect(chatbotView({ fontSize: '18' as unknown as number }).fontSize).toBe(18)
  })
})

describe('starter prompts', () => {
  it('reads Flowise’s object by position, and a plain list, leaving blanks and non-text out', () => {
    expect(starterPromptsOf({ 1: { prompt: 'Second' }, 0: { prompt: ' First ' }, 2: { prompt: ' ' } })).toEqual([
      'First',
      'Second',
    ])
    expect(starterPromptsOf(['One', '', 'Two', 3])).toEqual(['One', 'Two'])
    expect(starterPromptsOf('not prompts')).toEqual([])
    expect(starterPromptsOf(null)).toEqual([])
  })

  it('are stored in Flowise’s shape, and read back as they were', () => {
    const stored = storedStarterPrompts(['What is a flow?', '  ', 'Pricing?'])
    expect(stored).toEqual({ 0: { prompt: 'What is a flow?' }, 1: { prompt: 'Pricing?' } })
    expect(starterPromptsOf(JSON.parse(JSON.stringify(stored)))).toEqual(['What is a flow?', 'Pricing?'])
  })
})
