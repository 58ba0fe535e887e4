import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { admin, findHeading, renderApp, resetApp, stubServer } from '../../test/renderApp'

/** The server's side of PUT /api/v1/user: answers the user with the fields sent, and keeps the bodies. */
function profileServer() {
  const sent: Record<string, string>[] = []
  stubServer((url, init) => {
    if (url !== '/api/v1/user' || init?.method !== 'PUT') return undefined
    const body = JSON.parse(String(init.body)) as Record<string, string>
    sent.push(body)
    return new Response(JSON.stringify({ ...admin, ...body }), { headers: { 'content-type': 'application/json' } })
  })
  return sent
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: false, selector: 'input' }), { target: { value } })

describe('profile details', () => {
  afterEach(resetApp)

  it('asks for the current password only when the email changes, and sends it with the change', async () => {
    const sent = profileServer()
    renderApp('/user-profile', { user: admin })
    await findHeading('Profile')
    const details = () => screen.getAllByRole('button', { name: 'Save' })[0]!
    expect(screen.queryAllByLabelText('Current password', { exact: false })).toHaveLength(1) // the password card's

    type('Name', 'Ada Lovelace')
    fireEvent.click(details())
    await waitFor(() => expect(sent).toEqual([{ name: 'Ada Lovelace', email: admin.email }]))

    type('Email', 'ada.new@example.com')
    const asked = await screen.findByLabelText('Current password (to change the email)', { exact: false })
    fireEvent.click(details())
    expect(await screen.findByText('Enter your current password to change the email')).toBeTruthy()
    expect(sent).toHaveLength(1)

    fireEvent.change(asked, { target: { value: 'correct horse battery' } })
    fireEvent.click(details())
    await waitFor(() => expect(sent).toHaveLength(2))
    expect(sent[1]).toEqual({ name: 'Ada Lovelace', email: 'ada.new@example.com', oldPassword: 'correct horse battery' })
    // Once changed, the new address is the one kept: no password asked any more.
    await waitFor(() =>
      expect(screen.queryByLabelText('Current password (to change the email)', { exact: false })).toBeNull(),
    )
  })
})
