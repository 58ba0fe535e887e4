import { cleanup, screen, within } from '@testing-library/react'
import type { Flow } from '@weft/core'
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp, resetApp, stubServer } from '../../../test/renderApp'
import ChatbotPreview from './ChatbotPreview'
import { configFormOf, toFlowConfigUpdate, type ConfigForm } from './configForm'
import { flowRecord, renderShare } from './test/renderShare'

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })

/** Background of the nearest element that has one: the bubble or bar a text sits in. */
function backgroundOf(element: Element | null): string {
  for (let node = element; node; node = node.parentElement) {
    const color = getComputedStyle(node).backgroundColor
    if (color && color !== 'rgba(0, 0, 0, 0)' && color !== 'transparent') return color
  }
  return ''
}

/** Everything a visitor sees in a chatbot window, read from the screen. */
function shown(window: HTMLElement) {
  const heading = within(window).getByRole('heading')
  const log = within(window).getByRole('log', { name: 'Messages' })
  const welcome = log.firstElementChild as HTMLElement
  const starters = within(window).queryByRole('group', { name: 'Starter prompts' })
  const footer = within(window).getByRole('link').closest('p')!
  return {
    title: heading.textContent,
    titleBar: backgroundOf(heading),
    messages: [...log.children].map((row) => row.textContent),
    welcomeBubble: backgroundOf(within(welcome).getByText(/./)),
    starters: starters
      ? within(starters)
          .getAllByRole('button')
          .map((chip) => chip.textContent)
      : [],
    placeholder: within(window).getByLabelText('Type your question').getAttribute('placeholder'),
    sendButton: getComputedStyle(within(window).getByRole('button', { name: 'Send message' })).color,
    footer: footer.textContent,
    footerColor: getComputedStyle(footer).color,
    background: backgroundOf(log),
  }
}

/** What the preview shows for `form`, then what /chatbot/f1 shows once that form is saved. */
async function previewAndPage(record: Flow, form: ConfigForm) {
  renderShare(<ChatbotPreview form={form} record={record} />)
  const preview = shown(screen.getByRole('region', { name: 'Chatbot preview' }))
  cleanup()

  const saved = toFlowConfigUpdate(form, record)
  stubServer((url) => {
    if (url === '/api/v1/public-chatbotConfig/f1') return json(JSON.parse(saved.chatbotConfig))
    if (url === '/api/v1/public-chatflows/f1') return json({ id: 'f1', name: record.name, isPublic: true })
    if (url === '/api/v1/chatflows-streaming/f1') return json({ isStreaming: true })
    return undefined
  })
  renderApp('/chatbot/f1')
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })
  const page = shown(screen.getByRole('heading', { level: 1 }).closest<HTMLElement>('.MuiPaper-root')!)
  return { preview, page }
}

describe('the chatbot preview', { timeout: 30_000 }, () => {
  afterEach(resetApp)

  it('shows exactly what the chatbot page shows once the settings are saved', async () => {
    const record = flowRecord({
      // As exported from Flowise: starter prompts keyed by position, a footer company of its own.
      chatbotConfig: JSON.stringify({
        starterPrompts: { 0: { prompt: 'Opening hours?' }, 1: { prompt: '' } },
        footer: { company: 'Acme', companyLink: 'https://acme.example' },
      }),
    })
    const form: ConfigForm = {
      ...configFormOf(record),
      title: 'Acme help',
      welcomeMessage: 'Hello from Acme!',
      botBackground: '#112233',
      backgroundColor: '#fafafa',
      sendButtonColor: '#aa0000',
      poweredByTextColor: '#445566',
      placeholder: 'Ask Acme',
      footerText: 'Brought to you by',
      starterPrompts: ['Opening hours?', 'Returns?'],
    }
    const { preview, page } = await previewAndPage(record, form)
    expect(page).toEqual(preview)
    expect(page).toMatchObject({
      title: 'Acme help',
      messages: ['Hello from Acme!'],
      welcomeBubble: 'rgb(17, 34, 51)',
      background: 'rgb(250, 250, 250)',
      starters: ['Opening hours?', 'Returns?'],
      placeholder: 'Ask Acme',
      footer: 'Brought to you by Acme',
      footerColor: 'rgb(68, 85, 102)',
    })
  })

  it('shows the page’s own defaults for a chatbot nobody configured: the flow’s name and the default welcome', async () => {
    const record = flowRecord()
    const { preview, page } = await previewAndPage(record, configFormOf(record))
    expect(page).toEqual(preview)
    expect(page).toMatchObject({ title: 'Support bot', messages: ['Hi there! How can I help?'], starters: [] })
  })
})
