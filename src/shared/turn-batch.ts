// Lookups by key asked for in one turn of the event loop, made as one lookup at the turn's end
// (setImmediate): the firehose generator starts a tick's posts in one turn, and concurrent requests
// parsed in one turn arrive together (issue #23: a post's mentions were a statement a post). Every
// caller of a batch asked before its lookup was sent, so each sees the store as of a moment after it
// asked, as a lookup of its own would.

/**
 * A batching front for `load` (keys → found values; keys not found are absent): each call adds its
 * keys to the turn's batch and resolves to the batch's whole answer, from which the caller takes its own.
 */
export function perTurn<V>(load: (keys: string[]) => Promise<Map<string, V>>) {
  let keys: Set<string> | null = null;
  let answer: Promise<Map<string, V>> = Promise.resolve(new Map());
  return (wanted: readonly string[]): Promise<Map<string, V>> => {
    if (!keys) {
      const batch = (keys = new Set());
      answer = new Promise((resolve, reject) =>
        setImmediate(() => {
          keys = null;
          load([...batch]).then(resolve, reject);
        }),
      );
    }
    for (const k of wanted) keys.add(k);
    return answer;
  };
}
