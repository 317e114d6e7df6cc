// The import boundaries of ARCHITECTURE.md are Biome rules (biome.json, overrides with
// noRestrictedImports), and the house's own rules are Biome plugins (lint/*.grit). This test
// lints probe files laid out like the repository with the project's own configuration, so a
// rule that stops matching fails here.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/** Each probe: a path in the repository, what it imports, and whether the rules allow it. */
const probes = [
  ['server/src/modules/x/x.service.ts', "import { users } from '../../db/schema.js';", false],
  ['server/src/modules/x/x.routes.ts', "import { eq } from 'drizzle-orm';", false],
  ['server/src/lib/y.ts', "import { sql } from 'drizzle-orm/sql';", false],
  [
    'server/src/modules/x/x.repository.ts',
    "import { users } from '../../db/schema.js';\nimport { eq } from 'drizzle-orm';",
    true,
  ],
  ['server/src/db/y.ts', "import { users } from './schema.js';\nimport { sql } from 'drizzle-orm';", true],
  ['web/src/features/a/components/s.tsx', "import { x } from '../../../app/shell/x';", false],
  ['web/src/features/a/components/t.tsx', "import { x } from '../../b/components/y';", false],
  ['web/src/features/a/components/u.tsx', "import x from 'cesium';", false],
  ['web/src/features/a/x.ts', "import { x } from '../b/api/y';", false],
  [
    'web/src/features/a/components/ok.tsx',
    "import { x } from '../../b';\nimport { y } from '../../../components/form/y';\nimport { z } from '../api/z';",
    true,
  ],
  ['web/src/features/a/ok.ts', "import { x } from '../b';\nimport { y } from './api/y';", true],
  ['web/src/components/form/f.tsx', "import { x } from '../../features/auth';", false],
  ['web/src/components/form/g.tsx', "import { x } from '../../app/theme';", false],
  ['web/src/lib/h.ts', "import { x } from '../features/auth/index';", false],
  [
    'web/src/app/router.tsx',
    "export const load = () => import('../features/auth/components/login-screen');",
    false,
  ],
  [
    'web/src/app/ok.tsx',
    "import { x } from '../features/auth';\nimport { y } from '../components/form/y';",
    true,
  ],
  ['web/src/app/routes.tsx', "import { authScreens } from '../features/auth/screens';", true],
  ['web/src/app/shell.tsx', "import { x } from '../features/auth/api/x';", false],
  ['web/src/viewer/engine.ts', "import * as Cesium from 'cesium';", true],
];

/** The plugins' probes (lint/*.grit): a path, its source, and whether the rules allow it. */
const pluginProbes = [
  ['web/src/p/a.tsx', 'export const a = <Typography color="text.secondary">x</Typography>;', false],
  ['web/src/p/b.tsx', 'export const b = <Box color="text.disabled" />;', false],
  ['web/src/p/c.tsx', 'export const c = <Typography color="textSecondary">x</Typography>;', true],
  ['web/src/p/d.tsx', "export const d = <Typography sx={{ color: 'text.secondary' }}>x</Typography>;", true],
];

let dir;
let diagnostics;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'geows-house-rules-'));
  const config = JSON.parse(fs.readFileSync(path.join(root, 'biome.json'), 'utf8'));
  // Outside the repository: no git, no file filters, only the rules.
  delete config.vcs;
  delete config.files;
  delete config.$schema;
  config.plugins = config.plugins.map((plugin) => path.join(root, plugin));
  fs.writeFileSync(path.join(dir, 'biome.json'), JSON.stringify(config));
  for (const [file, source] of [...probes, ...pluginProbes]) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), `${source}\n`);
  }
  const result = spawnSync(path.join(root, 'node_modules/.bin/biome'), ['lint', '--reporter=json', '.'], {
    cwd: dir,
    encoding: 'utf8',
  });
  diagnostics = JSON.parse(result.stdout).diagnostics;
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('import boundaries (biome.json)', () => {
  it.each(probes)('%s: %s → allowed %s', (file, _source, allowed) => {
    const found = diagnostics.filter(
      (d) => d.location.path === file && d.category === 'lint/style/noRestrictedImports',
    );
    if (allowed) expect(found).toEqual([]);
    else expect(found.length).toBeGreaterThan(0);
  });
});

describe('palette paths in `color` (lint/palette-path-in-color.grit)', () => {
  it.each(pluginProbes)('%s: %s → allowed %s', (file, _source, allowed) => {
    const found = diagnostics.filter((d) => d.location.path === file && d.category === 'plugin');
    if (allowed) expect(found).toEqual([]);
    else expect(found.length).toBeGreaterThan(0);
  });
});
