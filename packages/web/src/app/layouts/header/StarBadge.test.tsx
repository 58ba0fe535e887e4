import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import StarBadge from './StarBadge'

/** The badge against a server that knows `stars`; answers every address the browser asked. */
function renderBadge(stars: number | null) {
  const fetch = vi.fn(async (url: string) =>
    url === '/api/v1/github-stars' ? new Response(JSON.stringify({ stars })) : Promise.reject(new TypeError('offline')),
  )
  vi.stubGlobal('fetch', fetch)
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <StarBadge />
    </QueryClientProvider>,
  )
  return () => fetch.mock.calls.map(([url]) => url)
}

describe('star badge', () => {
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('shows the count our server knows, and never calls GitHub from the browser', async () => {
    const asked = renderBadge(1234)
    const link = await screen.findByRole('link', { name: /Star/ })
    expect(link.textContent).toBe('Star1.2K')
    expect(link.getAttribute('href')).toBe('https://github.com/weft-dev/weft')
    expect(asked()).toEqual(['/api/v1/github-stars'])
  })

  it('hides itself when the server knows no count (offline installs)', async () => {
    const asked = renderBadge(null)
    await waitFor(() => expect(asked()).toEqual(['/api/v1/github-stars']))
    // Give React a turn to render what the answer brought.
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(screen.queryByRole('link', { name: /Star/ })).toBeNull()
  })
})
