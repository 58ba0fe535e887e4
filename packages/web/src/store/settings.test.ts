import { afterEach, describe, expect, it, vi } from 'vitest'
import { useSettings } from './settings'

const reply = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status })

describe('settings store', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
    useSettings.setState({ platform: 'open source', setupRequired: false, loading: true })
  })

  it('reads the platform and whether organization setup is required', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/settings') ? reply({ PLATFORM_TYPE: 'enterprise' }) : reply({ required: true }),
      ),
    )
    await useSettings.getState().load()
    expect(useSettings.getState()).toMatchObject({ platform: 'enterprise', setupRequired: true, loading: false })
  })

  it('logs a failure and still ends loading', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))))
    await useSettings.getState().load()
    expect(useSettings.getState()).toMatchObject({ platform: 'open source', setupRequired: false, loading: false })
    expect(log).toHaveBeenCalledWith('Failed to load settings', expect.any(TypeError))
  })
})
