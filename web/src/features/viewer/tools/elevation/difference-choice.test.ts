import { describe, expect, it } from 'vitest';
import { differenceChoice, earlierChoices, laterChoices } from './difference-choice';

const sea = { reference: 'sea' } as const;
const ellipsoid = { reference: 'ellipsoid' } as const;

describe('which lines the difference may subtract', () => {
  it('never subtracts a height above sea level from one above the ellipsoid', () => {
    // AHN (NAP) and the map's terrain (WGS84): some 43 m apart in the Netherlands, no change at all.
    expect(differenceChoice([sea, ellipsoid], 0, 1)).toBeNull();
    expect(earlierChoices([sea, ellipsoid, ellipsoid])).toEqual([1, 2]);
  });

  it('takes the second line minus the first when both share a reference', () => {
    expect(differenceChoice([sea, sea], 0, 1)).toEqual({ from: 0, to: 1 });
    expect(differenceChoice([ellipsoid, ellipsoid, sea], 0, 1)).toEqual({ from: 0, to: 1 });
  });

  it('moves a pick that no longer fits to one of the same reference', () => {
    // Two terrains and a survey: the default pair (0, 1) mixes references, so the terrains are compared.
    expect(differenceChoice([sea, ellipsoid, ellipsoid], 0, 1)).toEqual({ from: 1, to: 2 });
    // The visitor picked the survey AHN3 as earlier: later may only be another survey.
    expect(differenceChoice([sea, ellipsoid, sea], 0, 1)).toEqual({ from: 0, to: 2 });
    expect(laterChoices([sea, ellipsoid, sea, sea], 2)).toEqual([0, 3]);
    // A line that went away (a profile removed) is not kept.
    expect(differenceChoice([sea, sea], 3, 4)).toEqual({ from: 0, to: 1 });
    expect(differenceChoice([sea, sea], 1, 1)).toEqual({ from: 1, to: 0 });
  });
});
