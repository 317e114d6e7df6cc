import type { InspectResult } from '@geows/contract';

/** The WMS versions a source is saved with (the `version` of the contract's wms config). */
export type WmsVersion = '1.1.1' | '1.3.0';

/**
 * The version of the capabilities document inspect read, as the wms config names it: the
 * map draws 1.1.0 like 1.1.1 and every 1.3.x like 1.3.0. Undefined for anything else
 * (1.0.0 has no version the map could ask for).
 */
export function offeredWmsVersion(result: InspectResult): WmsVersion | undefined {
  const version = result.details?.version;
  if (typeof version !== 'string') return undefined;
  if (/^1\.3(\.\d+)?$/.test(version.trim())) return '1.3.0';
  if (/^1\.1(\.\d+)?$/.test(version.trim())) return '1.1.1';
  return undefined;
}

/**
 * What the form's WMS version becomes once "Test connection" has read the service, or
 * undefined to leave it. Inspect asks for the capabilities without a VERSION (or with the
 * one in the address), and a WMS server answers in the newest version it speaks: that is
 * the version to save. A version the user picked in the form stays. A stored version
 * stays too, unless it is newer than what the service speaks: a 1.3.0 server answers 1.1.1
 * requests, a 1.1.1 server cannot answer 1.3.0 ones.
 */
export function versionAfterInspect({
  result,
  current,
  picked,
  stored,
}: {
  result: InspectResult;
  /** The version the form holds. */
  current: string;
  /** The user chose the version in this form. */
  picked: boolean;
  /** The version the saved source holds (editing), if any. */
  stored: string | undefined;
}): WmsVersion | undefined {
  const offered = offeredWmsVersion(result);
  if (!offered || picked || offered === current) return undefined;
  if (stored !== undefined && current === stored && current < offered) return undefined;
  return offered;
}
