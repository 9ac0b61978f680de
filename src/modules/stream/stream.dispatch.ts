// The streams' dispatcher: tails the outbox events the streams carry (read-only, by id cursor; ADR
// 0008). For the filtered stream it matches each post once per app with the app's rule index, renders
// it once per field selection and offers the line to every connection of the apps it matched; every
// other connection's feed (sample, firehose, likes, compliance) picks and renders its own lines from
// the same batch. Also serves backfill and recovery (`backfill_minutes`, `start_time`/`end_time`)
// from the same events.
//
// Commit order is not id order on PostgreSQL (ids are minted before concurrent transactions
// commit), so besides the cursor a sweep re-reads the ids of the last LOOKBACK_MS of wall time and
// delivers any it has not seen. On SQLite transactions are serialised and the sweep finds nothing
// unless another process shares the file: it runs only after another connection has committed.
import { createPump } from '../../delivery/index.js';
import type { Deps } from '../../deps.js';
import { onOutbox } from '../../store/signals.js';
import { preparePost } from '../../engine/index.js';
import { compareIds, idAt } from '../../shared/ids.js';
import { oneMoment } from '../../shared/row-cache.js';
import { toMatchPosts } from '../posts/index.js';
import { matchIn, ruleSets, type MatchedRule } from './rules.cache.js';
import {
  hubOf,
  finish,
  goLive,
  offer,
  register,
  serial,
  type Conn,
  type FeedBatch,
  type Hub,
  type Tail,
} from './stream.hub.js';
import { messageLine, renderBatch, type RenderCache } from './stream.render.js';
import { POST_TOPICS, STREAM_TOPICS, postIdOf, streamRepo, type PostEvent } from './stream.repo.js';
import { flatten } from '../../shared/arrays.js';

const BATCH = 200;
const LOOKBACK_MS = 2_000;
const SWEEP_MS = 500;
const SAFETY_POLL_MS = 2_000;
/**
 * While a step finds LINGER_FROM events or more, a wake waits LINGER_MS for more (as the fan-out
 * does: activity.dispatch.ts): under a write load each commit woke a step, and a step costs its
 * reads (the tail, tokens, rule versions, versions of posts and authors) however few posts it
 * carries — on PostgreSQL ~7 statements for ~8 posts. Issue #23, bench:writes streams + webhook on
 * PostgreSQL: 1,224 / 1,258 → 1,401 / 1,417 posts/s (5 ms: no gain; 20 ms: no more), stream p99
 * 20 → 29 ms; SQLite 447 → 425 µs a post. A trickle is delivered at once.
 */
const LINGER_MS = 10;
const LINGER_FROM = 4;

type Match = { row: PostEvent; postId: string; byApp: Map<string, MatchedRule[]> };
type Snapshot = { cursor: string; low: string; seen: Set<string> };

const isPostRow = (row: PostEvent) => (POST_TOPICS as readonly string[]).includes(row.topic);

/** Each post matched once per app, whatever the number of its rules and connections. */
async function matchRows(deps: Deps, all: PostEvent[], appIds: string[]): Promise<Match[]> {
  const rows = all.filter(isPostRow);
  if (!rows.length || !appIds.length) return [];
  const [posts, sets] = await Promise.all([
    toMatchPosts(deps, rows.map(postIdOf), { cached: true }),
    ruleSets(deps, appIds),
  ]);
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

const within = (conn: Conn, row: PostEvent) => conn.until === null || row.created_at <= conn.until;

/** Apps with filtered-stream connections open here. */
function ruleApps(hub: Hub): string[] {
  const apps = new Set<string>();
  for (const conn of hub.conns.values()) if (!conn.feed) apps.add(conn.appId);
  return [...apps];
}

/** Offers each event to the feed connections that take it, in event order. */
async function deliverFeeds(deps: Deps, hub: Hub, rows: PostEvent[]): Promise<void> {
  const batch: FeedBatch = { deps, rows, memo: new Map() };
  for (const conn of [...hub.conns.values()]) {
    if (!conn.feed || conn.ended) continue;
    for (const { row, line } of await conn.feed.lines(batch, conn)) if (within(conn, row)) offer(hub, conn, line);
  }
}

/**
 * Posts the filtered stream sends count towards the app's usage and monthly Post cap as posts read
 * through the REST endpoints do (DOCS x-api-v2/fundamentals/tweet-cap lists "Filtered stream" among the
 * endpoints whose Posts count); counted in memory (limits/usage.tally.ts), written behind.
 */
function countReads(deps: Deps, sent: Map<string, string[]>): void {
  for (const [appId, ids] of sent) deps.runtime.limits.reads.add(appId, ids);
}

/** Offers each matched post to the connections of the apps it matched, in post order. */
async function deliverLive(deps: Deps, hub: Hub, rows: PostEvent[]): Promise<void> {
  const matches = await matchRows(deps, rows, ruleApps(hub));
  if (!matches.length) return;
  const postIds = matches.map((m) => m.postId);
  const renders: RenderCache = new Map();
  const apps = new Set(flatten(matches, (m) => [...m.byApp.keys()]));
  for (const conn of hub.conns.values())
    if (!conn.feed && apps.has(conn.appId)) renderBatch(deps, renders, conn.appId, postIds, conn.sel, conn.selKey);
  const sent = new Map<string, string[]>();
  for (const m of matches) {
    for (const [appId, rules] of m.byApp) {
      // Connections of one app with the same fields get the very same line.
      const lines = new Map<string, string | null>();
      for (const conn of [...(hub.byApp.get(appId) ?? [])]) {
        if (conn.feed || conn.ended || !within(conn, m.row) || !renders.has(conn.selKey)) continue;
        if (!lines.has(conn.selKey)) {
          const body = (await renders.get(conn.selKey)!).get(m.postId);
          lines.set(conn.selKey, body ? messageLine(body, rules) : null);
        }
        const line = lines.get(conn.selKey);
        if (!line) continue;
        offer(hub, conn, line);
        const ids = sent.get(appId);
        if (ids) ids.push(m.postId);
        else sent.set(appId, [m.postId]);
      }
    }
  }
  countReads(deps, sent);
}

async function initTail(deps: Deps): Promise<Tail> {
  const cursor = await streamRepo.latest(deps.db);
  const wall = deps.clock.wall();
  return { cursor, low: cursor, marks: [{ wall, id: cursor }], seen: new Set(), swept: wall, signalled: [] };
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
  // The set holds ids in the order they were processed, nearly id order (a late commit comes a little
  // after higher ids): dropping from the front up to the first one above the mark leaves at most a
  // few at or below it, which no sweep asks about (it reads ids above the mark) and a later pass
  // drops. Walking the whole set each round was a pass over two seconds' worth of ids (12,000 at
  // the firehose's rate) a few hundred times a second.
  for (const id of tail.seen) {
    if (compareIds(id, tail.low) > 0) break;
    tail.seen.delete(id);
  }
}

/**
 * Events committed late with ids the cursor already passed: every SWEEP_MS, those of the last
 * LOOKBACK_MS; between sweeps, those from the lowest signalled id the cursor has passed unseen (Tail
 * `signalled`), at once. Below the low-water mark `seen` no longer says what was delivered: a late
 * commit there is left to the sweep's window, as any.
 */
async function stragglers(deps: Deps, tail: Tail, wall: number): Promise<PostEvent[]> {
  const signalled = tail.signalled;
  tail.signalled = [];
  if (wall - tail.swept < SWEEP_MS) {
    // Above the cursor, this round's read of what follows it finds them. Seen, a round read them: rows
    // of one statement commit together, so the rest were read with it or are above the cursor.
    let from: string | null = null;
    for (const id of signalled) {
      const late = compareIds(id, tail.low) > 0 && compareIds(id, tail.cursor) <= 0 && !tail.seen.has(id);
      if (late && (from === null || compareIds(id, from) < 0)) from = id;
    }
    return from === null ? [] : unseen(deps, tail, from, true);
  }
  tail.swept = wall;
  // On SQLite this process's commits come in id order (one connection, ids minted inside the
  // transactions), so only another process sharing the file commits late, and the store says whether
  // one has committed since the last sweep: the window's ids were 1 % of the event loop (issue #23).
  const others = await deps.db.othersCommitted?.();
  if (others !== undefined && others === tail.others) return [];
  tail.others = others;
  return unseen(deps, tail, tail.low, false);
}

/** The events from `from` (above it, or from it with `inclusive`) up to the cursor not delivered yet. */
async function unseen(deps: Deps, tail: Tail, from: string, inclusive: boolean): Promise<PostEvent[]> {
  const ids = (await streamRepo.idsBetween(deps.db, from, tail.cursor, inclusive)).filter((id) => !tail.seen.has(id));
  return streamRepo.byIds(deps.db, ids);
}

/** One round: returns whether a full batch was found (more may be waiting). */
async function step(deps: Deps, hub: Hub): Promise<boolean> {
  if (!hub.conns.size) {
    hub.tail = null;
    return false;
  }
  const tail = (hub.tail ??= await initTail(deps));
  const wall = deps.clock.wall();
  const [rows, late] = await Promise.all([streamRepo.after(deps.db, tail.cursor, BATCH), stragglers(deps, tail, wall)]);
  if (rows.length || late.length) {
    const batch = [...late, ...rows];
    // The batch's posts and users are read as of one moment: their generation tokens once.
    const once = { ...deps, db: oneMoment(deps.db) };
    await deliverLive(once, hub, batch);
    await deliverFeeds(once, hub, batch);
  }
  advance(tail, [...late, ...rows], wall);
  hub.lastBatch = rows.length;
  return rows.length === BATCH;
}

/** A filtered-stream connection's lines among some events: its app's matches, with their rules. */
async function matchedLines(deps: Deps, conn: Conn, rows: PostEvent[]): Promise<string[]> {
  const matches = await matchRows(deps, rows, [conn.appId]);
  const postIds = matches.map((m) => m.postId);
  const bodies = await renderBatch(deps, new Map(), conn.appId, postIds, conn.sel, conn.selKey);
  return matches.flatMap((m) => {
    const body = bodies.get(m.postId);
    return body ? [messageLine(body, m.byApp.get(conn.appId)!)] : [];
  });
}

/** Backfill and recovery: the connection's lines among events in [since, snapshot], written as read. */
async function backfill(deps: Deps, conn: Conn, since: number, snap: Snapshot): Promise<void> {
  const half = deps.config.streamBufferBytes / 2;
  let after: string | null = null;
  while (!conn.ended) {
    const rows = await streamRepo.range(deps.db, { from: idAt(since), to: snap.cursor, after, limit: BATCH });
    if (!rows.length) return;
    after = rows[rows.length - 1]!.id;
    // Events the live tail had not processed at the snapshot reach the connection live instead.
    const due = rows.filter(
      (r) => (compareIds(r.id, snap.low) <= 0 || snap.seen.has(r.id)) && r.created_at >= since && within(conn, r),
    );
    const lines = conn.feed
      ? (await conn.feed.lines({ deps, rows: due, memo: new Map() }, conn)).map((l) => l.line)
      : await matchedLines(deps, conn, due);
    for (const line of lines) {
      if (conn.ended) break;
      if (conn.sink.write(line) > half) await conn.sink.drained();
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
    await backfill(deps, conn, since!, snap);
    goLive(hub, conn);
  }
  if (conn.until !== null && conn.until <= deps.clock.now()) await finish(hub, conn);
}

export type Worker = { stop(): Promise<void> };

/**
 * The dispatch loop (main.ts starts it). Woken, not polling (ADR 0023): by this process's writers
 * (the source-event nudge of delivery/runtime.ts) and by every commit of stream topics on any node
 * sharing the PostgreSQL database (the outbox signal, migration 0033). After a wake it looks again
 * SWEEP_MS later, so a late commit is swept soon; then the looks slow down to SAFETY_POLL_MS, the
 * safety net for a signal lost while the listening connection was down. With no connection open a
 * round reads nothing.
 */
export async function startStreamDispatcher(deps: Deps, onError: (err: unknown) => void): Promise<Worker> {
  const hub = hubOf(deps);
  const pump = createPump({
    idleMs: SWEEP_MS,
    maxIdleMs: SAFETY_POLL_MS,
    lingerMs: () => (hub.lastBatch >= LINGER_FROM ? LINGER_MS : 0),
    onError,
    step: () => serial(hub, () => step(deps, hub)),
  });
  deps.runtime.delivery.wire({ dispatch: () => pump.nudge() });
  await onOutbox(
    deps.cluster.signals,
    STREAM_TOPICS,
    (lowest) => {
      // The next round (begun after this commit) reads from the statement's lowest id if its cursor has
      // passed it unseen: another node's late commit, or this node's behind another's (commit order is
      // not id order). Whether it has is known only then: a round under way now may yet move the cursor
      // past rows it did not see (stragglers decides).
      if (hub.tail && lowest !== null) hub.tail.signalled.push(lowest);
      pump.nudge();
    },
    { lowest: true },
  );
  pump.start();
  return { stop: () => pump.stop() };
}
