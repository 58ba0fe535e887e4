import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { latestRelease, type GitHub } from '../services/github.service.js'

/** What the top bar and the Version dialog show about the project, as the server last heard from GitHub. */
export const githubRoutes =
  (github: GitHub): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/github-stars',
      { config: { access: 'public' }, schema: { response: { 200: z.object({ stars: z.number().int().nullable() }) } } },
      async () => ({ stars: await github.stars() }),
    )
    app.get(
      '/github-release',
      { config: { access: 'public' }, schema: { response: { 200: z.object({ release: latestRelease.nullable() }) } } },
      async () => ({ release: await github.latestRelease() }),
    )
  }
