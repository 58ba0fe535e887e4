import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [react()],
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
