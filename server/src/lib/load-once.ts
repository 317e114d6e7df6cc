/**
 * What `load` resolves to, loaded on the first call and shared by every later one (a failed
 * load is tried again on the next call). For modules that only rare calls need: a module
 * imported at start-up stays in the heap of every server, used or not.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
