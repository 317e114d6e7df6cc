import type { Plugin, Rolldown } from 'vite';
// Marks index.html's module preloads of the engine, which the prerendered pages leave out.
import { engineLinkAttribute } from '../src/prerender/page-html';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** The module that imports Cesium (web/src/viewer/map-engine.ts loads it on the first map). */
const engineModule = /[\\/]src[\\/]viewer[\\/]cesium-engine\.ts$/;

/** The `<meta>` web/src/viewer/engine-files.ts reads; its content is the files, space-separated. */
export const engineFilesMeta = 'geows-engine-files';

/** The engine's chunk, the chunks it imports statically, and their CSS: what its first import fetches. */
function engineFiles(bundle: OutputBundle): string[] {
  const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
  const engine = chunks.find((chunk) => chunk.facadeModuleId && engineModule.test(chunk.facadeModuleId));
  if (!engine) return [];
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const css of (chunk as { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ??
      [])
      files.add(css);
    for (const name of chunk.imports) {
      const imported = byName.get(name);
      if (imported) visit(imported);
    }
  };
  visit(engine);
  return [...files].map((file) => `/${file}`);
}

/**
 * Names the 3D engine's files in index.html, so that the app can fetch them ahead of the first
 * map without running them: at once on a map route, beside the screen's API calls, and after
 * the first screen elsewhere (web/src/viewer/engine-files.ts). Only the build knows their hashed
 * names; index.html is sent uncached, so the list always matches the build that serves it.
 * index.html itself is sent only to the map's pages (the others get a prerendered page), so it
 * also asks for the engine's code as it arrives, beside the app's own, rather than once the app's
 * code has run and matched the route: on a phone's line the 1 MB of the engine is most of the
 * wait for a map.
 */
export function engineFilesInHtml(): Plugin {
  return {
    name: 'geows-engine-files',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const files = bundle ? engineFiles(bundle) : [];
        if (!files.length) throw new Error('the build has no chunk for src/viewer/cesium-engine.ts');
        return [
          {
            tag: 'meta',
            attrs: { name: engineFilesMeta, content: files.join(' ') },
            injectTo: 'head' as const,
          },
          // After the app's own preloads, which the build puts earlier in the head: asked for first.
          ...files
            // Not twice what the app's own code preloads too (the bundler's runtime).
            .filter((file) => file.endsWith('.js') && !html.includes(`href="${file}"`))
            .map((href) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href, [engineLinkAttribute]: true },
              injectTo: 'head' as const,
            })),
        ];
      },
    },
  };
}
