import { z } from 'zod'
import { cachedLookup } from './cached-lookup.js'

/** Where the server asks about the project; the browser never calls GitHub itself. */
export const GITHUB_REPO_API = 'https://api.github.com/repos/weft-dev/weft'

const DAY_MS = 24 * 60 * 60 * 1000
const HOUR_MS = 60 * 60 * 1000
// GitHub answers in well under a second; an install without internet must not hold callers longer.
const TIMEOUT_MS = 3000

const repository = z.object({ stargazers_count: z.number().int().nonnegative() })
export const latestRelease = z.object({ name: z.string(), html_url: z.string(), published_at: z.string() })
export type LatestRelease = z.infer<typeof latestRelease>

export interface GitHub {
  /** The repository's star count, or null when it is not known (offline, switched off). */
  stars(): Promise<number | null>
  latestRelease(): Promise<LatestRelease | null>
}

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url, {
    headers: { accept: 'application/vnd.github+json', 'user-agent': 'weft' },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  })
  if (!response.ok) throw new Error(`${url} answered ${response.status}`)
  return response.json()
}

/** Asks GitHub at most once a day per question (once an hour after a failure), and not at all when switched off. */
export function createGitHub({ apiUrl, enabled }: { apiUrl: string; enabled: boolean }): GitHub {
  if (!enabled) return { stars: async () => null, latestRelease: async () => null }
  const daily = { freshMs: DAY_MS, retryMs: HOUR_MS }
  return {
    stars: cachedLookup(async () => repository.parse(await getJson(apiUrl)).stargazers_count, daily),
    latestRelease: cachedLookup(async () => latestRelease.parse(await getJson(`${apiUrl}/releases/latest`)), daily),
  }
}
