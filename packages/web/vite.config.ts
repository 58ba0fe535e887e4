import react from '@vitejs/plugin-react'
import { defineConfig, type PluginOption } from 'vite'

export default defineConfig({
  // @vitejs/plugin-react is typed against the hoisted vite 8 (vitest's) while this package builds
  // with vite 7; the plugin supports both, only the two type declarations differ.
  plugins: [react() as unknown as PluginOption],
  resolve: {
    // Read @weft/core from its TypeScript source, so the app needs no separate core build.
    conditions: ['weft-source', 'module', 'browser', 'development|production'],
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 900,
  },
})
