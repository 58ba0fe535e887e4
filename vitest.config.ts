import { defineConfig } from 'vitest/config'

const conditions = ['weft-source']

export default defineConfig({
  test: {
    reporters: ['default', ['json', { outputFile: '.reports/vitest.json' }]],
    projects: [
      {
        resolve: { conditions },
        ssr: { resolve: { conditions } },
        test: { name: 'core', include: ['packages/core/src/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: { conditions },
        ssr: { resolve: { conditions } },
        test: { name: 'nodes', include: ['packages/nodes/src/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: { conditions },
        ssr: { resolve: { conditions } },
        test: { name: 'engine', include: ['packages/engine/src/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: { conditions },
        ssr: { resolve: { conditions } },
        test: {
          name: 'server',
          include: ['packages/server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
          // One fork at a time keeps PostgreSQL schemas and SMTP ports from crowding a 2-core machine.
          fileParallelism: false,
        },
      },
      {
        resolve: { conditions },
        test: {
          name: 'web',
          include: ['packages/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['packages/web/src/test/setup.ts'],
        },
      },
    ],
  },
})
