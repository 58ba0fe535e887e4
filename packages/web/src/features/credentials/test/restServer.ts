import { stubServer } from '../../../test/renderApp'

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

type Reply = Response | undefined

/** What a test server answers: by method and path (query included), with the parsed JSON body. */
export type Answer = (method: string, path: string, body: unknown) => Reply

/**
 * A stubbed API for one screen: `answer` gets calls under /api/v1; anything it leaves unanswered
 * fails as if offline. `calls` lists what the app sent, to assert on.
 */
export function restServer(answer: Answer) {
  const fetch = stubServer((url, init) => {
    const path = url.replace(/^\/api\/v1/, '')
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined
    return answer(init?.method ?? 'GET', path, body)
  })
  const calls = (method: string) =>
    fetch.mock.calls
      .filter(([, init]) => (init?.method ?? 'GET') === method)
      .map(([url, init]) => ({
        path: url.replace(/^\/api\/v1/, ''),
        body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
      }))
  return { fetch, calls }
}
