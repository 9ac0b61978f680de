// Signals between the processes sharing one store, and the one lease that makes one of them the
// leader. On PostgreSQL, LISTEN/NOTIFY and a session advisory lock on one dedicated connection (the
// engine does both; nothing here competes with it): a notification is delivered to every listening
// session once its transaction commits, and the lock is freed by the server the moment the holder's
// connection goes, which is how a killed leader is replaced. The embedded store has one process, so
// its signals stay inside it and it always leads.
//
// Channel names are per schema: tests (and users) may run several independent services in schemas
// of one database, and PostgreSQL's channels are database-wide.
import pg from 'pg';

export type SignalHandler = (payload: string) => void;

export interface Signals {
  /** Calls `fn` with each payload sent on `channel` by any process (this one included). */
  listen(channel: string, fn: SignalHandler): Promise<void>;
  notify(channel: string, payload: string): Promise<void>;
  /** True once this process holds the leader lease; tries to take it when it is free. */
  tryLead(): Promise<boolean>;
  leading(): boolean;
  /** Called after a lost connection is back (notifications sent meanwhile are lost: re-read state). */
  onReconnect(fn: () => void): void;
  close(): Promise<void>;
}

/** The leader lease's advisory lock is keyed by this name and the schema (hashtext), one per service. */
const LEADER_KEY = 'leader';

export function localSignals(): Signals {
  const handlers = new Map<string, SignalHandler[]>();
  return {
    async listen(channel, fn) {
      handlers.set(channel, [...(handlers.get(channel) ?? []), fn]);
    },
    async notify(channel, payload) {
      // Delivered after the caller's turn, as PostgreSQL delivers after the commit.
      const fns = handlers.get(channel) ?? [];
      queueMicrotask(() => fns.forEach((fn) => fn(payload)));
    },
    tryLead: async () => true,
    leading: () => true,
    onReconnect() {},
    async close() {
      handlers.clear();
    },
  };
}

export async function postgresSignals(url: string, schema: string | null): Promise<Signals> {
  const prefix = `aviary:${schema ?? 'public'}:`;
  const handlers = new Map<string, SignalHandler[]>();
  const reconnects: Array<() => void> = [];
  let client: pg.Client | null = null;
  let closed = false;
  let leader = false;
  let retry: NodeJS.Timeout | null = null;

  async function connect(): Promise<void> {
    // Named for its schema, so an operator (or a test) can tell it in pg_stat_activity.
    const c = new pg.Client({
      connectionString: url,
      application_name: `aviary signals ${schema ?? 'public'}`.slice(0, 63),
    });
    c.on('notification', (m) => {
      if (!m.channel.startsWith(prefix)) return;
      for (const fn of handlers.get(m.channel.slice(prefix.length)) ?? []) fn(m.payload ?? '');
    });
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    await c.connect();
    for (const channel of handlers.keys()) await c.query(`LISTEN "${prefix}${channel}"`);
    client = c;
  }

  function lost(c: pg.Client) {
    if (client !== c || closed) return;
    client = null;
    leader = false;
    c.removeAllListeners('end');
    void c.end().catch(() => undefined);
    const again = () => {
      retry = null;
      if (closed) return;
      connect().then(
        () => reconnects.forEach((fn) => fn()),
        () => (retry = setTimeout(again, 1000).unref()),
      );
    };
    retry = setTimeout(again, 200).unref();
  }

  await connect();
  return {
    async listen(channel, fn) {
      const first = !handlers.has(channel);
      handlers.set(channel, [...(handlers.get(channel) ?? []), fn]);
      if (first && client) await client.query(`LISTEN "${prefix}${channel}"`);
    },
    async notify(channel, payload) {
      const args = [prefix + channel, payload];
      if (client) {
        await client.query('SELECT pg_notify($1, $2)', args);
        return;
      }
      // While the listening connection is being replaced, the signal goes out on a short-lived one.
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        await c.query('SELECT pg_notify($1, $2)', args);
      } finally {
        await c.end().catch(() => undefined);
      }
    },
    async tryLead() {
      if (leader || !client) return leader;
      const r = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS ok', [
        prefix + LEADER_KEY,
      ]);
      leader = r.rows[0]?.ok === true;
      return leader;
    },
    leading: () => leader,
    onReconnect(fn) {
      reconnects.push(fn);
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      leader = false;
      await c?.end().catch(() => undefined);
    },
  };
}

/**
 * Runs `wake` whenever another statement committed outbox rows of one of `topics`, on any node (the
 * trigger of migrations 0033, 0042 and 0044 signals `outbox` with the topics written, then again,
 * marked `!`, those of rows written still to claim: pending and held by no one). With `pending`, only
 * rows still to claim wake it (a claimer's view: rows a writer handed to its own worker do not). With
 * `lowest`, `wake` is given the lowest id the statement wrote (migration 0045's `outbox-ids` signal:
 * the topics written, then that id marked `@`). The writer's own node hears it too, after the commit:
 * a nudge made before the commit then finds the rows. On the embedded store nothing is signalled; its
 * writers wake the readers in memory.
 */
export function onOutbox(
  signals: Signals,
  topics: readonly string[],
  wake: (lowest: string | null) => void,
  o: { pending?: boolean; lowest?: boolean } = {},
): Promise<void> {
  // `post.create,post.create!`: the topics written, then those with rows still to settle marked `!`;
  // on `outbox-ids`, `post.create,@1843…`.
  const wanted = new Set(o.pending ? topics.map((t) => `${t}!`) : topics);
  return signals.listen(o.lowest ? 'outbox-ids' : 'outbox', (payload) => {
    const parts = payload.split(',');
    if (!parts.some((t) => wanted.has(t))) return;
    const last = o.lowest ? parts[parts.length - 1]! : '';
    wake(last.startsWith('@') ? last.slice(1) : null);
  });
}
