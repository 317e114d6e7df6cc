import { describe, expect, it } from 'vitest';
import { dividerAt, dividerKey, dividerPercent } from './divider-keys';

describe('the divider’s keys', () => {
  it('moves a step with the arrows, left and down towards the left edge', () => {
    expect(dividerKey('ArrowLeft', 0.5)).toBe(0.49);
    expect(dividerKey('ArrowDown', 0.5)).toBe(0.49);
    expect(dividerKey('ArrowRight', 0.5)).toBe(0.51);
    expect(dividerKey('ArrowUp', 0.5)).toBe(0.51);
  });

  it('moves a page with PageUp, PageDown and Shift with an arrow', () => {
    expect(dividerKey('PageDown', 0.5)).toBe(0.4);
    expect(dividerKey('PageUp', 0.5)).toBe(0.6);
    expect(dividerKey('ArrowRight', 0.5, true)).toBe(0.6);
    expect(dividerKey('ArrowLeft', 0.5, true)).toBe(0.4);
  });

  it('jumps to the edges with Home and End, and never past them', () => {
    expect(dividerKey('Home', 0.73)).toBe(0);
    expect(dividerKey('End', 0.73)).toBe(1);
    expect(dividerKey('ArrowLeft', 0)).toBe(0);
    expect(dividerKey('PageUp', 0.95)).toBe(1);
  });

  it('keeps steps exact after many presses', () => {
    let position = 0.5;
    for (let i = 0; i < 7; i++) position = dividerKey('ArrowRight', position) ?? position;
    expect(position).toBe(0.57);
  });

  it('leaves other keys to the page', () => {
    expect(dividerKey('Tab', 0.5)).toBeUndefined();
    expect(dividerKey('Enter', 0.5)).toBeUndefined();
  });
});

describe('the divider under the pointer', () => {
  it('is the pointer’s share of the map’s width, within the map', () => {
    expect(dividerAt(300, { left: 100, width: 800 })).toBe(0.25);
    expect(dividerAt(50, { left: 100, width: 800 })).toBe(0);
    expect(dividerAt(1000, { left: 100, width: 800 })).toBe(1);
    expect(dividerAt(10, { left: 0, width: 0 })).toBe(0.5);
  });

  it('reads as a whole percentage', () => {
    expect(dividerPercent(0.456)).toBe(46);
    expect(dividerPercent(1.2)).toBe(100);
  });
});
