import { describe, expect, it } from 'vitest'
import { asksWhatICanDo, greetingText, guideText, isGreeting, missText, nameText } from './offline-guide.js'

describe('the guide rules', () => {
  it('knows a greeting, with small talk or alone, but not a question that starts with one', () => {
    for (const text of ['Hello', 'hi there!', 'Good morning, how are you?', 'Hey', '']) {
      expect(isGreeting(text), text).toBe(true)
    }
    expect(isGreeting('Hi, when is the office open?')).toBe(false)
    expect(isGreeting('Highway rules')).toBe(false)
  })

  it('knows the questions about what the responder can do, also after a greeting', () => {
    for (const text of ['What can you do?', 'Help', 'help me', 'Who are you?', 'Hello! What can you do for me?']) {
      expect(asksWhatICanDo(text), text).toBe(true)
    }
    expect(asksWhatICanDo('Can you help me with a refund?')).toBe(false)
    expect(asksWhatICanDo('What is the capital of Peru?')).toBe(false)
  })

  it('explains what it is, what it can do and how to connect a real model', () => {
    const guide = guideText()
    expect(guide).toMatch(/^I am Weft's built-in responder, not a language model/)
    expect(guide).toContain('from my prompt and from the documents of this flow')
    expect(guide).toContain('remember your name')
    expect(guide).toContain('replace this node with ChatOpenAI, ChatAnthropic, an OpenAI-compatible server')
    expect(guide).toContain('a local GGUF model (ChatLlamaCpp), then add a credential')
  })

  it('greets by name when it knows one, and says the name back', () => {
    expect(greetingText()).toMatch(/^Hello! I am Weft's built-in responder/)
    expect(greetingText('Bo')).toMatch(/^Hello, Bo! /)
    expect(nameText('Bo')).toBe('Your name is Bo.')
    expect(nameText()).toContain('Say "My name is …"')
  })

  it('turns a miss into a suggestion: an example of what it can answer, else "What can you do?"', () => {
    const withExample = missText('What is the capital of Peru?', 'The office opens at nine.')
    expect(withExample).toContain('do not answer "What is the capital of Peru?"')
    expect(withExample).toContain('for example, they say: "The office opens at nine."')
    expect(missText('What is the capital of Peru?')).toContain('ask me "What can you do?"')
  })
})
