import { fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { admin, findHeading, renderApp, resetApp, stubServer } from '../../test/renderApp'

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

const MIGRATE = '/api/v1/export-import/import-flowise'
const REPORT = 'Imported into workspace "Default Workspace" (w-1):\n  Chatflows  3 added\n\nNothing was left behind.'

async function chooseDatabase() {
  await findHeading('Chatflows')
  const file = new File(['SQLite format 3'], 'database.sqlite')
  fireEvent.change(screen.getByLabelText('Import file'), { target: { files: [file] } })
  await screen.findByRole('dialog', { name: 'Import from a Flowise database' })
}

describe('Import from a Flowise database (issue 23)', { timeout: 15_000 }, () => {
  afterEach(resetApp)

  it('asks for the key of the chosen Flowise database, sends both as a form, and shows the report', async () => {
    const fetch = stubServer((url) =>
      url === MIGRATE
        ? json({ text: REPORT, report: { counts: {}, renamed: [], leftBehind: [], notes: [] } })
        : undefined,
    )
    renderApp('/chatflows', { user: admin })
    await chooseDatabase()
    const importButton = screen.getByRole('button', { name: 'Import' })
    expect(importButton).toHaveProperty('disabled', true)
    fireEvent.change(screen.getByLabelText('Encryption key'), { target: { value: 'flowise-key' } })
    fireEvent.click(importButton)
    expect((await screen.findByLabelText('Import report')).textContent).toBe(REPORT)
    const sent = fetch.mock.calls.find(([url]) => url === MIGRATE)?.[1]?.body as FormData
    expect(sent.get('encryptionKey')).toBe('flowise-key')
    expect((sent.get('files') as File).name).toBe('database.sqlite')
  })

  it('shows the server’s reason when the key is wrong, and lets the user try another', async () => {
    const reason = 'The encryption key does not decrypt any of the 2 credentials of this Flowise database'
    stubServer((url) =>
      url === MIGRATE ? json({ statusCode: 400, error: 'Bad Request', message: reason }, 400) : undefined,
    )
    renderApp('/chatflows', { user: admin })
    await chooseDatabase()
    fireEvent.change(screen.getByLabelText('Encryption key'), { target: { value: 'wrong' } })
    fireEvent.click(screen.getByRole('button', { name: 'Import' }))
    expect(await screen.findByText(reason)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Import' })).toHaveProperty('disabled', false)
  })
})
