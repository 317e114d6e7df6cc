import type { InspectResult } from '@geows/contract';
import { describe, expect, it } from 'vitest';
import { offeredWmsVersion, versionAfterInspect } from './inspected-version';

const answered = (version?: unknown): InspectResult => ({
  title: 'Maps',
  extent: null,
  layers: [],
  ...(version === undefined ? {} : { details: { version } }),
});

describe('offeredWmsVersion', () => {
  it('names the version the map asks in for each capabilities version', () => {
    expect(offeredWmsVersion(answered('1.1.1'))).toBe('1.1.1');
    expect(offeredWmsVersion(answered('1.1.0'))).toBe('1.1.1');
    expect(offeredWmsVersion(answered(' 1.3.0 '))).toBe('1.3.0');
    expect(offeredWmsVersion(answered('1.3'))).toBe('1.3.0');
  });

  it('names none for versions the map cannot ask for, or none said', () => {
    for (const version of ['1.0.0', '2.0', '1.10.0', '', 1.3, undefined])
      expect(offeredWmsVersion(answered(version))).toBeUndefined();
  });
});

describe('versionAfterInspect', () => {
  const after = (offered: string, current: string, picked: boolean, stored?: string) =>
    versionAfterInspect({ result: answered(offered), current, picked, stored });

  it("takes the service's version over the form's default", () => {
    expect(after('1.1.1', '1.3.0', false)).toBe('1.1.1');
    expect(after('1.3.0', '1.1.1', false)).toBe('1.3.0');
    expect(after('1.1.1', '1.1.1', false)).toBeUndefined();
  });

  it("keeps the user's choice", () => {
    expect(after('1.1.1', '1.3.0', true)).toBeUndefined();
    expect(after('1.3.0', '1.1.1', true)).toBeUndefined();
  });

  it('keeps a stored version the service speaks, and corrects one it cannot', () => {
    expect(after('1.3.0', '1.1.1', false, '1.1.1')).toBeUndefined();
    expect(after('1.1.1', '1.3.0', false, '1.3.0')).toBe('1.1.1');
  });
});
