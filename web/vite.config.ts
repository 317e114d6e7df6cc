import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

const api = 'http://127.0.0.1:8000';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  resolve: {
    // `source` makes @geows/contract resolve to its TypeScript, so no contract build is needed first.
    conditions: ['source', ...defaultClientConditions],
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': api, '/auth': api, '/healthz': api },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
});
