// How many searches and counts this process is answering at once (Runtime `searchLoad`). Past
// `--search-concurrency` the next one answers 503 at once instead of queueing: the seed says search
// "may return 503 under load" (seed 000 Errors; notes §5, DOCS response-codes 503 "overloaded").
export type SearchLoad = { running: number; stop(): void };

declare module '../../deps.js' {
  interface Runtime {
    searchLoad: SearchLoad;
  }
}

export function createSearchLoad(): SearchLoad {
  return { running: 0, stop() {} };
}

/** Runs fn as one more concurrent search, or returns null when `limit` (0: none) are already running. */
export async function withinLoad<T>(load: SearchLoad, limit: number, fn: () => Promise<T>): Promise<T | null> {
  if (limit > 0 && load.running >= limit) return null;
  load.running++;
  try {
    return await fn();
  } finally {
    load.running--;
  }
}
