/**
 * Lets the browser run what waits (input, paint, network callbacks) before the caller goes on:
 * splits one long start-up task into shorter ones. scheduler.yield resumes ahead of other
 * queued tasks; where it is missing, a timer ends the task.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
