import { describe, expect, it } from 'vitest';
import { profileQueryOptions } from './profile-api';

const line: [number, number][] = [
  [5.4, 52.1],
  [5.43, 52.1],
];
const ahn = { title: 'AHN', color: 'red', datasource: null };

describe('the profile query', () => {
  it('asks again once the profiles were edited, for the same line', () => {
    const before = profileQueryOptions(5, undefined, [ahn], line).queryKey;
    const same = profileQueryOptions(5, undefined, [{ ...ahn }], line).queryKey;
    const otherSource = profileQueryOptions(5, undefined, [{ ...ahn, datasource: 12 }], line).queryKey;
    const added = profileQueryOptions(5, undefined, [ahn, { ...ahn, title: 'Survey' }], line).queryKey;
    expect(same).toEqual(before);
    expect(otherSource).not.toEqual(before);
    expect(added).not.toEqual(before);
  });

  it('keeps the answers of other lines, workspaces and share links apart', () => {
    const key = profileQueryOptions(5, undefined, [ahn], line).queryKey;
    expect(
      profileQueryOptions(
        5,
        undefined,
        [ahn],
        [
          [5.4, 52.1],
          [5.5, 52.2],
        ],
      ).queryKey,
    ).not.toEqual(key);
    expect(profileQueryOptions(6, undefined, [ahn], line).queryKey).not.toEqual(key);
    expect(profileQueryOptions(5, 'token', [ahn], line).queryKey).not.toEqual(key);
  });
});
