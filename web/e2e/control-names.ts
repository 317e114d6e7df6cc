import type { Page } from '@playwright/test';

/** The roles a keyboard or screen-reader user operates, and finds by their name. */
const controlRoles = new Set([
  'button',
  'link',
  'textbox',
  'searchbox',
  'combobox',
  'checkbox',
  'radio',
  'switch',
  'slider',
  'spinbutton',
  'tab',
  'menuitem',
]);

/** Containers whose rows repeat the same actions: a row's name tells its controls apart. */
const rowRoles = new Set(['listitem', 'row', 'treeitem', 'option']);

type Control = { role: string; name: string; row: number | null };

/**
 * The visible controls of the page with their accessible names, read from Playwright's
 * ARIA snapshot (which leaves out what is hidden), each with the row (list item, table row,
 * tree item) it sits in, if any.
 */
export async function controlsByName(page: Page): Promise<Control[]> {
  const snapshot = await page.locator('body').ariaSnapshot();
  const controls: Control[] = [];
  // The rows open at each indentation, innermost last: a line closes those at or below its indent.
  const open: { indent: number; row: number }[] = [];
  let rows = 0;
  for (const line of snapshot.split('\n')) {
    // `- role "name" [state]`, sometimes quoted whole by YAML: `- 'role "a: b"'`.
    const match = /^(\s*)- '?([a-z]+)(?: "((?:[^"\\]|\\.)*)")?/.exec(line);
    if (!match) continue;
    const indent = match[1]?.length ?? 0;
    const role = match[2] ?? '';
    const name = (match[3] ?? '').replace(/\\(.)/g, '$1').replace(/''/g, "'");
    while (open.length > 0 && (open.at(-1)?.indent ?? 0) >= indent) open.pop();
    if (rowRoles.has(role)) open.push({ indent, row: ++rows });
    if (controlRoles.has(role)) controls.push({ role, name, row: open.at(-1)?.row ?? null });
  }
  return controls;
}

/**
 * Names that two controls of one kind share without a row to tell them apart: the same
 * role and name twice outside any row, or twice in the same row. Screen readers list and
 * announce controls by kind (links, buttons, tabs), so the link "Layers" and the tab
 * "Layers" are told apart; the same action repeated once per row is told apart by its row.
 */
export async function duplicateControlNames(page: Page): Promise<string[]> {
  const seen = new Map<string, Set<number | null>>();
  const duplicates = new Set<string>();
  for (const { role, name, row } of await controlsByName(page)) {
    const key = `${role} "${name}"`;
    const rowsWithIt = seen.get(key) ?? new Set();
    if (rowsWithIt.has(row) || (row === null && rowsWithIt.size > 0) || rowsWithIt.has(null)) {
      duplicates.add(key);
    }
    rowsWithIt.add(row);
    seen.set(key, rowsWithIt);
  }
  return [...duplicates];
}
