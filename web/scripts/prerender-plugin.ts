import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build, defaultServerConditions, minify, type Plugin, type ResolvedConfig } from 'vite';

const bootScript = 'src/prerender/boot-script.js';
const ssrEntry = 'src/prerender/render-page.tsx';

/** Runs `node args…` and rejects unless it exits 0. */
const node = (args: string[]) =>
  new Promise<void>((resolve, reject) => {
    // Production React and Emotion, as in the client build: the same markup and class names.
    const child = spawn(process.execPath, args, {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`prerender exited with ${code}`))));
  });

/**
 * The first screens as HTML and CSS (issue 26): after the app's build, renders the login page
 * and the signed-in shell with react-dom/server from the app's own components (a server build of
 * src/prerender/render-page.tsx, so asset URLs are the client build's) and writes them into
 * copies of index.html under dist/prerendered/, which the server sends. Also puts the boot script
 * (colour scheme, take-over decision) at the top of every page's <head>.
 */
export function prerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'geows-prerender',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async buildStart() {
      // Minified as the app's code is: every page waits for it, and it counts in the login's budget
      // (3.1 → 1.5 KB gzipped; web/e2e/web-budgets.spec.ts).
      const minified = await minify('boot.js', await fs.readFile(path.join(config.root, bootScript), 'utf8'));
      if (minified.errors.length) throw new Error(`the boot script: ${minified.errors[0]?.message}`);
      this.emitFile({ type: 'asset', name: 'boot.js', source: minified.code });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const file = Object.values(bundle ?? {}).find(
          (output) => output.type === 'asset' && output.names.includes('boot.js'),
        );
        if (!file) throw new Error('the boot script was not emitted');
        // Right after the viewport: media queries asked before it see a phone as 980 px wide;
        // and before the stylesheet, which a classic script would wait for.
        const viewport = /<meta name="viewport"[^>]*>/;
        if (!viewport.test(html)) throw new Error('index.html has no <meta name="viewport">');
        return html.replace(viewport, (meta) => `${meta}\n    <script src="/${file.fileName}"></script>`);
      },
    },
    async closeBundle() {
      await prerenderInto(config.root, path.resolve(config.root, config.build.outDir), config.define);
    },
  };
}

/**
 * Renders the prerendered variants of `dist`/index.html into `dist`/prerendered/: a server build
 * of src/prerender/render-page.tsx (so asset URLs are the client build's), run by
 * scripts/prerender-run.mjs in a process of its own.
 */
export async function prerenderInto(
  root: string,
  dist: string,
  define?: Record<string, unknown>,
): Promise<void> {
  // Inside web/ so that Node finds the packages the server build leaves external.
  const cache = path.join(root, 'node_modules/.cache');
  await fs.mkdir(cache, { recursive: true });
  const out = await fs.mkdtemp(path.join(cache, 'prerender-'));
  try {
    await build({
      configFile: false,
      root,
      mode: 'production',
      logLevel: 'warn',
      plugins: [react()],
      define,
      ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
      build: {
        ssr: ssrEntry,
        outDir: out,
        emptyOutDir: true,
        sourcemap: false,
        minify: false,
        copyPublicDir: false,
        rolldownOptions: { output: { entryFileNames: 'render-page.mjs' } },
      },
    });
    await node([path.join(root, 'scripts/prerender-run.mjs'), path.join(out, 'render-page.mjs'), dist]);
  } finally {
    await fs.rm(out, { recursive: true, force: true });
  }
}
