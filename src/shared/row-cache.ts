// In-memory rows checked against a generation token that every write of their table replaces in
// the same transaction: a row checked under the current token is served as it is, the rest must be
// read again. Several processes sharing one database stay correct (posts.cache, users.cache).

export type Checked<R> = { row: R; checked: string | null };

export function createRowCache<R extends { id: string }>(max: number) {
  const entries = new Map<string, Checked<R>>();
  return {
    get: (id: string) => entries.get(id),
    /** Rows already checked under `generation`, and the ids that are not. */
    split(ids: readonly string[], generation: string | null): { hits: R[]; unsure: string[] } {
      const hits: R[] = [];
      const unsure: string[] = [];
      for (const id of ids) {
        const e = entries.get(id);
        if (e && generation !== null && e.checked === generation) hits.push(e.row);
        else unsure.push(id);
      }
      return { hits, unsure };
    },
    remember(row: R, checked: string | null): void {
      if (entries.size >= max) {
        // Evict the oldest tenth (a Map iterates in insertion order).
        let n = max / 10;
        for (const k of entries.keys()) { entries.delete(k); if (--n <= 0) break; }
      }
      entries.set(row.id, { row, checked });
    },
  };
}
