import { readWorkspacePlugins } from '@geows/contract';
import { describe, expect, it } from 'vitest';
import { viewById, viewLink } from './view-link';

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

describe('viewLink', () => {
  const origin = 'https://maps.example.org';

  it('links the viewer at the view', () => {
    expect(viewLink(origin, '/workspace/view/12', 'a1b2c3')).toBe(
      'https://maps.example.org/workspace/view/12?view=a1b2c3',
    );
  });

  it('keeps the share link on the share page, for visitors without a login', () => {
    expect(viewLink(origin, '/workspace/share/12/s3cret-Token', '7')).toBe(
      'https://maps.example.org/workspace/share/12/s3cret-Token?view=7',
    );
  });

  it('links the viewer, not the editor, from the editor', () => {
    expect(viewLink(origin, '/workspace/12', 'x')).toBe('https://maps.example.org/workspace/view/12?view=x');
  });

  it('encodes an id that is not URL-safe', () => {
    expect(viewLink(origin, '/workspace/view/12', 'a b&c')).toBe(
      'https://maps.example.org/workspace/view/12?view=a+b%26c',
    );
    expect(new URL(viewLink(origin, '/workspace/view/12', 'a b&c')).searchParams.get('view')).toBe('a b&c');
  });
});
