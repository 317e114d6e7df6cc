import path from 'node:path';

/** What rolldown's chunking tells a group's `name` function about a module. */
type ModuleInfo = { code: string | null; importedIds: readonly string[]; exports: readonly string[] };
type ModuleGraph = { getModuleInfo(id: string): ModuleInfo | null };

/**
 * A page whose code, beyond what every page loads, should come in few files. `roots` are its
 * modules (paths under web/src); `sharing` names other screens (their roots) that must not fetch
 * code they do not run: a module the page shares with some of them goes to a file of its own for
 * that set of screens (`<name>-<screen>-<screen>`), which holds only code each of them runs.
 */
export type PageChunk = {
  name: string;
  roots: readonly string[];
  sharing: Readonly<Record<string, readonly string[]>>;
};

const sourcePath = (file: string) => path.join(import.meta.dirname, '..', 'src', file);

/** An index file, mostly re-exports (a feature's, the contract's, a library's): importers use a part. */
const isBarrel = (id: string) => /[\\/]index\.m?[jt]sx?$/.test(id);

const withoutExtension = (file: string) => file.replace(/\.(m?[jt]sx?)$/, '').replace(/[\\/]index$/, '');

/** The names `code` imports from the module `target` ('default' for a default import), or 'all' for a namespace. */
function namesImported(code: string, from: string, target: string): Set<string> | 'all' {
  const names = new Set<string>();
  const statement = /(?:import|export)\s*([^;'"]*?)\s*from\s*["']([^"']+)["']/g;
  for (const [, clause = '', specifier = ''] of code.matchAll(statement)) {
    const resolved = specifier.startsWith('.')
      ? withoutExtension(path.resolve(path.dirname(from), specifier))
      : undefined;
    const matches = resolved
      ? resolved === withoutExtension(target)
      : target.includes(`${path.sep}${specifier.replace(/^@[^/]+\//, '')}${path.sep}`);
    if (!matches) continue;
    const outsideBraces = clause.replace(/\{[^}]*\}/, '');
    if (outsideBraces.includes('*')) return 'all';
    if (/^\s*[\w$]+/.test(outsideBraces)) names.add('default');
    for (const part of (/\{([^}]*)\}/.exec(clause)?.[1] ?? '').split(',')) {
      const name = part.trim().split(/\s+as\s+/)[0];
      if (name) names.add(name);
    }
  }
  return names;
}

/**
 * The modules a barrel re-exports `names` from (its `export { … } from` and `export * from`), or
 * undefined when some name comes from elsewhere (the barrel's own code, a CommonJS `require`).
 */
function reexportSources(
  graph: ModuleGraph,
  barrel: string,
  code: string,
  names: Set<string>,
): string[] | undefined {
  const sources: string[] = [];
  const found = new Set<string>();
  for (const id of graph.getModuleInfo(barrel)?.importedIds ?? []) {
    const reexported = namesImported(code, barrel, id);
    const exported = reexported === 'all' ? (graph.getModuleInfo(id)?.exports ?? []) : [...reexported];
    const wanted = exported.filter((name) => names.has(name));
    for (const name of wanted) found.add(name);
    if (wanted.length > 0) sources.push(id);
  }
  return found.size === names.size ? sources : undefined;
}

/**
 * The modules reachable from `roots` by static imports (a dynamic import starts another chunk).
 * Through a barrel only to the modules that give the names imported from it, as the bundle keeps
 * (feature components and api files are side-effect-free, vite.config.ts). Where the names cannot
 * be told, `certainty` decides: `maybe` follows every import (never too few), `surely` none (never
 * too many).
 */
function staticallyReachable(
  graph: ModuleGraph,
  roots: readonly string[],
  certainty: 'maybe' | 'surely',
): Set<string> {
  const seen = new Set<string>();
  const pending = roots.map(sourcePath);
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    for (const imported of info?.importedIds ?? []) {
      if (!isBarrel(imported)) {
        pending.push(imported);
        continue;
      }
      const barrelCode = graph.getModuleInfo(imported)?.code;
      const names = info?.code ? namesImported(info.code, id, imported) : 'all';
      const sources =
        barrelCode && names !== 'all' ? reexportSources(graph, imported, barrelCode, names) : undefined;
      if (sources) pending.push(...sources);
      else if (certainty === 'maybe') pending.push(imported);
    }
  }
  return seen;
}

/**
 * A code-splitting group for rolldown that gives each page of `pages` its code in a file of its
 * own and one per set of `sharing` screens it shares modules with. A module a sharing screen may
 * import but is not known to (through an import whose names cannot be told) goes in none of them:
 * it stays where rolldown puts it (its automatic chunks, by the set of pages that use them). The
 * group takes no imports along (includeDependenciesRecursively: false), so the files hold exactly
 * the modules named here. Modules taken by groups of higher priority (the code every page loads)
 * are never offered.
 */
export function pageChunkGroup(pages: readonly PageChunk[], priority: number) {
  type Reach = { own: Set<string>; sharing: { screen: string; surely: Set<string>; maybe: Set<string> }[] };
  // Rolldown reuses the graph's objects within one chunking pass: one walk per page and pass.
  let walked: { graph: ModuleGraph; reach: Reach[] } | undefined;
  const chunkOf = (id: string, page: PageChunk, reach: Reach): string | null => {
    if (!reach.own.has(id)) return null;
    const users = reach.sharing.filter(({ maybe }) => maybe.has(id));
    if (users.some(({ surely }) => !surely.has(id))) return null;
    return [page.name, ...users.map(({ screen }) => screen)].join('-');
  };
  const name = (id: string, graph: ModuleGraph): string | null => {
    if (walked?.graph !== graph) {
      const reach = pages.map((page) => ({
        own: staticallyReachable(graph, page.roots, 'surely'),
        sharing: Object.entries(page.sharing).map(([screen, roots]) => ({
          screen,
          surely: staticallyReachable(graph, roots, 'surely'),
          maybe: staticallyReachable(graph, roots, 'maybe'),
        })),
      }));
      walked = { graph, reach };
    }
    const { reach } = walked;
    for (const [index, page] of pages.entries()) {
      const chunk = reach[index] && chunkOf(id, page, reach[index]);
      if (chunk) return chunk;
    }
    return null;
  };
  return { name, priority, includeDependenciesRecursively: false };
}
