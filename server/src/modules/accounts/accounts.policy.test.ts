import { describe, expect, it } from 'vitest';
import { administers } from './accounts.policy.js';

describe('administers', () => {
  it("is true only for the account's admin", () => {
    expect(administers(7, { adminId: 7 })).toBe(true);
    expect(administers(8, { adminId: 7 })).toBe(false);
  });
});
