import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import { viteStaticCopy } from 'vite-plugin-static-copy';
import { engineFilesInHtml } from './scripts/engine-files-plugin';
import { prerender } from './scripts/prerender-plugin';
import { type PageChunk, pageChunkGroup } from './scripts/route-chunks';
import { sideEffectFreeModule } from './scripts/side-effect-free';

const api = 'http://127.0.0.1:8000';

/** Cesium's prebuilt static files (workers, assets, widgets' CSS): npm hoists cesium to the root node_modules. */
const cesiumBuild = path.join(
  path.dirname(createRequire(import.meta.url).resolve('cesium/package.json')),
  'Build',
  'Cesium',
);

/**
 * Preloads the Latin regular and medium Roboto files, which every screen's text uses: the
 * browser would otherwise find them only after the CSS that names them has been applied.
 * The other weights and scripts load on use (each @font-face has a unicode-range).
 */
function preloadFonts(): Plugin {
  const wanted = /roboto-latin-(400|500)-normal-[\w-]+\.woff2$/;
  return {
    name: 'geows-preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        return Object.keys(bundle ?? {})
          .filter((file) => wanted.test(file))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

/**
 * The account page's screen and what it asks for first (its workspace list's reads) in a few files
 * rather than a dozen small ones shared with other screens: on a phone each was another round trip
 * before the page's own data was asked for. What it shares with the login page or the map screens
 * goes in files those fetch too, holding only code they run: the login's JavaScript budget, the
 * first globe.
 */
const pageChunks: PageChunk[] = [
  {
    name: 'account-page',
    roots: ['features/accounts/components/account-screen.tsx', 'features/accounts/account-reads.ts'],
    sharing: {
      login: ['features/auth/components/login-screen.tsx'],
      maps: ['features/viewer/components/viewer-screen.tsx', 'features/viewer/api/opening-reads.ts'],
    },
  },
];

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    preloadFonts(),
    engineFilesInHtml(),
    prerender(),
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
    // Font files always by URL: inlined, each small subset (Greek extended, in nine weights, woff2
    // and woff) went into the stylesheet every page waits for as base64, 38 of its 43 KB, for
    // letters the pages never show; by URL the browser fetches a subset only when a page uses it.
    assetsInlineLimit: (file) => (/\.woff2?$/.test(file) ? false : undefined),
    // Cesium's own chunk is large by nature (about 1.1 MB gzipped) and loads on the viewer routes only.
    chunkSizeWarningLimit: 6000,
    rolldownOptions: {
      treeshake: {
        // A feature's screens and endpoint files only declare (scripts/side-effect-free.ts): the
        // account page took the workspace editor's forms, dialogs and validation with its list.
        moduleSideEffects: (id) => (sideEffectFreeModule.test(id) ? false : undefined),
      },
      output: {
        codeSplitting: {
          // What the entry imports statically, every page loads anyway: in two files (libraries,
          // which change seldom, and the app's own shell code) instead of some forty small ones
          // that each compress on their own. The login page's JavaScript: 60 files, 256 KB gzipped
          // → 19 files, 237.5 KB (web/e2e/web-budgets.spec.ts). Screens and what only they use
          // still split by route; the account page's files (pageChunks above) are the exception:
          // other list screens fetch its shared file (8 KB) for the pieces they use of it.
          groups: [
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 3 },
            // The app's and the contract's sources (the entry chunk keeps Vite's preload polyfill).
            { name: 'app', test: /[\\/]src[\\/]/, tags: ['$initial'], priority: 2 },
            pageChunkGroup(pageChunks, 1),
          ],
        },
      },
    },
  },
});
