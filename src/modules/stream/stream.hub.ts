// This server's open stream connections (filtered, sample, firehose, likes, compliance), grouped by
// app, and what is done to them: lines offered (held while a connection's backfill runs), keep-alives,
// disconnects with the in-stream `operational-disconnect` error, and the housekeeping shared with
// other processes (heartbeats of the connection history, kills asked elsewhere). Memory per
// connection is bounded: a reader whose unsent bytes pass `streamBufferBytes` is dropped as a
// `SlowReader` (notes §4.1).
import { randomUUID } from 'node:crypto';
import type { Deps, RuntimeBase } from '../../deps.js';
import { partialError, problems } from '../../shared/problems.js';
import type { Selection } from '../../shared/selection.js';
import { connectionsRepo } from './connections.repo.js';
import type { PostEvent } from './stream.repo.js';

export type Sink = {
  /** Queues a whole line; returns the bytes now waiting to be sent. */
  write(chunk: string): number;
  waiting(): number;
  /** Resolves once the lines queued beyond the socket's share were handed on (or the connection closed). */
  drained(): Promise<void>;
  /** Ends once every queued line was sent. */
  end(): void;
  /** Drops the lines not yet given to the socket, sends `line` right after what it holds, and ends. */
  endWith(line: string): void;
  readonly closed: boolean;
  onClose(fn: () => void): void;
};

/** The events of one dispatch round (or backfill page), with a memo its feeds share. */
export type FeedBatch = { deps: Deps; rows: PostEvent[]; memo: Map<string, Promise<unknown>> };
export type FeedLine = { row: PostEvent; line: string };

/**
 * What a connection other than the filtered stream's receives: the sample, firehose, likes and
 * compliance streams. The filtered stream (feed null) matches the app's rules instead.
 */
export type Feed = {
  /** The connection history's `endpoint_name` (notes §8.3). */
  endpoint: string;
  /** This connection's lines from a batch, each `\r\n`-ended, in event order. */
  lines(batch: FeedBatch, conn: Conn): Promise<FeedLine[]>;
};

export type Conn = {
  uuid: string;
  appId: string;
  /** null: the filtered stream (rules decide); otherwise what decides and renders. */
  feed: Feed | null;
  /** The `partition` asked for, on the endpoints that take one. */
  partition: number | null;
  sel: Selection;
  selKey: string;
  sink: Sink;
  /** `end_time`: nothing created later is sent; the stream ends once the clock passes it. */
  until: number | null;
  /** Lines held while the connection's backfill runs; null once it is live. */
  held: string[] | null;
  heldBytes: number;
  ended: boolean;
  /** Whether the credentials the stream was opened with still authenticate its app (checked each second). */
  authorized?: () => Promise<boolean>;
};

export type Tail = {
  cursor: string;
  low: string;
  marks: { wall: number; id: string }[];
  seen: Set<string>;
  swept: number;
  /** The embedded store's count of other processes' commits at the last sweep (Db `othersCommitted`). */
  others?: number;
  /**
   * PostgreSQL: the lowest id of each commit signalled since the last round (store/signals.ts
   * `onOutbox`): those the cursor has passed unseen are read at the next round, not at the next sweep.
   */
  signalled: string[];
};

/** One server's connections and their timers (Runtime `streamHub`). */
export type Hub = {
  /** What the hub's own housekeeping needs: the store, the clock, the buffer and keep-alive settings. */
  base: RuntimeBase;
  holder: string;
  /** Events the dispatcher's last step found (stream.dispatch.ts: it lingers after big ones). */
  lastBatch: number;
  conns: Map<string, Conn>;
  /** Connections admitted (their row written) but not registered yet: they count towards the limit. */
  admitting: Set<string>;
  byApp: Map<string, Set<Conn>>;
  tail: Tail | null;
  /** Dispatch steps and joins run one at a time on this chain. */
  chain: Promise<unknown>;
  timers: NodeJS.Timeout[];
  ticks: number;
  /** Ends the connections still open (OperationalDisconnect) and the timers. */
  stop(): Promise<void>;
};

declare module '../../deps.js' {
  interface Runtime {
    streamHub: Hub;
  }
}

/** Seed 000 Errors, `operational-disconnect` (SPEC OperationalDisconnectProblem): every type a stream may end with. */
export type DisconnectType =
  | 'OperationalDisconnect'
  | 'UpstreamOperationalDisconnect'
  | 'ForceDisconnect'
  | 'UpstreamUncleanDisconnect'
  | 'SlowReader'
  | 'InternalError'
  | 'ClientApplicationStateDegraded'
  | 'InvalidRules';

const HOUSEKEEPING_MS = 1_000;
/** Heartbeats every 10 housekeeping ticks; a row unseen for 30 s belongs to a dead process. */
const HEARTBEAT_TICKS = 10;
export const STALE_MS = 30_000;
const HISTORY_MS = 7 * 24 * 3_600_000;

export function createStreamHub(base: RuntimeBase): Hub {
  const hub: Hub = {
    base,
    holder: `stream:${base.ids.worker}:${randomUUID()}`,
    conns: new Map(),
    admitting: new Set(),
    byApp: new Map(),
    tail: null,
    lastBatch: 0,
    chain: Promise.resolve(),
    timers: [],
    ticks: 0,
    async stop() {
      await disconnectAll(hub, 'OperationalDisconnect');
      stopTimers(hub);
    },
  };
  return hub;
}

export const hubOf = (deps: Deps): Hub => deps.runtime.streamHub;

/** Runs fn after every step or join queued before it. */
export function serial<T>(hub: Hub, fn: () => Promise<T>): Promise<T> {
  const run = hub.chain.then(fn, fn);
  hub.chain = run.catch(() => undefined);
  return run;
}

export function register(hub: Hub, conn: Conn): void {
  hub.admitting.delete(conn.uuid);
  hub.conns.set(conn.uuid, conn);
  let set = hub.byApp.get(conn.appId);
  if (!set) hub.byApp.set(conn.appId, (set = new Set()));
  set.add(conn);
  conn.sink.onClose(() => void unregister(hub, conn, 'client_disconnect'));
  startTimers(hub);
}

/** Forgets the connection and closes its history row; the first reason recorded wins. */
async function unregister(hub: Hub, conn: Conn, reason: string): Promise<void> {
  if (!hub.conns.delete(conn.uuid)) return;
  conn.ended = true;
  const set = hub.byApp.get(conn.appId);
  set?.delete(conn);
  if (set && !set.size) hub.byApp.delete(conn.appId);
  if (!hub.conns.size) stopTimers(hub);
  await connectionsRepo.close(hub.base.db, conn.uuid, hub.base.clock.now(), reason).catch(() => undefined);
}

const DETAILS: Record<DisconnectType, string> = {
  OperationalDisconnect: 'This stream has been disconnected for operational reasons.',
  // DOCS handling-disconnections (notes §4.1).
  UpstreamOperationalDisconnect: 'This stream has been disconnected upstream for operational reasons.',
  ForceDisconnect: 'This stream has been disconnected for operational reasons.',
  // ASSUMED in the style of the documented texts (the types are SPEC; their texts were not found).
  UpstreamUncleanDisconnect: 'This stream has been disconnected upstream without a clean shutdown.',
  // DOCS-OLD response-codes @ d1139bf6 (notes §4.1).
  SlowReader: 'This stream has been disconnected because your client was unable to keep up with us.',
  InternalError: 'This stream has been disconnected due to an internal error.',
  ClientApplicationStateDegraded: 'This stream has been disconnected because your client application is degraded.',
  InvalidRules: 'This stream has been disconnected because its rules are invalid.',
};
// `operator_disconnect` is the SPEC example; the others are ASSUMED in its style.
const REASONS: Record<DisconnectType, string> = {
  OperationalDisconnect: 'server_shutdown',
  UpstreamOperationalDisconnect: 'upstream_operational_disconnect',
  ForceDisconnect: 'operator_disconnect',
  UpstreamUncleanDisconnect: 'upstream_unclean_disconnect',
  SlowReader: 'slow_reader',
  InternalError: 'internal_error',
  ClientApplicationStateDegraded: 'client_application_state_degraded',
  InvalidRules: 'invalid_rules',
};

/** The in-stream error line of a disconnect (also what activity streams send; faults/ cut both). */
export function disconnectLine(type: DisconnectType): string {
  const error = partialError(problems.operationalDisconnect(type, DETAILS[type]));
  return JSON.stringify({ errors: [error] }) + '\r\n';
}

/**
 * Ends a connection with the in-stream error (TAV2 reads a line of `errors` without `data` as one).
 * The error goes ahead of the unsent backlog, which is dropped: behind it, a `SlowReader` would
 * never see why it was cut.
 */
export function disconnect(hub: Hub, conn: Conn, type: DisconnectType): Promise<void> {
  if (conn.ended) return Promise.resolve();
  conn.ended = true;
  conn.sink.endWith(disconnectLine(type));
  return unregister(hub, conn, REASONS[type]);
}

/**
 * Ends a connection whose client is gone on the service's side: the bearer token it was opened with
 * was invalidated (`POST /oauth2/invalidate_token`, keys regenerated). Its in-stream error is the
 * SPEC's `client-disconnected` ("Your client has gone away."); ASSUMED: the real service's behaviour
 * for a stream outliving its credentials is not documented, and DOCS handling-disconnections lists
 * authentication errors among a stream's disconnect reasons.
 */
export function dropClient(hub: Hub, conn: Conn): Promise<void> {
  if (conn.ended) return Promise.resolve();
  conn.ended = true;
  const error = partialError(
    problems.clientDisconnected('Your client has gone away: the credentials of this stream were invalidated.'),
  );
  conn.sink.endWith(JSON.stringify({ errors: [error] }) + '\r\n');
  return unregister(hub, conn, 'credentials_invalidated');
}

/** Ends a connection whose `end_time` has passed: no error, the stream is simply complete. */
export function finish(hub: Hub, conn: Conn): Promise<void> {
  if (conn.ended) return Promise.resolve();
  conn.ended = true;
  conn.sink.end();
  return unregister(hub, conn, 'end_time_reached');
}

/** Hands a line to a connection; a reader past the buffer limit is dropped instead. */
export function offer(hub: Hub, conn: Conn, line: string): void {
  if (conn.ended) return;
  const limit = hub.base.config.streamBufferBytes;
  if (conn.held) {
    conn.held.push(line);
    conn.heldBytes += line.length;
    if (conn.heldBytes > limit) void disconnect(hub, conn, 'SlowReader');
    return;
  }
  if (conn.sink.write(line) > limit) void disconnect(hub, conn, 'SlowReader');
}

/** Sends what was held during backfill, then lets lines through as they come. */
export function goLive(hub: Hub, conn: Conn): void {
  const held = conn.held ?? [];
  conn.held = null;
  conn.heldBytes = 0;
  for (const line of held) offer(hub, conn, line);
}

function keepAlive(hub: Hub): void {
  const now = hub.base.clock.now();
  for (const conn of [...hub.conns.values()]) {
    if (conn.until !== null && now > conn.until) void finish(hub, conn);
    else if (conn.held) conn.sink.write('\r\n');
    else offer(hub, conn, '\r\n');
  }
}

async function housekeeping(hub: Hub): Promise<void> {
  const { db, clock } = hub.base;
  for (const uuid of await connectionsRepo.killRequested(db, [...hub.conns.keys()])) {
    const conn = hub.conns.get(uuid);
    if (conn) await disconnect(hub, conn, 'ForceDisconnect');
  }
  for (const conn of [...hub.conns.values()]) {
    if (conn.authorized && !(await conn.authorized())) await dropClient(hub, conn);
  }
  if (++hub.ticks % HEARTBEAT_TICKS !== 0) return;
  await connectionsRepo.heartbeat(db, hub.holder, clock.wall());
  await connectionsRepo.closeStale(db, clock.wall() - STALE_MS, clock.now());
  await connectionsRepo.prune(db, clock.now() - HISTORY_MS);
}

// Transport timers on real time (not the service clock): keep-alives and housekeeping run only
// while this process holds a connection, and never keep the process alive.
function startTimers(hub: Hub): void {
  if (hub.timers.length) return;
  const every = (ms: number, fn: () => void) => {
    const t = setInterval(fn, ms);
    t.unref();
    hub.timers.push(t);
  };
  every(hub.base.config.streamKeepAliveMs, () => keepAlive(hub));
  every(HOUSEKEEPING_MS, () => void housekeeping(hub).catch(() => undefined));
}

function stopTimers(hub: Hub): void {
  for (const t of hub.timers.splice(0)) clearInterval(t);
}

/** Ends every connection of the app (or of every app) with the given disconnect type. */
export async function disconnectAll(hub: Hub, type: DisconnectType, appId?: string): Promise<void> {
  const conns = [...hub.conns.values()].filter((c) => appId === undefined || c.appId === appId);
  await Promise.all(conns.map((c) => disconnect(hub, c, type)));
}
