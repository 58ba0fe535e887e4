import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { resetApp } from '../../test/renderApp'
import { findCanvas, renderCanvas, serve, template } from './testing/renderCanvas'

describe('template canvas', { timeout: 15_000 }, () => {
  afterEach(resetApp)

  it('shows a template read-only, and "Use template" opens it as a new flow', async () => {
    const sent = serve()
    const router = renderCanvas('/v2/marketplace/t1')
    const area = await findCanvas()
    expect(screen.getByRole('heading', { level: 1, name: template.templateName })).toBeTruthy()
    expect(within(area).getAllByText('LLM').length).toBeGreaterThan(0)
    expect(screen.queryByRole('button', { name: 'Add nodes' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Save flow' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/marketplaces')

    fireEvent.click(screen.getByRole('button', { name: 'Use template' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/v2/agentcanvas'))
    // The new canvas shows the template under its name, as a flow not yet saved.
    expect(await screen.findByText('Unsaved changes', {}, { timeout: 5000 })).toBeTruthy()
    expect(screen.getByRole('heading', { level: 1, name: template.templateName })).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Save flow' }))
    const dialog = await screen.findByRole('dialog', { name: 'Save new agentflow' })
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe(template.templateName)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(sent[0]).toMatchObject({ method: 'POST', body: { type: 'AGENTFLOW' } }))
    expect(JSON.parse(sent[0]!.body.flowData as string).nodes).toHaveLength(2)
  })

  it('says when the template does not exist', async () => {
    serve()
    renderCanvas('/marketplace/nope')
    expect(await screen.findByText('Template not found')).toBeTruthy()
  })
})
