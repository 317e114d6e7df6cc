import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { viteStaticCopy } from 'vite-plugin-static-copy';

const api = 'http://127.0.0.1:8000';

/** Cesium's prebuilt static files (workers, assets, widgets' CSS): npm hoists cesium to the root node_modules. */
const cesiumBuild = path.join(
  path.dirname(createRequire(import.meta.url).resolve('cesium/package.json')),
  'Build',
  'Cesium',
);

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    // Served under /cesium; only the viewer routes (web/src/viewer/) ever ask for them.
    viteStaticCopy({
      targets: ['Workers', 'ThirdParty', 'Assets', 'Widgets'].map((folder) => ({
        src: path.join(cesiumBuild, folder).replaceAll('\\', '/'),
        dest: 'cesium',
      })),
    }),
  ],
  define: { CESIUM_BASE_URL: JSON.stringify('/cesium') },
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
    // Cesium's own chunk is large by nature (about 1.1 MB gzipped) and loads on the viewer routes only.
    chunkSizeWarningLimit: 6000,
  },
});
