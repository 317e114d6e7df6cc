import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { nl } from '../../../i18n/nl';
import { refusalText } from './plugin-refusals';

describe('the server’s refusals of a tool’s settings', () => {
  beforeAll(() => {
    i18next.addResourceBundle('nl', 'translation', nl, true, true);
  });
  const t = i18next.getFixedT('nl');

  it('are shown in the interface’s language, with the key and the id', () => {
    expect(refusalText('splitPanel.left must hold layers of this workspace: 42 is not one.', t)).toBe(
      'splitPanel.left: laag 42 hoort niet bij deze werkruimte (misschien is ze verwijderd).',
    );
    expect(
      refusalText(
        "elevation.profiles[1].datasource must be an elevation data source (WCS, GeoTIFF or Cesium terrain) of this workspace's account: 7 is not one.",
        t,
      ),
    ).toBe(
      'elevation.profiles[1].datasource: gegevensbron 7 is geen hoogtebron (WCS, GeoTIFF of Cesium-terrein) van het account van deze werkruimte.',
    );
    expect(
      refusalText(
        "bi.url must not be on this site's own origin: the dashboard must come from another site.",
        t,
      ),
    ).toBe('Het dashboard moet van een andere site komen, niet van deze.');
  });

  it('leave any other text as the server sent it', () => {
    expect(refusalText('views[0].title must not be empty.', t)).toBe('views[0].title must not be empty.');
  });
});
