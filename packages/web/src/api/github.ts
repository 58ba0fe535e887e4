import { api } from './http'

/** The project's page, for links; the browser never calls GitHub: the server asks it, at most once a day. */
export const REPO_URL = 'https://github.com/weft-dev/weft'

export interface LatestRelease {
  name: string
  html_url: string
  published_at: string
}

/** The star count, or null when the server does not know it (offline, or switched off). */
export const getStarCount = async (): Promise<number | null> =>
  (await api.get<{ stars: number | null }>('/github-stars')).stars

export const getLatestRelease = async (): Promise<LatestRelease | null> =>
  (await api.get<{ release: LatestRelease | null }>('/github-release')).release
