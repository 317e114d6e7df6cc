import { pluginLimits, type SavedView, savedViews } from '@geows/contract';
import { describe, expect, it } from 'vitest';
import {
  addView,
  canAddView,
  moveView,
  newViewId,
  removeView,
  renameView,
  titleProblem,
  viewOfState,
} from './saved-views';

const camera = { longitude: 4.9, latitude: 52.37, height: 800, heading: 10, pitch: -45, roll: 0 };
const view = (id: string | number, title = `View ${id}`): SavedView => ({
  id,
  title,
  camera,
  visible: [],
  split: null,
});
const ids = (views: readonly SavedView[]) => views.map((v) => v.id);
const list = [view('a'), view('b'), view(3)];

describe('saved views as a list', () => {
  it('makes short ids that fit the contract and differ from those taken', () => {
    const id = newViewId([]);
    expect(id).toMatch(/^[0-9a-f]{10}$/);
    const random = ['aaaaaaaa-aaaa', 'aaaaaaaa-aaaa', 'bbbbbbbb-bbbb'];
    expect(newViewId([view('aaaaaaaaaa')], () => random.shift() ?? '')).toBe('bbbbbbbbbb');
  });

  it('takes the map as it stands, with no divider as null', () => {
    expect(viewOfState('x1', '  Harbour  ', { camera, visible: [4, 2], split: undefined })).toEqual({
      id: 'x1',
      title: 'Harbour',
      camera,
      visible: [4, 2],
      split: null,
    });
    expect(viewOfState('x2', 'Compare', { camera, visible: [], split: 0.3 }).split).toBe(0.3);
  });

  it('adds at the end, and saves what the contract accepts', () => {
    const next = addView(list, viewOfState(newViewId(list), 'New', { camera, visible: [1], split: 0.5 }));
    expect(next).toHaveLength(4);
    expect(next[3]?.title).toBe('New');
    expect(savedViews.safeParse(next).success).toBe(true);
  });

  it('renames one view, trimmed, and leaves the others', () => {
    const next = renameView(list, 'b', ' Quay ');
    expect(next.map((v) => v.title)).toEqual(['View a', 'Quay', 'View 3']);
    expect(list[1]?.title).toBe('View b');
  });

  it('removes one view', () => {
    expect(ids(removeView(list, 3))).toEqual(['a', 'b']);
  });

  it('moves a view one place, and not past either end', () => {
    expect(ids(moveView(list, 'b', -1))).toEqual(['b', 'a', 3]);
    expect(ids(moveView(list, 'b', 1))).toEqual(['a', 3, 'b']);
    expect(ids(moveView(list, 'a', -1))).toEqual(['a', 'b', 3]);
    expect(ids(moveView(list, 3, 1))).toEqual(['a', 'b', 3]);
    expect(ids(moveView(list, 'gone', 1))).toEqual(['a', 'b', 3]);
    expect(ids(list)).toEqual(['a', 'b', 3]);
  });

  it('adds no view beyond the limit', () => {
    const full = Array.from({ length: pluginLimits.views }, (_, i) => view(i));
    expect(canAddView(full.slice(1))).toBe(true);
    expect(canAddView(full)).toBe(false);
  });

  it('asks for a title of 1 to 100 characters', () => {
    expect(titleProblem('   ')).toBe('titleRequired');
    expect(titleProblem('x'.repeat(pluginLimits.title))).toBeUndefined();
    expect(titleProblem(` ${'x'.repeat(pluginLimits.title)} `)).toBeUndefined();
    expect(titleProblem('x'.repeat(pluginLimits.title + 1))).toBe('titleTooLong');
  });
});
