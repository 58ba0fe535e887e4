import { fireEvent, screen } from '@testing-library/react'
import { IMPORT_SIZE_LIMIT } from '@weft/core'
import { afterEach, describe, expect, it } from 'vitest'
import { admin, findHeading, renderApp, resetApp, stubServer } from '../../test/renderApp'

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

async function chooseFile(file: File) {
  await findHeading('Chatflows')
  fireEvent.change(screen.getByLabelText('Import file'), { target: { files: [file] } })
}

describe('Import (SPEC §4)', () => {
  afterEach(resetApp)

  it('refuses a file over the size limit before sending it', async () => {
    const fetch = stubServer()
    renderApp('/chatflows', { user: admin })
    const big = new File(['{}'], 'ExportData.json', { type: 'application/json' })
    Object.defineProperty(big, 'size', { value: IMPORT_SIZE_LIMIT + 1 })
    await chooseFile(big)
    expect(
      await screen.findByText('Failed to import: The file is too large: an import takes at most 20 MB'),
    ).toBeTruthy()
    expect(fetch.mock.calls.map(([url]) => url)).not.toContain('/api/v1/export-import/import')
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
