// What a users batch leaves for processing (migration 0037; docs/adr/0025), as plain data: the
// request's checked operations, stored as they are (encodeOps), so the request does no more than read,
// check and write them. Processing turns a request of Updates only (the common 5 MB batch) into a
// sorted run — its users by key, each once, with its effective/expiry window, and its additional
// identifiers — and merges it with the runs after it in one pass; a request with a Delete is applied
// as it is, over what the store holds then (notes §10.2: a Delete matches on any stored identifier).
//
// Identifiers are in their stored form (custom-audiences.rules.ts `packHash`): a user is its one
// identifier, or its identifiers when it was sent with several (the first is its key).

export type User = string | string[];
export type Window = { effectiveAt: number; expiresAt: number };
export type UserOperation = Window & { type: 'Update' | 'Delete'; users: User[] };

/** Users added or renewed: `keys` ascending and distinct, `windows[i]` the window of `keys[i]`. */
export type Run = {
  keys: string[];
  windows: Window[];
  /** Additional identifier → its user's key, in the order written (a later one wins). */
  idents: [string, string][];
};

/** Sorted, each once (the sort puts equal keys side by side). */
function sortedDistinct(keys: string[]): string[] {
  keys.sort();
  let n = 0;
  for (let i = 0; i < keys.length; i++) if (i === 0 || keys[i] !== keys[n - 1]) keys[n++] = keys[i]!;
  keys.length = n;
  return keys;
}

/**
 * The run of a request of Updates: a later operation's window wins for a user sent twice, as a later
 * operation's key wins for an identifier. One window (the usual request) builds no per-user map.
 */
export function runOf(ops: readonly UserOperation[]): Run {
  const idents = new Map<string, string>();
  const first = ops[0]!;
  const oneWindow = ops.every((op) => op.effectiveAt === first.effectiveAt && op.expiresAt === first.expiresAt);
  const keys: string[] = [];
  const windowOf = oneWindow ? null : new Map<string, Window>();
  for (const op of ops)
    for (const user of op.users) {
      if (typeof user === 'string') {
        if (windowOf) windowOf.set(user, op);
        else keys.push(user);
        continue;
      }
      const key = user[0]!;
      if (windowOf) windowOf.set(key, op);
      else keys.push(key);
      for (let i = 1; i < user.length; i++) idents.set(user[i]!, key);
    }
  const window = { effectiveAt: first.effectiveAt, expiresAt: first.expiresAt };
  if (!windowOf) {
    sortedDistinct(keys);
    return { keys, windows: new Array<Window>(keys.length).fill(window), idents: [...idents] };
  }
  const sorted = [...windowOf.keys()].sort();
  return { keys: sorted, windows: sorted.map((k) => windowOf.get(k)!), idents: [...idents] };
}

/** Two runs as one; `newer` wins where both hold a user or an identifier. */
function mergeTwo(older: Run, newer: Run): Run {
  const a = older.keys;
  const b = newer.keys;
  const keys = new Array<string>(a.length + b.length);
  const windows = new Array<Window>(a.length + b.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x < y) {
      keys[n] = x;
      windows[n++] = older.windows[i++]!;
    } else {
      if (x === y) i++;
      keys[n] = y;
      windows[n++] = newer.windows[j++]!;
    }
  }
  for (; i < a.length; i++, n++) {
    keys[n] = a[i]!;
    windows[n] = older.windows[i]!;
  }
  for (; j < b.length; j++, n++) {
    keys[n] = b[j]!;
    windows[n] = newer.windows[j]!;
  }
  keys.length = n;
  windows.length = n;
  const idents = older.idents.length ? [...new Map([...older.idents, ...newer.idents])] : newer.idents;
  return { keys, windows, idents };
}

/** Runs, oldest first, merged pairwise (n·log k comparisons for k runs): one sorted run, later wins. */
export function mergeRuns(runs: Run[]): Run {
  let level = runs;
  while (level.length > 1) {
    const next: Run[] = [];
    for (let i = 0; i < level.length; i += 2)
      next.push(i + 1 < level.length ? mergeTwo(level[i]!, level[i + 1]!) : level[i]!);
    level = next;
  }
  return level[0] ?? { keys: [], windows: [], idents: [] };
}

// ---- stored form (migration 0037 `body`): JSON, short names

type StoredOp = { t: 'U' | 'D'; e: number; x: number; u: User[] };

export function encodeOps(ops: readonly UserOperation[]): string {
  return JSON.stringify(
    ops.map((op): StoredOp => ({
      t: op.type === 'Update' ? 'U' : 'D',
      e: op.effectiveAt,
      x: op.expiresAt,
      u: op.users,
    })),
  );
}

export function decodeOps(body: string): UserOperation[] {
  return (JSON.parse(body) as StoredOp[]).map((op) => ({
    type: op.t === 'U' ? 'Update' : 'Delete',
    effectiveAt: op.e,
    expiresAt: op.x,
    users: op.u,
  }));
}
