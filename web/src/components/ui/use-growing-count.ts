import { startTransition, useEffect, useState } from 'react';

/**
 * How many of a long list's `total` items to draw: `first` at once, then `step` more in each later
 * task, until all are drawn (and from then on all, as the list changes). Each commit of a hundred
 * rows of buttons, chips and icons held a phone's main thread for over a second at once (React
 * renders a deferred list in slices, but commits it whole); slices of a few rows each stay short.
 */
export function useGrowingCount(total: number, first: number, step: number): number {
  const [shown, setShown] = useState(first);
  const growing = shown < total;
  useEffect(() => {
    if (!growing) return;
    // A timer, not scheduler.yield: the browser paints and answers input before the next slice.
    const timer = setTimeout(() => startTransition(() => setShown(shown + step)));
    return () => clearTimeout(timer);
  }, [growing, shown, step]);
  return growing ? shown : total;
}
