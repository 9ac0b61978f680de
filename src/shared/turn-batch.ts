// Lookups asked for in one turn of the event loop, made as one lookup at the turn's end
// (setImmediate): the firehose generator starts a tick's posts in one turn, and concurrent requests
// parsed in one turn arrive together (issue #23: a post's mentions, and its author's generation
// token on PostgreSQL, were a statement a post). Every caller of a batch asked before its lookup was
// sent, so each sees the store as of a moment after it asked, as a lookup of its own would.

/**
 * `load`, made once at the end of the turn in which it is first asked for: that turn's callers share
 * its answer.
 */
export function atTurnEnd<V>(load: () => Promise<V>): () => Promise<V> {
  let answer: Promise<V> | null = null;
  return () =>
    (answer ??= new Promise<V>((resolve, reject) =>
      setImmediate(() => {
        answer = null;
        load().then(resolve, reject);
      }),
    ));
}

/**
 * A batching front for `load` (keys → found values; keys not found are absent): each call adds its
 * keys to the turn's batch and resolves to the batch's whole answer, from which the caller takes its own.
 */
export function perTurn<V>(load: (keys: string[]) => Promise<Map<string, V>>) {
  let keys = new Set<string>();
  const batch = atTurnEnd(() => {
    const asked = [...keys];
    keys = new Set();
    return load(asked);
  });
  return (wanted: readonly string[]): Promise<Map<string, V>> => {
    for (const k of wanted) keys.add(k);
    return batch();
  };
}

/**
 * `perTurn` for each store handle it is asked on (`db`): the lookups asked of one store in one turn are
 * one read, made with `load(db, keys)`.
 */
export function perTurnOn<D extends object, V>(load: (db: D, keys: string[]) => Promise<Map<string, V>>) {
  const fronts = new WeakMap<D, (keys: readonly string[]) => Promise<Map<string, V>>>();
  return (db: D, wanted: readonly string[]): Promise<Map<string, V>> => {
    let front = fronts.get(db);
    if (!front) fronts.set(db, (front = perTurn((keys) => load(db, keys))));
    return front(wanted);
  };
}
