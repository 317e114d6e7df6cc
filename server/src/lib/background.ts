/**
 * Work that outlives its request (a mail sent after the answer). Shutdown waits for
 * it, so a SIGTERM does not drop a password reset mail on the floor.
 */
export function createBackground(log: (error: unknown) => void) {
  const pending = new Set<Promise<unknown>>();
  return {
    run(work: () => Promise<unknown>) {
      const promise = work()
        .catch(log)
        .finally(() => pending.delete(promise));
      pending.add(promise);
    },
    async drain() {
      await Promise.allSettled([...pending]);
    },
  };
}
export type Background = ReturnType<typeof createBackground>;
