// The journal's storage: a fixed-size ring of entries, newest overwriting oldest, each numbered by a
// sequence that never repeats (the paging cursor). Pure: no clock, no HTTP.

export type Kind = 'request' | 'stream' | 'delivery' | 'crc';

/** One thing Aviary answered or sent. Times are service-clock epoch ms; rendered by journal.view.ts. */
export type Entry = {
  seq: number;
  kind: Kind;
  time: number;
  method: string;
  /** The path without its query (a webhook's URL for deliveries and checks). */
  path: string;
  /** The route template the request matched, when one did. */
  route: string | null;
  query: string | null;
  /** The Authorization header's scheme word (`bearer`, `oauth`, `basic`), lower case. */
  auth_scheme: string | null;
  /** What the auth hook resolved the credential to (`app`, `oauth1-user`, `oauth2-user`). */
  caller: string | null;
  app_id: string | null;
  user_id: string | null;
  /** HTTP status answered or received; 0 when the connection closed without one. */
  status: number;
  /** The problem `type`, the v1.1 or Ads `code`, or the OAuth 2.0 `error` of an error answer. */
  error: string | null;
  latency_ms: number;
  request_id: string | null;
  /** Fault rules that acted on it. */
  faults: string[] | null;
  /** Kind-specific facts (a stream's event, a delivery's webhook and event ids, bodies when asked). */
  extra: Record<string, unknown> | null;
  /** The node that answered or sent it (cluster/node.ts), set when recorded. */
  node?: string;
};

export type Filter = {
  kind?: Kind;
  app_id?: string;
  user_id?: string;
  /** A path or route template matched whole, or a prefix when it ends in `*`. */
  path?: string;
  /** A status, or a class written `4xx`. */
  status?: string;
  since?: number;
  until?: number;
};

export function matchesFilter(e: Entry, f: Filter): boolean {
  if (f.kind !== undefined && e.kind !== f.kind) return false;
  if (f.app_id !== undefined && e.app_id !== f.app_id) return false;
  if (f.user_id !== undefined && e.user_id !== f.user_id) return false;
  if (f.since !== undefined && e.time < f.since) return false;
  if (f.until !== undefined && e.time >= f.until) return false;
  if (f.path !== undefined) {
    const p = f.path;
    if (p.endsWith('*') ? !e.path.startsWith(p.slice(0, -1)) : e.path !== p && e.route !== p) return false;
  }
  if (f.status !== undefined) {
    const s = String(e.status);
    if (/^[1-5]xx$/.test(f.status) ? s[0] !== f.status[0] || s.length !== 3 : s !== f.status) return false;
  }
  return true;
}

export type Ring = {
  readonly size: number;
  /** Keeps a copy of the entry's fields and numbers it: sets `seq` on the entry given and returns it. */
  push(e: Omit<Entry, 'seq'>): Entry;
  /** Newest first, entries older than `before` (a seq) when given; at most `max`, plus whether more remain. */
  page(f: Filter, max: number, before?: number): { entries: Entry[]; more: boolean };
  clear(): void;
};

/**
 * The ring keeps its entries by field, in arrays made once (numbers in Float64Arrays), not as an
 * object each: 10,000 entries that each live for 10,000 requests were copied by every young-generation
 * collection until promoted, then collected from the old one, ~2 µs a request under a server's
 * allocation rate (bench/NOTES.md "limits-journal, second pass"). The entry recorded dies young; a
 * list builds its entries again from the fields.
 */
export function createRing(size: number): Ring {
  const seq = new Float64Array(size);
  const time = new Float64Array(size);
  const status = new Float64Array(size);
  const latency = new Float64Array(size);
  const values = () => new Array<unknown>(size).fill(null);
  const kind = values() as Kind[];
  const method = values() as string[];
  const path = values() as string[];
  const route = values() as (string | null)[];
  const query = values() as (string | null)[];
  const authScheme = values() as (string | null)[];
  const caller = values() as (string | null)[];
  const appId = values() as (string | null)[];
  const userId = values() as (string | null)[];
  const error = values() as (string | null)[];
  const requestId = values() as (string | null)[];
  const faults = values() as (string[] | null)[];
  const extra = values() as (Record<string, unknown> | null)[];
  const node = values() as (string | undefined)[];
  let next = 1;
  /** The oldest sequence still kept (entries before it were cleared). */
  let low = 1;

  function at(i: number): Entry {
    const e: Entry = {
      seq: seq[i]!,
      kind: kind[i]!,
      time: time[i]!,
      method: method[i]!,
      path: path[i]!,
      route: route[i]!,
      query: query[i]!,
      auth_scheme: authScheme[i]!,
      caller: caller[i]!,
      app_id: appId[i]!,
      user_id: userId[i]!,
      status: status[i]!,
      error: error[i]!,
      latency_ms: latency[i]!,
      request_id: requestId[i]!,
      faults: faults[i]!,
      extra: extra[i]!,
    };
    if (node[i] !== undefined) e.node = node[i];
    return e;
  }

  return {
    size,
    push(e) {
      const entry = e as Entry;
      entry.seq = next;
      const i = next % size;
      next++;
      seq[i] = entry.seq;
      kind[i] = e.kind;
      time[i] = e.time;
      method[i] = e.method;
      path[i] = e.path;
      route[i] = e.route;
      query[i] = e.query;
      authScheme[i] = e.auth_scheme;
      caller[i] = e.caller;
      appId[i] = e.app_id;
      userId[i] = e.user_id;
      status[i] = e.status;
      error[i] = e.error;
      latency[i] = e.latency_ms;
      requestId[i] = e.request_id;
      faults[i] = e.faults;
      extra[i] = e.extra;
      node[i] = e.node;
      return entry;
    },
    page(f, max, before) {
      const entries: Entry[] = [];
      const start = Math.min(next - 1, before === undefined ? Infinity : before - 1);
      for (let s = start; s >= low && s > next - 1 - size; s--) {
        const e = at(s % size);
        if (!matchesFilter(e, f)) continue;
        if (entries.length === max) return { entries, more: true };
        entries.push(e);
      }
      return { entries, more: false };
    },
    clear() {
      for (const column of [
        kind,
        method,
        path,
        route,
        query,
        authScheme,
        caller,
        appId,
        userId,
        error,
        requestId,
        faults,
        extra,
      ])
        column.fill(null as never);
      node.fill(undefined);
      low = next;
    },
  };
}
