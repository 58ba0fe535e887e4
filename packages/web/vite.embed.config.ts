import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

// The embeddable chat widget: one ES module, no React, served by the server at /embed.js. It is
// built after the app into the same folder, so it must not empty it.
export default defineConfig({
  resolve: {
    conditions: ['weft-source', 'module', 'browser', 'production'],
  },
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: 'es2020',
    lib: {
      entry: fileURLToPath(new URL('src/embed/index.ts', import.meta.url)),
      formats: ['es'],
      fileName: () => 'embed.js',
    },
    rollupOptions: {
      // Core is pure (no I/O, no side effects), so the widget keeps only the SSE reader it uses,
      // not the route table and rules whose module bodies build constants.
      treeshake: { moduleSideEffects: (id) => !id.includes('/packages/core/') },
    },
  },
})
