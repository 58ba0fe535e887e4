import { EditorView } from '@codemirror/view'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import type { Flow } from '@weft/core'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { stubTextLayout } from '../../../components/code-editor/test/jsdomRanges'
import { resetApp, stubServer } from '../../../test/renderApp'
import ConfigDialog from './ConfigDialog'
import { flowRecord, renderShare, type Sent } from './test/renderShare'

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status })

/** A server with one OpenAI credential that answers a flow PUT with the flow as sent; records the PUTs. */
function serve() {
  const sent: Sent[] = []
  stubServer((url, init) => {
    const method = init?.method ?? 'GET'
    if (url.startsWith('/api/v1/credentials?credentialName=openAIApi'))
      return json([{ id: 'c1', name: 'OpenAI prod', credentialName: 'openAIApi' }])
    if (url === '/api/v1/chatflows/f1' && method === 'PUT') {
      const body = JSON.parse(init!.body as string) as Record<string, unknown>
      sent.push({ method, url, body })
      return json(flowRecord(body as Partial<Flow>))
    }
    return undefined
  })
  return sent
}

function open(record: Flow = flowRecord()) {
  const onSaved = vi.fn()
  renderShare(<ConfigDialog record={record} onSaved={onSaved} onClose={() => undefined} />)
  return onSaved
}

const tab = (name: string) => fireEvent.click(screen.getByRole('tab', { name }))
const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })))
const chatbotConfigSent = (sent: Sent[]) => JSON.parse(sent.at(-1)!.body.chatbotConfig as string)

describe('configuration dialog: settings that act on the run', { timeout: 30_000 }, () => {
  beforeAll(stubTextLayout)
  afterEach(resetApp)

  it('saves which files a chat may attach, and how large', async () => {
    const sent = serve()
    const onSaved = open()
    tab('File upload')
    expect(screen.queryByLabelText('Largest file (MB)')).toBeNull()
    fireEvent.click(screen.getByLabelText('Allow file uploads'))
    fireEvent.click(screen.getByLabelText('CSV (.csv)'))
    fireEvent.change(screen.getByLabelText('Largest file (MB)'), { target: { value: '2' } })
    await save()
    await waitFor(() => expect(onSaved).toHaveBeenCalled())
    expect(chatbotConfigSent(sent).fullFileUpload).toEqual({
      status: true,
      allowedUploadFileTypes: 'text/plain,text/csv',
      maxUploadSize: 2,
    })
  })

  it('refuses a file upload with no type or too large a limit, on its tab', async () => {
    const sent = serve()
    open()
    tab('File upload')
    fireEvent.click(screen.getByLabelText('Allow file uploads'))
    fireEvent.click(screen.getByLabelText('Text (.txt)'))
    fireEvent.change(screen.getByLabelText('Largest file (MB)'), { target: { value: '200' } })
    tab('Chatbot')
    await save()
    expect(screen.getByRole('tab', { name: 'File upload', selected: true })).toBeTruthy()
    expect(screen.getByText('Choose at least one type of file')).toBeTruthy()
    expect(screen.getByText('Enter a whole number of MB from 1 to 20')).toBeTruthy()
    expect(sent).toEqual([])
  })

  it('saves speech to text with the chosen credential, once one is chosen', async () => {
    const sent = serve()
    const onSaved = open()
    tab('Speech to text')
    fireEvent.click(screen.getByLabelText('Speech to text'))
    await save()
    expect(screen.getByText('Choose the OpenAI credential to transcribe with')).toBeTruthy()
    expect(sent).toEqual([])

    const picker = screen.getByRole('combobox', { name: 'Credential' })
    fireEvent.mouseDown(picker)
    fireEvent.click(await screen.findByRole('option', { name: 'OpenAI prod' }))
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'de' } })
    await save()
    await waitFor(() => expect(onSaved).toHaveBeenCalled())
    expect(JSON.parse(sent[0]!.body.speechToText as string)).toEqual({
      openAIWhisper: { status: true, credentialId: 'c1', language: 'de' },
    })
  })

  it('saves the post-processing function as Flowise stores it, and refuses it empty', async () => {
    const sent = serve()
    const onSaved = open()
    tab('Post-processing')
    fireEvent.click(screen.getByLabelText('Post-process answers'))
    await save()
    expect(screen.getByText('Write the function, or switch post-processing off')).toBeTruthy()

    const editor = await screen.findByRole('textbox', { name: 'Post-processing function' })
    const view = EditorView.findFromDOM(editor)!
    act(() => view.dispatch({ changes: { from: 0, insert: 'return $flow.rawOutput.toUpperCase()' } }))
    await save()
    await waitFor(() => expect(onSaved).toHaveBeenCalled())
    expect(chatbotConfigSent(sent).postProcessing).toEqual({
      enabled: true,
      customFunction: JSON.stringify('return $flow.rawOutput.toUpperCase()'),
    })
  })
})
