import { describe, expect, it } from 'vitest';
import { canEdit } from './rights';

describe('canEdit', () => {
  it('lets admins and editors edit, not viewers', () => {
    expect([canEdit('admin'), canEdit('edit'), canEdit('view')]).toEqual([true, true, false]);
  });
});
