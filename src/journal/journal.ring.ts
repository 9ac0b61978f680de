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
  push(e: Omit<Entry, 'seq'>): Entry;
  /** Newest first, entries older than `before` (a seq) when given; at most `max`, plus whether more remain. */
  page(f: Filter, max: number, before?: number): { entries: Entry[]; more: boolean };
  clear(): void;
};

export function createRing(size: number): Ring {
  const slots: (Entry | undefined)[] = new Array(size);
  let next = 1;
  /** The oldest sequence still kept (entries before it were cleared). */
  let low = 1;
  return {
    size,
    push(e) {
      const entry = e as Entry;
      entry.seq = next;
      slots[next % size] = entry;
      next++;
      return entry;
    },
    page(f, max, before) {
      const entries: Entry[] = [];
      const start = Math.min(next - 1, before === undefined ? Infinity : before - 1);
      for (let seq = start; seq >= low && seq > next - 1 - size; seq--) {
        const e = slots[seq % size]!;
        if (!matchesFilter(e, f)) continue;
        if (entries.length === max) return { entries, more: true };
        entries.push(e);
      }
      return { entries, more: false };
    },
    clear() {
      slots.fill(undefined);
      low = next;
    },
  };
}
