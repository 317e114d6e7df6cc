import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useGrowingCount } from './use-growing-count';

/** Runs the next slice's timer, as many times as asked (each slice sets the next one's after it renders). */
async function nextSlices(count: number) {
  for (let slice = 0; slice < count; slice++) await act(async () => vi.advanceTimersToNextTimer());
}

describe('useGrowingCount', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('draws the first items at once and the rest a step per task', async () => {
    const { result } = renderHook(() => useGrowingCount(25, 10, 5));
    expect(result.current).toBe(10);
    await nextSlices(1);
    expect(result.current).toBe(15);
    await nextSlices(1);
    expect(result.current).toBe(20);
    await nextSlices(5);
    expect(result.current).toBe(25);
  });

  it('follows the list once it is drawn whole', async () => {
    const { result, rerender } = renderHook(({ total }) => useGrowingCount(total, 10, 5), {
      initialProps: { total: 3 },
    });
    expect(result.current).toBe(3);
    rerender({ total: 2 });
    expect(result.current).toBe(2);
    rerender({ total: 12 });
    expect(result.current).toBe(10);
    await nextSlices(3);
    expect(result.current).toBe(12);
  });
});
