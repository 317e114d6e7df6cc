/** Runs `callback` when the browser is idle (at most `timeoutMs` later); answers the cancel. */
export function whenIdle(callback: () => void, timeoutMs: number): () => void {
  // Safari has no requestIdleCallback: a short timer stands in.
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(callback, 50);
    return () => clearTimeout(timer);
  }
  const idle = requestIdleCallback(callback, { timeout: timeoutMs });
  return () => cancelIdleCallback(idle);
}
