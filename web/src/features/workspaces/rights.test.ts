import { describe, expect, it } from 'vitest';
import { canEdit, workspaceRights } from './rights';

const workspace = { admin: 7, editors: [8, 9] };

describe('workspaceRights (spec §4)', () => {
  it("is admin when the workspace's admin is the active account's admin", () => {
    expect(workspaceRights(workspace, { admin: 7 })).toBe('admin');
  });

  it("is edit when the active account's admin is among the editors", () => {
    expect(workspaceRights(workspace, { admin: 9 })).toBe('edit');
  });

  it('is view otherwise, and without an active account', () => {
    expect(workspaceRights(workspace, { admin: 10 })).toBe('view');
    expect(workspaceRights(workspace, null)).toBe('view');
  });

  it("prefers the server's answer when there is one", () => {
    expect(workspaceRights({ ...workspace, rights: 'view' }, { admin: 7 })).toBe('view');
    expect(workspaceRights({ ...workspace, rights: 'admin' }, null)).toBe('admin');
  });

  it('lets admins and editors edit, not viewers', () => {
    expect([canEdit('admin'), canEdit('edit'), canEdit('view')]).toEqual([true, true, false]);
  });
});
