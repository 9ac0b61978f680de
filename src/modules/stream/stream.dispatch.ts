// The stream's dispatcher: tails the posts module's outbox events (read-only, by id cursor; ADR 0008),
// matches each post once per app with the app's rule index, renders it once per field selection and
// offers the line to every connection of the apps it matched. Also serves backfill and recovery
// (`backfill_minutes`, `start_time`/`end_time`) from the same events.
//
// Commit order is not id order on PostgreSQL (ids are minted before concurrent transactions
// commit), so besides the cursor a sweep re-reads the ids of the last LOOKBACK_MS of wall time and
// delivers any it has not seen. On SQLite transactions are serialised and the sweep finds nothing.
import type { Deps } from '../../deps.js';
import { preparePost } from '../../engine/index.js';
import { compareIds, idAt } from '../../shared/ids.js';
import { toMatchPosts } from '../posts/index.js';
import { matchIn, ruleSets, type MatchedRule } from './rules.cache.js';
import { hubOf, finish, goLive, offer, register, serial, type Conn, type Hub, type Tail } from './stream.hub.js';
import { messageLine, renderOnce, type RenderCache } from './stream.render.js';
import { streamRepo, type PostEvent } from './stream.repo.js';

const BATCH = 200;
const BUSY_IDLE_MS = 5;
const QUIET_IDLE_MS = 50;
const LOOKBACK_MS = 2_000;
const SWEEP_MS = 500;

type Match = { row: PostEvent; postId: string; byApp: Map<string, MatchedRule[]> };
type Snapshot = { cursor: string; low: string; seen: Set<string> };

const postIdOf = (row: PostEvent) => String((JSON.parse(row.payload) as { post_id: string }).post_id);

/** Each post matched once per app, whatever the number of its rules and connections. */
async function matchRows(deps: Deps, rows: PostEvent[], appIds: string[]): Promise<Match[]> {
  if (!rows.length || !appIds.length) return [];
  const posts = await toMatchPosts(deps, rows.map(postIdOf));
  const sets = await ruleSets(deps, appIds);
  const out: Match[] = [];
  for (const row of rows) {
    const postId = postIdOf(row);
    const post = posts.get(postId);
    if (!post) continue;
    const prepared = preparePost(post, 'stream');
    const byApp = new Map<string, MatchedRule[]>();
    for (const appId of appIds) {
      const rules = matchIn(sets.get(appId)!, prepared);
      if (rules.length) byApp.set(appId, rules);
    }
    if (byApp.size) out.push({ row, postId, byApp });
  }
  return out;
}

/** A promise that may be left unawaited when an earlier one fails: its rejection is not unhandled. */
function quiet<T>(p: Promise<T>): Promise<T> {
  p.catch(() => undefined);
  return p;
}

const within = (conn: Conn, row: PostEvent) => conn.until === null || row.created_at <= conn.until;

/**
 * Offers each matched post to the connections of the apps it matched, in post order. Renders start
 * all at once (on PostgreSQL they overlap on the pool) and are awaited in order.
 */
async function deliverLive(hub: Hub, rows: PostEvent[]): Promise<void> {
  const matches = await matchRows(hub.deps, rows, [...hub.byApp.keys()]);
  const cache: RenderCache = new Map();
  const queue: { conn: Conn; line: Promise<string | null> }[] = [];
  for (const m of matches) {
    for (const [appId, rules] of m.byApp) {
      // Connections of one app with the same fields get the very same line.
      const lines = new Map<string, Promise<string | null>>();
      for (const conn of hub.byApp.get(appId) ?? []) {
        if (conn.ended || !within(conn, m.row)) continue;
        let line = lines.get(conn.selKey);
        if (!line) {
          line = quiet(renderOnce(hub.deps, cache, appId, m.postId, conn.sel, conn.selKey).then((body) => body && messageLine(body, rules)));
          lines.set(conn.selKey, line);
        }
        queue.push({ conn, line });
      }
    }
  }
  for (const { conn, line } of queue) {
    const text = await line;
    if (text) offer(hub, conn, text);
  }
}

async function initTail(deps: Deps): Promise<Tail> {
  const cursor = await streamRepo.latest(deps.db);
  const wall = deps.clock.wall();
  return { cursor, low: cursor, marks: [{ wall, id: cursor }], seen: new Set(), swept: wall };
}

/** Moves the cursor past the rows and the low-water mark to the cursor of LOOKBACK_MS ago. */
function advance(tail: Tail, rows: PostEvent[], wall: number): void {
  for (const r of rows) {
    tail.seen.add(r.id);
    if (compareIds(r.id, tail.cursor) > 0) tail.cursor = r.id;
  }
  if (tail.marks[tail.marks.length - 1]!.id !== tail.cursor) tail.marks.push({ wall, id: tail.cursor });
  while (tail.marks.length > 1 && tail.marks[1]!.wall <= wall - LOOKBACK_MS) tail.marks.shift();
  const oldest = tail.marks[0]!;
  if (oldest.wall > wall - LOOKBACK_MS || oldest.id === tail.low) return;
  tail.low = oldest.id;
  for (const id of tail.seen) if (compareIds(id, tail.low) <= 0) tail.seen.delete(id);
}

/** Events committed late with ids the cursor already passed. */
async function stragglers(deps: Deps, tail: Tail, wall: number): Promise<PostEvent[]> {
  if (wall - tail.swept < SWEEP_MS) return [];
  tail.swept = wall;
  const missed = (await streamRepo.idsBetween(deps.db, tail.low, tail.cursor)).filter((id) => !tail.seen.has(id));
  return streamRepo.byIds(deps.db, missed);
}

/** One round: returns whether a full batch was found (more may be waiting). */
async function step(hub: Hub): Promise<boolean> {
  if (!hub.conns.size) {
    hub.tail = null;
    return false;
  }
  const deps = hub.deps;
  const tail = (hub.tail ??= await initTail(deps));
  const rows = await streamRepo.after(deps.db, tail.cursor, BATCH);
  const wall = deps.clock.wall();
  const late = await stragglers(deps, tail, wall);
  if (rows.length || late.length) await deliverLive(hub, [...late, ...rows]);
  advance(tail, [...late, ...rows], wall);
  return rows.length === BATCH;
}

/** Backfill and recovery: the app's matches among events in [since, snapshot], written as the reader takes them. */
async function backfill(hub: Hub, conn: Conn, since: number, snap: Snapshot): Promise<void> {
  const deps = hub.deps;
  const half = deps.config.streamBufferBytes / 2;
  let after: string | null = null;
  while (!conn.ended) {
    const rows = await streamRepo.range(deps.db, { from: idAt(since), to: snap.cursor, after, limit: BATCH });
    if (!rows.length) return;
    after = rows[rows.length - 1]!.id;
    // Events the live tail had not processed at the snapshot reach the connection live instead.
    const due = rows.filter((r) => (compareIds(r.id, snap.low) <= 0 || snap.seen.has(r.id)) && r.created_at >= since && within(conn, r));
    const cache: RenderCache = new Map();
    const lines = (await matchRows(deps, due, [conn.appId])).map((m) =>
      quiet(renderOnce(deps, cache, conn.appId, m.postId, conn.sel, conn.selKey).then((body) => body && messageLine(body, m.byApp.get(conn.appId)!))));
    for (const line of lines) {
      const text = await line;
      if (!text || conn.ended) continue;
      if (conn.sink.write(text) > half) await conn.sink.drained();
    }
  }
}

/**
 * Starts a connection: registered between two dispatch rounds, so it receives every post the tail
 * processes after it; with `since`, first everything matched from `since` up to that point.
 */
export async function join(deps: Deps, conn: Conn, since: number | null): Promise<void> {
  const hub = hubOf(deps);
  const snap = await serial(hub, async () => {
    const tail = (hub.tail ??= await initTail(deps));
    conn.held = since === null ? null : [];
    register(hub, conn);
    return since === null ? null : { cursor: tail.cursor, low: tail.low, seen: new Set(tail.seen) };
  });
  if (snap) {
    await backfill(hub, conn, since!, snap);
    goLive(hub, conn);
  }
  if (conn.until !== null && conn.until <= deps.clock.now()) await finish(hub, conn);
}

export type Worker = { stop(): Promise<void> };

/** The dispatch loop (main.ts starts it): busy while connections are open, a slow idle otherwise. */
export function startStreamDispatcher(deps: Deps, onError: (err: unknown) => void): Worker {
  const hub = hubOf(deps);
  let running = true;
  let wake: (() => void) | null = null;
  const sleep = (ms: number) => new Promise<void>((resolve) => {
    const t = setTimeout(() => { wake = null; resolve(); }, ms);
    wake = () => { clearTimeout(t); wake = null; resolve(); };
  });
  const loop = (async () => {
    while (running) {
      let busy = false;
      try {
        busy = await serial(hub, () => step(hub));
      } catch (err) {
        onError(err);
        await sleep(200);
      }
      if (!busy && running) await sleep(hub.conns.size ? BUSY_IDLE_MS : QUIET_IDLE_MS);
    }
  })();
  return {
    async stop() {
      running = false;
      wake?.();
      await loop;
    },
  };
}
