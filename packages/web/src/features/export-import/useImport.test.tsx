import { fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { useSettings } from '../../store/settings'
import { admin, findHeading, renderApp, resetApp, stubServer } from '../../test/renderApp'

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

async function chooseFile(file: File) {
  await findHeading('Chatflows')
  fireEvent.change(screen.getByLabelText('Import file'), { target: { files: [file] } })
}

describe('Import (SPEC §4)', { timeout: 15_000 }, () => {
  afterEach(resetApp)

  const fileOf = (megabytes: number) => {
    const file = new File(['{}'], 'ExportData.json', { type: 'application/json' })
    Object.defineProperty(file, 'size', { value: megabytes * 1024 * 1024 })
    Object.defineProperty(file, 'text', { value: () => Promise.resolve('{}') })
    return file
  }

  it('refuses a file over the server’s limit (50 MB unless it says otherwise) before sending it', async () => {
    const fetch = stubServer()
    renderApp('/chatflows', { user: admin })
    await chooseFile(fileOf(50.5))
    expect(
      await screen.findByText('Failed to import: The file is too large: an import takes at most 50 MB'),
    ).toBeTruthy()
    expect(fetch.mock.calls.map(([url]) => url)).not.toContain('/api/v1/export-import/import')
  })

  it('follows the limit the server gives: refuses 9 MB where it takes 8 MB, sends 30 MB under the default', async () => {
    const fetch = stubServer((url) =>
      url === '/api/v1/export-import/import'
        ? json({ statusCode: 400, message: 'Tool[0].name: must be text' }, 400)
        : undefined,
    )
    renderApp('/chatflows', { user: admin })
    useSettings.setState({ flowBodyLimitMb: 8 })
    await chooseFile(fileOf(9))
    expect(
      await screen.findByText('Failed to import: The file is too large: an import takes at most 8 MB'),
    ).toBeTruthy()
    expect(fetch.mock.calls.map(([url]) => url)).not.toContain('/api/v1/export-import/import')

    useSettings.setState({ flowBodyLimitMb: 50 })
    await chooseFile(fileOf(30))
    expect(await screen.findByText('Failed to import: Tool[0].name: must be text')).toBeTruthy()
    expect(fetch.mock.calls.map(([url]) => url)).toContain('/api/v1/export-import/import')
  })

  it("sends the file's bundle and shows the server's reason when it is refused", async () => {
    const sent: unknown[] = []
    stubServer((url, init) => {
      if (url !== '/api/v1/export-import/import') return undefined
      sent.push(JSON.parse(String(init?.body)))
      return json({ statusCode: 400, error: 'Bad Request', message: 'Tool[0].name: must be text' }, 400)
    })
    renderApp('/chatflows', { user: admin })
    const text = '{"Tool":[{"id":"t","name":1}]}'
    const file = new File([text], 'ExportData.json', { type: 'application/json' })
    // jsdom's File cannot read itself back yet; browsers can.
    Object.defineProperty(file, 'text', { value: () => Promise.resolve(text) })
    await chooseFile(file)
    expect(await screen.findByText('Failed to import: Tool[0].name: must be text')).toBeTruthy()
    expect(sent).toEqual([{ Tool: [{ id: 't', name: 1 }] }])
  })
})
