import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { uploadsConfigOf, type UploadsConfig } from '@weft/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { resetApp, stubServer } from '../../test/renderApp'
import { useChatPanel } from './chatPanelStore'
import { controlledStream } from './testing/controlledStream'
import { renderChatPanel } from './testing/renderChatPanel'
import { MICROPHONE_REFUSED } from './useVoiceRecorder'

// The chat shows an attach button and a microphone only when the flow takes files or speech, and
// checks a picked file with the same rule (and words) as the server.

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })

const uploads = (changes: { files?: boolean; speech?: boolean; images?: boolean }): UploadsConfig =>
  uploadsConfigOf({
    chatbotConfig: changes.files
      ? { fullFileUpload: { status: true, allowedUploadFileTypes: 'text/plain', maxUploadSize: 1 } }
      : {},
    imagesAllowed: changes.images === true,
    speechToTextEnabled: changes.speech === true,
  })

/** The canvas chat of f1 whose chatbot config says what it takes; records the predictions. */
function serve(config: UploadsConfig | undefined, stream = controlledStream(), stored: unknown[] = []) {
  const predictions: Record<string, unknown>[] = []
  const fetch = stubServer((url, init) => {
    if (url === '/api/v1/chatflows-streaming/f1') return json({ isStreaming: true })
    if (url === '/api/v1/public-chatbotConfig/f1') return json(config ? { uploads: config } : {})
    if (url.startsWith('/api/v1/chatmessage/f1')) return json(stored)
    if (url === '/api/v1/internal-prediction/f1') {
      predictions.push(JSON.parse(init!.body as string) as Record<string, unknown>)
      return stream.response()
    }
    return undefined
  })
  renderChatPanel()
  return { predictions, stream, fetch }
}

const messages = () => screen.getByRole('log', { name: 'Messages' })
const filePicker = () => screen.getByLabelText('Files to attach') as HTMLInputElement
const pick = (file: File) => act(async () => fireEvent.change(filePicker(), { target: { files: [file] } }))

describe('chat uploads', () => {
  afterEach(() => {
    resetApp()
    useChatPanel.setState({ open: false, expanded: false })
    delete (navigator as { mediaDevices?: unknown }).mediaDevices
  })

  it('offers neither attach nor microphone while the flow takes only text, and each only when it is on', async () => {
    const { fetch } = serve(uploads({}))
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => url === '/api/v1/public-chatbotConfig/f1')).toBe(true))
    await act(async () => {})
    expect(screen.queryByRole('button', { name: 'Attach files' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Record a voice message' })).toBeNull()
    resetApp()

    serve(uploads({ speech: true }))
    expect(await screen.findByRole('button', { name: 'Record a voice message' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Attach files' })).toBeNull()
  })

  it('refuses a file the flow does not take with the server’s words, and sends an accepted one with the question', async () => {
    const { predictions } = serve(uploads({ files: true }))
    expect(await screen.findByRole('button', { name: 'Attach files' })).toBeTruthy()

    await pick(new File(['%PDF'], 'report.pdf', { type: 'application/pdf' }))
    expect(screen.getByRole('alert').textContent).toContain(
      'report.pdf: files of type application/pdf are not accepted here; accepted: text/plain.',
    )
    await pick(new File(['x'.repeat(1024 * 1024 + 1)], 'big.txt', { type: 'text/plain' }))
    expect(screen.getByRole('alert').textContent).toContain('big.txt: 1.0 MB is over the 1 MB limit for files.')

    await pick(new File(['apples'], 'list.txt', { type: 'text/plain' }))
    expect(within(await screen.findByRole('list', { name: 'Attached files' })).getByText('list.txt')).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
    fireEvent.change(screen.getByLabelText('Type your question'), { target: { value: 'What is on it?' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }))

    await waitFor(() => expect(predictions).toHaveLength(1))
    expect(predictions[0]).toMatchObject({
      question: 'What is on it?',
      uploads: [
        { type: 'file:full', name: 'list.txt', mime: 'text/plain', data: `data:text/plain;base64,${btoa('apples')}` },
      ],
    })
    expect(within(messages()).getByText(/Attached: list.txt/)).toBeTruthy()
    expect(screen.queryByRole('list', { name: 'Attached files' })).toBeNull()
  })

  it('says plainly when the browser refuses the microphone', async () => {
    serve(uploads({ speech: true }))
    const refused = new DOMException('Permission denied', 'NotAllowedError')
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: vi.fn().mockRejectedValue(refused) },
    })
    vi.stubGlobal('MediaRecorder', class {})
    fireEvent.click(await screen.findByRole('button', { name: 'Record a voice message' }))
    expect((await screen.findByRole('alert')).textContent).toContain(MICROPHONE_REFUSED)
  })

  it('sends a recording as a voice message and shows the words the server heard', async () => {
    const { predictions, stream } = serve(uploads({ speech: true }))
    const track = { stop: vi.fn() }
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: vi.fn().mockResolvedValue({ getTracks: () => [track] }) },
    })
    // jsdom records nothing: a stand-in recorder hands over a few bytes when stopped.
    class StandInRecorder {
      state = 'inactive'
      mimeType = 'audio/webm;codecs=opus'
      ondataavailable: ((event: { data: Blob }) => void) | null = null
      onstop: (() => void) | null = null
      constructor(readonly stream: unknown) {}
      start() {
        this.state = 'recording'
      }
      stop() {
        this.state = 'inactive'
        this.ondataavailable?.({ data: new Blob(['voice'], { type: this.mimeType }) })
        this.onstop?.()
      }
    }
    vi.stubGlobal('MediaRecorder', StandInRecorder)

    fireEvent.click(await screen.findByRole('button', { name: 'Record a voice message' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Stop recording and send' }))
    await waitFor(() => expect(predictions).toHaveLength(1))
    expect(track.stop).toHaveBeenCalled()
    expect(predictions[0]).toMatchObject({
      question: '',
      uploads: [{ type: 'audio', name: 'audio.webm', mime: 'audio/webm' }],
    })
    const sent = (predictions[0]!.uploads as { data: string }[])[0]!.data
    expect(atob(sent.slice(sent.indexOf(',') + 1))).toBe('voice')
    expect(within(messages()).getByText('Voice message')).toBeTruthy()

    stream.send(
      { event: 'start', data: '' },
      { event: 'token', data: 'We open at nine.' },
      {
        event: 'metadata',
        data: { chatId: 'c1', chatMessageId: 'm1', question: 'When do you open?', sessionId: 'c1' },
      },
      { event: 'end', data: '[DONE]' },
    )
    stream.close()
    expect(await within(messages()).findByText('When do you open?')).toBeTruthy()
    expect(within(messages()).queryByText('Voice message')).toBeNull()
  })

  it('sends a picked image as an image, shows it in the question, then loads it from the server', async () => {
    const { predictions, stream } = serve(uploads({ images: true }))
    fireEvent.click(await screen.findByRole('button', { name: 'Attach files' }))
    expect(filePicker().accept).toContain('image/png')
    await pick(new File(['GIF89a'], 'cat.gif', { type: 'image/gif' }))
    expect(within(await screen.findByRole('list', { name: 'Attached files' })).getByText('cat.gif')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Type your question'), { target: { value: 'What is this?' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }))

    await waitFor(() => expect(predictions).toHaveLength(1))
    expect(predictions[0]).toMatchObject({
      question: 'What is this?',
      uploads: [{ type: 'file', name: 'cat.gif', mime: 'image/gif', data: `data:image/gif;base64,${btoa('GIF89a')}` }],
    })
    const shown = within(messages()).getByRole('img', { name: 'cat.gif' }) as HTMLImageElement
    expect(shown.src).toBe(`data:image/gif;base64,${btoa('GIF89a')}`)
    expect(within(messages()).queryByText(/Attached:/)).toBeNull()

    stream.send(
      { event: 'start', data: '' },
      { event: 'token', data: 'A cat.' },
      { event: 'metadata', data: { chatId: 'c1', chatMessageId: 'm1', question: 'What is this?', sessionId: 'c1' } },
      { event: 'end', data: '[DONE]' },
    )
    stream.close()
    await waitFor(() =>
      expect((within(messages()).getByRole('img', { name: 'cat.gif' }) as HTMLImageElement).getAttribute('src')).toBe(
        '/api/v1/get-upload-file?chatflowId=f1&chatId=c1&fileName=cat.gif',
      ),
    )
  })

  it('refuses an image where the flow takes none, with the server’s words', async () => {
    serve(uploads({ files: true }))
    expect(await screen.findByRole('button', { name: 'Attach files' })).toBeTruthy()
    await pick(new File(['GIF89a'], 'cat.gif', { type: 'image/gif' }))
    expect(screen.getByRole('alert').textContent).toContain(
      'cat.gif: files of type image/gif are not accepted here; accepted: text/plain.',
    )
  })

  it("shows the images of a stored question from Flowise's fileUploads", async () => {
    localStorage.setItem('f1_INTERNAL', JSON.stringify({ chatId: 'c9' }))
    serve(uploads({ images: true }), controlledStream(), [
      {
        id: 'q1',
        role: 'userMessage',
        chatflowid: 'f1',
        content: 'Look',
        chatId: 'c9',
        chatType: 'INTERNAL',
        sessionId: 'c9',
        leadEmail: null,
        sourceDocuments: null,
        usedTools: null,
        createdDate: '2026-12-02T00:00:00.000Z',
        fileUploads: JSON.stringify([
          { type: 'stored-file', name: 'x.png', mime: 'image/png' },
          { type: 'url', name: 'cat', mime: 'image/jpeg', data: 'https://images.example.com/cat.jpg' },
        ]),
      },
    ])
    const stored = (await within(messages()).findByRole('img', { name: 'x.png' })) as HTMLImageElement
    expect(stored.getAttribute('src')).toBe('/api/v1/get-upload-file?chatflowId=f1&chatId=c9&fileName=x.png')
    expect(within(messages()).getByRole('img', { name: 'cat' }).getAttribute('src')).toBe(
      'https://images.example.com/cat.jpg',
    )
  })
})
