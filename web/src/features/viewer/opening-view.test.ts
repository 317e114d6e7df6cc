import { readWorkspacePlugins } from '@geows/contract';
import { describe, expect, it } from 'vitest';
import { viewById } from './opening-view';

const camera = { longitude: 4.9, latitude: 52.37, height: 800, heading: 0, pitch: -45, roll: 0 };
const plugins = readWorkspacePlugins({
  views: [
    { id: 'a1b2c3', title: 'Harbour', camera, visible: [3], split: null },
    { id: 7, title: 'Old town', camera, visible: [], split: 0.4 },
  ],
});

describe('viewById', () => {
  it('finds a view by the id in the URL, a numeric id by its text too', () => {
    expect(viewById(plugins, 'a1b2c3')?.title).toBe('Harbour');
    expect(viewById(plugins, '7')?.title).toBe('Old town');
  });

  it('finds nothing without a parameter, or for a view since deleted', () => {
    expect(viewById(plugins, null)).toBeUndefined();
    expect(viewById(plugins, 'gone')).toBeUndefined();
    expect(viewById(plugins, '')).toBeUndefined();
  });
});
