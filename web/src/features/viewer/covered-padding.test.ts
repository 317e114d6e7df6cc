import { describe, expect, it } from 'vitest';
import { coveredPadding } from './covered-padding';

const map = { left: 0, top: 64, right: 1280, bottom: 800 };

describe('coveredPadding', () => {
  it('pads the left edge for the side panel, however tall it is', () => {
    const panel = { left: 8, top: 130, right: 408, bottom: 790 };
    expect(coveredPadding(map, [panel])).toEqual({ top: 0, right: 0, bottom: 0, left: 408 });
  });

  it('pads the bottom for a phone’s sheet', () => {
    const phone = { left: 0, top: 56, right: 375, bottom: 740 };
    const sheet = { left: 0, top: 440, right: 375, bottom: 740 };
    expect(coveredPadding(phone, [sheet])).toEqual({ top: 0, right: 0, bottom: 300, left: 0 });
  });

  it('ignores what lies off the map (a closed sheet slid below it)', () => {
    expect(coveredPadding(map, [{ left: 0, top: 800, right: 1280, bottom: 1400 }])).toEqual({
      top: 0,
      right: 0,
      bottom: 0,
      left: 0,
    });
  });

  it('takes the larger reach when panels cover the same edge, and each edge on its own', () => {
    const padding = coveredPadding(map, [
      { left: 8, top: 130, right: 328, bottom: 700 },
      { left: 8, top: 130, right: 408, bottom: 700 },
      { left: 1000, top: 100, right: 1280, bottom: 800 },
    ]);
    expect(padding).toEqual({ top: 0, right: 280, bottom: 0, left: 408 });
  });
});
