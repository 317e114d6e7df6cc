// The account route's code-splitting group (web/scripts/route-chunks.ts) against a module graph
// of our own: it reads import clauses as text, so these cases hold what it must understand — a
// barrel's re-exports followed only for the names imported, default and renamed imports, clauses
// over several lines, a namespace import — and how a module shared with another screen is placed.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageChunkGroup } from '../web/scripts/route-chunks.ts';

const src = (file) => path.join(import.meta.dirname, '..', 'web', 'src', file);

/** A graph as rolldown's chunking shows it: each module's code, what it imports and exports. */
function graph(modules) {
  const infos = new Map(
    Object.entries(modules).map(([file, { code = '', imports = [], exports = [] }]) => [
      src(file),
      { code, importedIds: imports.map(src), exports },
    ]),
  );
  return { getModuleInfo: (id) => infos.get(id) ?? null };
}

const page = {
  name: 'account-page',
  roots: ['features/accounts/page.tsx'],
  sharing: { maps: ['features/viewer/page.tsx'] },
};

/** A feature's index file re-exporting one component per file: `{ Row: 'row' }` is `export { Row } from './row'`. */
function uiBarrel(components) {
  const entries = Object.entries(components);
  return {
    'features/ui/index.ts': {
      code: entries.map(([name, file]) => `export { ${name} } from './${file}';\n`).join(''),
      imports: entries.map(([, file]) => `features/ui/${file}.tsx`),
      exports: entries.map(([name]) => name),
    },
    ...Object.fromEntries(entries.map(([name, file]) => [`features/ui/${file}.tsx`, { exports: [name] }])),
  };
}

function chunks(modules) {
  const group = pageChunkGroup([page], 10);
  const modulesGraph = graph(modules);
  return Object.fromEntries(Object.keys(modules).map((file) => [file, group.name(src(file), modulesGraph)]));
}

describe('the account page’s chunks', () => {
  it('follows a barrel only to the modules that give the names imported from it', () => {
    const placed = chunks({
      'features/accounts/page.tsx': {
        code: "import { Row } from '../ui';\n",
        imports: ['features/ui/index.ts'],
      },
      ...uiBarrel({ Row: 'row', Chart: 'chart' }),
      'features/viewer/page.tsx': {},
    });
    expect(placed['features/ui/row.tsx']).toBe('account-page');
    expect(placed['features/ui/chart.tsx']).toBeNull();
    expect(placed['features/viewer/page.tsx']).toBeNull();
  });

  it('reads default, renamed and multi-line imports, and `export *` re-exports', () => {
    const placed = chunks({
      'features/accounts/page.tsx': {
        // Rolldown shows the code with TypeScript's types already taken out.
        code: "import Heading, {\n  Row as WorkspaceRow,\n} from '../ui';\n",
        imports: ['features/ui/index.ts'],
      },
      'features/ui/index.ts': {
        code: "export { default } from './heading';\nexport * from './row';\nexport { Chart } from './chart';\n",
        imports: ['features/ui/heading.tsx', 'features/ui/row.tsx', 'features/ui/chart.tsx'],
        exports: ['default', 'Row', 'Props', 'Chart'],
      },
      'features/ui/heading.tsx': { exports: ['default'] },
      'features/ui/row.tsx': { exports: ['Row', 'Props'] },
      'features/ui/chart.tsx': { exports: ['Chart'] },
      'features/viewer/page.tsx': {},
    });
    expect(placed['features/ui/heading.tsx']).toBe('account-page');
    expect(placed['features/ui/row.tsx']).toBe('account-page');
    expect(placed['features/ui/chart.tsx']).toBeNull();
  });

  it('puts a module both screens surely run in a file of their own', () => {
    const placed = chunks({
      'features/accounts/page.tsx': {
        code: "import { api } from './api';\n",
        imports: ['features/accounts/api.ts'],
      },
      'features/accounts/api.ts': { exports: ['api'] },
      'features/viewer/page.tsx': {
        code: "import { api } from '../accounts/api';\n",
        imports: ['features/accounts/api.ts'],
      },
    });
    expect(placed['features/accounts/page.tsx']).toBe('account-page');
    expect(placed['features/accounts/api.ts']).toBe('account-page-maps');
  });

  it('leaves to rolldown a module the other screen may import through a namespace it cannot tell', () => {
    const placed = chunks({
      'features/accounts/page.tsx': {
        code: "import { Row } from '../ui';\n",
        imports: ['features/ui/index.ts'],
      },
      ...uiBarrel({ Row: 'row' }),
      'features/viewer/page.tsx': {
        code: "import * as ui from '../ui';\n",
        imports: ['features/ui/index.ts'],
      },
    });
    // The map screen may run Row (maybe) but is not known to (surely): no file would be right for it.
    expect(placed['features/ui/row.tsx']).toBeNull();
    expect(placed['features/accounts/page.tsx']).toBe('account-page');
  });
});
