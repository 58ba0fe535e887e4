import { fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { resetApp } from '../../test/renderApp'
import { findCanvas, renderCanvas, serve } from './testing/renderCanvas'

// A file of its own: the app's query cache keeps the catalogue once any test has loaded it.
describe('canvas page without the node catalogue', { timeout: 15_000 }, () => {
  afterEach(resetApp)

  it('shows the failure with a retry that loads the canvas', async () => {
    serve({ catalogue: false })
    renderCanvas('/canvas/f1')
    expect(await screen.findByText('Could not load the nodes', {}, { timeout: 5000 })).toBeTruthy()
    serve()
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await findCanvas()).toBeTruthy()
  })
})
