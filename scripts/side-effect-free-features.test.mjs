// The bundler is told that a feature's components/ and api/ files have no side effects
// (web/scripts/side-effect-free.ts, read by web/vite.config.ts): it drops such a file whenever
// none of its exports is used, with whatever it ran at the top level. This test keeps those
// files to declarations, so that the declaration cannot silently break a feature.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { sideEffectFreeModule } from '../web/scripts/side-effect-free.ts';

const root = path.resolve(import.meta.dirname, '..');
const sources = path.join(root, 'web', 'src');

/** Top-level statements that only declare: what they bind is what the file is for. */
const declaring = new Set([
  ts.SyntaxKind.ImportDeclaration,
  ts.SyntaxKind.ExportDeclaration,
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.ClassDeclaration,
  ts.SyntaxKind.InterfaceDeclaration,
  ts.SyntaxKind.TypeAliasDeclaration,
  ts.SyntaxKind.EnumDeclaration,
  ts.SyntaxKind.ModuleDeclaration,
  ts.SyntaxKind.VariableStatement,
  ts.SyntaxKind.ExportAssignment,
  ts.SyntaxKind.EmptyStatement,
]);

/** The top-level statements of `source` that run for their effect alone, as `line: text`. */
function effects(file, source) {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  return tree.statements
    .filter(
      (statement) =>
        !declaring.has(statement.kind) ||
        // `import './x'` binds nothing: it is there for what the imported file does.
        (ts.isImportDeclaration(statement) && !statement.importClause),
    )
    .map((statement) => {
      const { line } = tree.getLineAndCharacterOfPosition(statement.getStart());
      return `${line + 1}: ${statement.getText().split('\n')[0]}`;
    });
}

function* filesUnder(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(file);
    else yield file;
  }
}

const declared = [...filesUnder(sources)].filter(
  (file) => sideEffectFreeModule.test(file) && !/\.test\.tsx?$/.test(file),
);

describe('files declared side-effect-free to the bundler', () => {
  it('are every feature component and endpoint file', () => {
    const expected = [...filesUnder(path.join(sources, 'features'))].filter((file) =>
      /[\\/]features[\\/][^\\/]+[\\/](components|api)[\\/][^\\/]+\.tsx?$/.test(file),
    );
    expect(declared.length).toBeGreaterThan(100);
    expect(declared).toEqual(expected.filter((file) => !/\.test\.tsx?$/.test(file)));
  });

  it.each(declared.map((file) => [path.relative(root, file)]))('%s only declares', (file) => {
    expect(effects(file, fs.readFileSync(path.join(root, file), 'utf8'))).toEqual([]);
  });
});

describe('the check itself', () => {
  it.each([
    ["i18next.addResourceBundle('nl', 'x', {});", ["1: i18next.addResourceBundle('nl', 'x', {});"]],
    ["import './register-layer-types';", ["1: import './register-layer-types';"]],
    ['window.x = 1;', ['1: window.x = 1;']],
    ['if (import.meta.env.DEV) console.log(1);', ['1: if (import.meta.env.DEV) console.log(1);']],
  ])('finds the effect of %s', (source, found) => {
    expect(effects('probe.ts', source)).toEqual(found);
  });

  it('lets declarations through, whatever their values', () => {
    const source = [
      "import { lazy } from 'react';",
      "import type { X } from './x';",
      "export { y } from './y';",
      'const Dialog = lazy(async () => ({ default: (await import("./d")).Dialog }));',
      'export const keys = { all: ["x"] as const };',
      'export function Screen() { return null; }',
      'export type Props = { x: X };',
      'export default Screen;',
    ].join('\n');
    expect(effects('probe.tsx', source)).toEqual([]);
  });
});
