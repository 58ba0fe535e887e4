const REPO_API = 'https://api.github.com/repos/weft-dev/weft'
const TIMEOUT_MS = 4000

export const REPO_URL = 'https://github.com/weft-dev/weft'

export interface LatestRelease {
  name: string
  html_url: string
  published_at: string
}

// A public service outside the product: no cookies, no session handling, a short timeout.
async function getPublic<T>(url: string): Promise<T> {
  const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) })
  if (!response.ok) throw new Error(`${url} answered ${response.status}`)
  return (await response.json()) as T
}

export const getStarCount = async (): Promise<number> =>
  (await getPublic<{ stargazers_count: number }>(REPO_API)).stargazers_count

export const getLatestRelease = () => getPublic<LatestRelease>(`${REPO_API}/releases/latest`)
