/**
 * `load` run once: every call returns the same promise while it is pending or has resolved, so callers during one load
 * share it. A rejected load is forgotten, so that the next call tries again (a chunk that failed on a flaky network).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    }));
}
