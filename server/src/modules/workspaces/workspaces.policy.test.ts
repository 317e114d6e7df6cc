import { describe, expect, it } from 'vitest';
import { allows, rightsOf } from './workspaces.policy.js';

const relation = { adminId: 1, editorIds: [2], invited: false, demo: false };

describe('workspace rights', () => {
  it('gives admin to the workspace admin, edit to editors, view to invitees and demo users', () => {
    expect(rightsOf(1, relation)).toBe('admin');
    expect(rightsOf(2, relation)).toBe('edit');
    expect(rightsOf(3, { ...relation, invited: true })).toBe('view');
    expect(rightsOf(3, { ...relation, demo: true })).toBe('view');
  });

  it('gives nothing to anybody else', () => {
    expect(rightsOf(3, relation)).toBeNull();
  });

  it('prefers the strongest relation', () => {
    expect(rightsOf(1, { ...relation, editorIds: [1], invited: true })).toBe('admin');
    expect(rightsOf(2, { ...relation, invited: true })).toBe('edit');
  });

  it('orders rights: admin ⊃ edit ⊃ view', () => {
    expect(allows('admin', 'edit')).toBe(true);
    expect(allows('edit', 'view')).toBe(true);
    expect(allows('edit', 'admin')).toBe(false);
    expect(allows('view', 'edit')).toBe(false);
  });
});
