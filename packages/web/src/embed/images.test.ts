import { uploadsConfigOf, type ChatbotConfig } from '@weft/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import Chatbot from './index'
import { controlledStream, json, stubFetch } from './test/fakeServer'

// Weft's own widget takes images where the flow's chat model sees them: an attach button, the
// server's rule checked before sending, the image in the question, then loaded from the server
// (get-upload-file) once it kept it, so this browser keeps no image data.

const HOST = 'https://weft.example.com'
const shadowOf = (parent: Element) => [...parent.querySelectorAll('div')].find((div) => div.shadowRoot)?.shadowRoot

function serve(imagesAllowed: boolean) {
  const stream = controlledStream()
  const uploads = uploadsConfigOf({ chatbotConfig: {}, imagesAllowed, speechToTextEnabled: false })
  const config: ChatbotConfig & { uploads: typeof uploads } = { title: 'Shop helper', uploads }
  const calls = stubFetch((call) => {
    if (call.url.endsWith('/public-chatbotConfig/f1')) return json(config)
    if (call.url.endsWith('/public-chatflows/f1')) return json({ id: 'f1', name: 'Shop flow' })
    return stream.response()
  })
  return { stream, calls }
}

async function mountFull(): Promise<ShadowRoot> {
  const box = document.createElement('section')
  document.body.append(box)
  Chatbot.initFull({ chatflowid: 'f1', apiHost: HOST, element: box })
  await vi.waitFor(() => expect(shadowOf(box)?.querySelector('textarea')).toBeTruthy())
  return shadowOf(box)!
}

function pick(root: ShadowRoot, file: File) {
  const picker = root.querySelector<HTMLInputElement>('input[aria-label="Images to attach"]')!
  Object.defineProperty(picker, 'files', { configurable: true, value: [file] })
  picker.dispatchEvent(new Event('change'))
}

describe('images in the embeddable widget', () => {
  afterEach(() => {
    document.body.replaceChildren()
    vi.unstubAllGlobals()
    localStorage.clear()
  })

  it('offers no attach button where the flow takes no images', async () => {
    serve(false)
    const root = await mountFull()
    expect(root.querySelector('[aria-label="Attach images"]')).toBeNull()
  })

  it('sends a picked image with the question, shows it, then loads it from the server', async () => {
    const { stream, calls } = serve(true)
    const root = await mountFull()
    expect(root.querySelector('[aria-label="Attach images"]')).toBeTruthy()
    pick(root, new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }))
    await vi.waitFor(() =>
      expect(root.querySelector('[role="alert"]')?.textContent).toBe(
        'logo.svg: images of type image/svg+xml are not accepted here; accepted: image/gif, image/jpeg, image/png, image/webp.',
      ),
    )
    pick(root, new File(['GIF89a'], 'cat.gif', { type: 'image/gif' }))
    await vi.waitFor(() => expect(root.querySelector('.pending [role="listitem"]')?.textContent).toBe('cat.gif'))

    const input = root.querySelector('textarea')!
    input.value = 'What is this?'
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }))
    await vi.waitFor(() => expect(calls.some((call) => call.url === `${HOST}/api/v1/prediction/f1`)).toBe(true))
    const sent = calls.find((call) => call.url === `${HOST}/api/v1/prediction/f1`)!
    expect(sent.body).toMatchObject({
      question: 'What is this?',
      uploads: [{ type: 'file', name: 'cat.gif', mime: 'image/gif', data: `data:image/gif;base64,${btoa('GIF89a')}` }],
    })
    const shown = () => root.querySelector<HTMLImageElement>('.row.user img[alt="cat.gif"]')
    expect(shown()?.getAttribute('src')).toBe(`data:image/gif;base64,${btoa('GIF89a')}`)

    stream.send({ event: 'token', data: 'A cat.' })
    stream.send({
      event: 'metadata',
      data: { chatId: 'c1', chatMessageId: 'm1', question: 'What is this?', sessionId: 'c1' },
    })
    stream.send({ event: 'end', data: '[DONE]' })
    stream.close()
    await vi.waitFor(() =>
      expect(shown()?.getAttribute('src')).toBe(
        `${HOST}/api/v1/get-upload-file?chatflowId=f1&chatId=c1&fileName=cat.gif`,
      ),
    )
    await vi.waitFor(() => expect(localStorage.getItem('f1_EXTERNAL')).toContain('get-upload-file'))
    expect(localStorage.getItem('f1_EXTERNAL')).not.toContain('data:image')
  })
})
