// This process as one node of a service whose nodes share one PostgreSQL database (issue "Many
// nodes"): its name, whether it leads, and one service clock for all nodes.
//
// The clock: its mode and virtual instant live in the store (aviary_settings `clock`). A change made
// through the control API on any node is written there and signalled to every node (store/signals.ts,
// LISTEN/NOTIFY); each node moves its own scheduler to the same instant, which runs the timers due
// on the way on that node, and acknowledges; the control API answers once every live node has
// acknowledged (or after ACK_TIMEOUT_MS, naming the nodes that did not). A node that starts, or whose
// listening connection was lost and is back, reads the stored clock first. Timers are still armed
// by each node for its own work; work that must happen once (deliveries, publishing) is claimed in
// the store, so a timer firing on two nodes does it once.
//
// The leader: the node holding the leader lease (an advisory lock on its signals connection, freed by
// PostgreSQL when the node dies); the others try to take it every LEAD_RETRY_MS. The embedded store
// has one node, which leads.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Config } from '../config/index.js';
import type { Scheduler } from '../shared/scheduler.js';
import type { Clock, ClockMode } from '../shared/clock.js';
import type { Ids } from '../shared/ids.js';
import type { Db } from '../store/index.js';
import { getSetting, putSetting } from '../store/settings.js';
import { localSignals, postgresSignals, type Signals } from '../store/signals.js';

const ACK_TIMEOUT_MS = 3_000;
const LEAD_RETRY_MS = 2_000;
/** Safety net under the signals: how often a node compares its clock with the stored one. */
const RESYNC_MS = 5_000;

/**
 * `ahead`: how far ids run ahead of the clock (absent in states stored before it: 0). Ids are
 * time-ordered and a node never mints one older than its last, but a node that minted nothing while
 * the clock stood hours ahead would, once time is set back, mint ids sorting before the other nodes'
 * (and a restarted node before every stored id): stream tails by id cursor would skip its posts and
 * admission would misorder connections. The node changing the clock works out where the service's
 * ids stood and every node mints that far ahead of the new time (ADR 0023).
 */
type ClockState = { id: string; node: string; mode: ClockMode; now: number; ahead?: number };
type Ack = { id: string; node: string };
type Broadcast = { id: string; node: string; topic: string; payload: string };

export type NodeHealth = { node: string; leader: string | null; nodes: string[] };

export interface ClusterNode {
  readonly name: string;
  leading(): boolean;
  /** Writes this node's clock to the store and waits until every live node has moved to it. */
  clockChanged(): Promise<{ unacknowledged: string[] }>;
  health(): Promise<NodeHealth>;
  /** Sends or receives a signal to every node (store/signals.ts), for modules that wake each other. */
  signals: Signals;
  /**
   * Tells every other live node that `topic` changed and waits until each has run its handler (the
   * clock's notify + acknowledge, for fault rules, rate-limit overrides, journal flushes); after
   * ACK_TIMEOUT_MS it answers with the nodes that did not. The caller applies the change here itself.
   */
  broadcast(topic: string, payload: string): Promise<{ unacknowledged: string[] }>;
  /** Runs `fn` for each broadcast of `topic` from another node; the node acknowledges once it settles. */
  onBroadcast(topic: string, fn: (payload: string) => Promise<void>): void;
  stop(): Promise<void>;
}

type Parts = { config: Config; db: Db; clock: Clock; scheduler: Scheduler; ids: Ids; workerId: number };

export async function startClusterNode(p: Parts): Promise<ClusterNode> {
  const name = p.config.nodeName ?? `${hostname()}-${p.workerId}`;
  const signals = p.config.databaseUrl
    ? await postgresSignals(p.config.databaseUrl, p.config.databaseSchema)
    : localSignals();
  const acks = new Map<string, { want: Set<string>; done: () => void }>();
  /** The id of the last clock state this node applied (its own or another's). */
  let applied = '';
  /** Counts the states applied here (its own or another's): a resync whose read began before one drops it. */
  let changes = 0;
  /** The last state applied here (its own or another's), and so the ids' offset in effect. */
  let last: Pick<ClockState, 'mode' | 'now' | 'ahead'> = { mode: 'real', now: 0, ahead: 0 };
  const learn = (state: ClockState) => {
    changes++;
    last = state;
    p.ids.ahead(state.ahead ?? 0);
  };
  const topics = new Map<string, (payload: string) => Promise<void>>();
  let chain: Promise<unknown> = Promise.resolve();
  const serially = (fn: () => Promise<unknown>) => (chain = chain.then(fn, fn).catch(() => undefined));

  async function apply(state: ClockState) {
    if (state.id === applied) return;
    applied = state.id;
    learn(state);
    if (state.mode === 'real') {
      if (p.clock.mode() !== 'real') await p.scheduler.useRealTime();
    } else if (p.clock.mode() !== 'virtual' || p.clock.now() !== state.now) await p.scheduler.set(state.now);
  }

  /**
   * The stored clock, applied. A read sent before a change this node made or applied returns an
   * older state: applied, it set the clock back to it (a 5 s resync that raced an advance on the
   * control API undid the advance). Dropped then; the change was newer, and the next resync comes.
   */
  async function resync() {
    const seen = changes;
    const raw = await getSetting(p.db, 'clock');
    if (raw && changes === seen) await apply(JSON.parse(raw) as ClockState);
  }

  await signals.listen('clock', (payload) => {
    const state = JSON.parse(payload) as ClockState;
    if (state.node === name) return;
    void serially(async () => {
      await apply(state);
      await signals.notify('clock-ack', JSON.stringify({ id: state.id, node: name } satisfies Ack));
    });
  });
  await signals.listen('clock-ack', (payload) => {
    const ack = JSON.parse(payload) as Ack;
    const waiting = acks.get(ack.id);
    if (!waiting) return;
    waiting.want.delete(ack.node);
    if (waiting.want.size === 0) waiting.done();
  });
  await signals.listen('broadcast', (raw) => {
    const b = JSON.parse(raw) as Broadcast;
    if (b.node === name) return;
    const fn = topics.get(b.topic);
    void (fn ? fn(b.payload) : Promise.resolve())
      .catch(() => undefined)
      .then(() => signals.notify('clock-ack', JSON.stringify({ id: b.id, node: name } satisfies Ack)))
      .catch(() => undefined);
  });
  signals.onReconnect(() => void serially(resync));
  await resync();
  await lead();
  await register(p.db, name, p.clock);

  const leadTimer = setInterval(() => void lead(), LEAD_RETRY_MS).unref();
  const resyncTimer = setInterval(() => void serially(resync), RESYNC_MS).unref();
  const heartbeat = setInterval(() => void register(p.db, name, p.clock).catch(() => undefined), HEARTBEAT_MS).unref();

  async function lead() {
    try {
      if (!signals.leading() && (await signals.tryLead()))
        await putSetting(p.db, 'cluster_leader', JSON.stringify({ node: name, since: p.clock.wall() }));
    } catch {
      /* the signals connection is down; the next try follows it */
    }
  }

  /** Sends `message` on `channel` and waits for every other live node to acknowledge `id`. */
  async function acknowledged(id: string, channel: string, message: string): Promise<{ unacknowledged: string[] }> {
    // The embedded store has one node (a process killed on it leaves its name behind a while).
    if (p.db.embedded) return { unacknowledged: [] };
    const want = new Set((await liveNodes(p.db, p.clock)).filter((n) => n !== name));
    if (want.size === 0) return { unacknowledged: [] };
    let timer: NodeJS.Timeout | undefined;
    const done = new Promise<void>((resolve) => {
      acks.set(id, { want, done: resolve });
      timer = setTimeout(resolve, ACK_TIMEOUT_MS);
    });
    await signals.notify(channel, message);
    await done;
    clearTimeout(timer);
    acks.delete(id);
    return { unacknowledged: [...want].sort() };
  }

  return {
    name,
    signals,
    leading: () => signals.leading(),
    async clockChanged() {
      const now = p.clock.now();
      // Where the service's ids stood before this change: past the last one minted here, and on the
      // previous time plus its offset (real time runs on; virtual time moves only by a change).
      const before = last.mode === 'real' ? p.clock.wall() : last.now;
      const idsAt = Math.max(p.ids.lastTime(), before + (last.ahead ?? 0));
      const state: ClockState = {
        id: randomUUID(),
        node: name,
        mode: p.clock.mode(),
        now,
        ahead: Math.max(0, idsAt - now),
      };
      applied = state.id;
      learn(state);
      await putSetting(p.db, 'clock', JSON.stringify(state));
      return acknowledged(state.id, 'clock', JSON.stringify(state));
    },
    broadcast(topic, payload) {
      const id = randomUUID();
      return acknowledged(id, 'broadcast', JSON.stringify({ id, node: name, topic, payload } satisfies Broadcast));
    },
    onBroadcast(topic, fn) {
      topics.set(topic, fn);
    },
    async health() {
      const leader = signals.leading()
        ? name
        : ((JSON.parse((await getSetting(p.db, 'cluster_leader')) ?? 'null') as { node: string } | null)?.node ?? null);
      return { node: name, leader, nodes: p.db.embedded ? [name] : await liveNodes(p.db, p.clock) };
    },
    async stop() {
      clearInterval(leadTimer);
      clearInterval(resyncTimer);
      clearInterval(heartbeat);
      await p.db.run('DELETE FROM aviary_settings WHERE key = ?', [nodeKey(name)]).catch(() => undefined);
      await signals.close();
    },
  };
}

/** Nodes announce themselves in the settings table (`node:<name>` → wall time of the last beat). */
const HEARTBEAT_MS = 5_000;
const NODE_TTL_MS = 3 * HEARTBEAT_MS;
const nodeKey = (name: string) => `node:${name}`;

async function register(db: Db, name: string, clock: Clock) {
  await putSetting(db, nodeKey(name), String(clock.wall()));
}

async function liveNodes(db: Db, clock: Clock): Promise<string[]> {
  const rows = await db.all<{ key: string; value: string }>(
    "SELECT key, value FROM aviary_settings WHERE key LIKE 'node:%'",
  );
  const now = clock.wall();
  return rows
    .filter((r) => now - Number(r.value) < NODE_TTL_MS)
    .map((r) => r.key.slice('node:'.length))
    .sort();
}
