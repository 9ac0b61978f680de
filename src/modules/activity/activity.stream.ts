// The persistent activity stream (GET /2/activity/stream): each app's subscription events as JSON
// lines framed by `\r\n`, with blank `\r\n` keep-alives (notes §13: stream lines end in \r\n).
// Events of this process are pushed at once; those another node's fan-out wrote (nodes sharing one
// PostgreSQL) are read from the event log when that node signals `activity` with the apps it wrote
// for (ADR 0023), and by a slow poll as the safety net. The log also serves backfill. At most two
// connections per app across nodes (DOCS rate limits; activity.admission.ts).
import { randomUUID } from 'node:crypto';
import type { Deps } from '../../deps.js';
import { activityRepo, type EventRow } from './activity.repo.js';

export type StreamSink = { write(chunk: string): void; end(): void };
type Conn = { appId: string; sink: StreamSink; sent: Set<string>; until: number | null };
/** A poll under way, and whether a signal asked for another once it ends. */
type Polling = { running: Promise<void> | null; again: boolean };

/** One server's open activity streams and their timers (Runtime `activityStreams`). */
export type ActivityStreams = {
  conns: Set<Conn>;
  /** This server in the store's rows of open streams (activity.admission.ts). */
  holder: string;
  /** Streams admitted and not yet ended, by id: their app. */
  admitted: Map<string, string>;
  /** Heartbeats this server's rows while it has streams (nodes sharing PostgreSQL). */
  beat: NodeJS.Timeout | null;
  poll: NodeJS.Timeout | null;
  lastPoll: number;
  polling: Polling;
  keepAlive: NodeJS.Timeout | null;
  stop(): void;
};

declare module '../../deps.js' {
  interface Runtime {
    activityStreams: ActivityStreams;
  }
}

/** The safety net under the signals (a signal lost while the listening connection was down). */
const POLL_MS = 2_000;
/** Each read reaches this far before the last one: events committed late with an earlier time. */
const OVERLAP_MS = 500;
const CHANNEL = 'activity';
const KEEP_ALIVE_MS = 20_000;
const SENT_CAP = 20_000;

/** Stopping ends the streams still open and their timers. */
export function createActivityStreams(): ActivityStreams {
  const h: ActivityStreams = {
    conns: new Set(),
    holder: `activity:${randomUUID()}`,
    admitted: new Map(),
    beat: null,
    poll: null,
    lastPoll: 0,
    polling: { running: null, again: false },
    keepAlive: null,
    stop() {
      for (const c of [...h.conns]) c.sink.end();
      h.conns.clear();
      stopTimers(h);
      if (h.beat) clearInterval(h.beat);
      h.beat = null;
    },
  };
  return h;
}

function send(c: Conn, e: EventRow) {
  if (c.sent.has(e.id) || (c.until !== null && e.created_at > c.until)) return;
  c.sent.add(e.id);
  if (c.sent.size > SENT_CAP) c.sent.delete(c.sent.values().next().value!);
  c.sink.write(e.envelope + '\r\n');
}

/** Pushes freshly committed events to this server's open streams and tells the other nodes. */
export function publishEvents(deps: Deps, events: EventRow[]): void {
  const h = deps.runtime.activityStreams;
  for (const c of h.conns) for (const e of events) if (e.app_id === c.appId) send(c, e);
  if (deps.db.embedded) return;
  const apps = [...new Set(events.map((e) => e.app_id))].join(',');
  void deps.cluster.signals.notify(CHANNEL, `${deps.cluster.name}|${apps}`).catch(() => undefined);
}

/** Reads the event log at once when another node wrote events for an app with a stream open here. */
export function listenForEvents(deps: Deps): Promise<void> {
  return deps.cluster.signals.listen(CHANNEL, (payload) => {
    const [node, apps] = payload.split('|') as [string, string | undefined];
    const h = deps.runtime.activityStreams;
    if (node === deps.cluster.name || !h.conns.size) return;
    const wanted = new Set((apps ?? '').split(','));
    if ([...h.conns].some((c) => wanted.has(c.appId))) void pollSoon(deps, h);
  });
}

/** One poll at a time; a signal during one asks for one more after it. */
function pollSoon(deps: Deps, h: ActivityStreams): Promise<void> {
  const p = h.polling;
  if (p.running) {
    p.again = true;
    return p.running;
  }
  p.running = (async () => {
    do {
      p.again = false;
      await pollOnce(deps, h).catch(() => undefined);
    } while (p.again);
    p.running = null;
  })();
  return p.running;
}

async function pollOnce(deps: Deps, h: ActivityStreams) {
  const apps = [...new Set([...h.conns].map((c) => c.appId))];
  if (!apps.length) return;
  const since = h.lastPoll - OVERLAP_MS;
  h.lastPoll = deps.clock.now();
  const rows = await activityRepo.eventsSince(deps.db, apps, since, 5_000);
  for (const c of h.conns) for (const e of rows) if (e.app_id === c.appId) send(c, e);
}

function startTimers(deps: Deps, h: ActivityStreams) {
  if (h.poll) return;
  h.lastPoll = deps.clock.now();
  h.poll = setInterval(() => void pollSoon(deps, h), POLL_MS);
  h.keepAlive = setInterval(() => {
    for (const c of h.conns) c.sink.write('\r\n');
  }, KEEP_ALIVE_MS);
  h.poll.unref();
  h.keepAlive.unref();
}

function stopTimers(h: ActivityStreams) {
  if (h.poll) clearInterval(h.poll);
  if (h.keepAlive) clearInterval(h.keepAlive);
  h.poll = h.keepAlive = null;
}

/** Opens a stream for an app: backfill from `since`, then live events until `until` (if given). */
export async function openStream(
  deps: Deps,
  appId: string,
  sink: StreamSink,
  since: number | null,
  until: number | null,
): Promise<() => void> {
  const h = deps.runtime.activityStreams;
  const c: Conn = { appId, sink, sent: new Set(), until };
  // Without backfill, what the poll window still holds was sent before this connection: mark it seen.
  const recent = await activityRepo.eventsSince(
    deps.db,
    [appId],
    since ?? deps.clock.now() - OVERLAP_MS - 1_000,
    10_000,
  );
  if (since === null) for (const e of recent) c.sent.add(e.id);
  h.conns.add(c);
  startTimers(deps, h);
  if (since !== null) for (const e of recent) send(c, e);
  return () => {
    h.conns.delete(c);
    if (!h.conns.size) stopTimers(h);
  };
}

/** Ends every open stream (shutdown), so closing the server does not wait for them. */
export function closeStreams(deps: Deps): void {
  for (const c of [...deps.runtime.activityStreams.conns]) c.sink.end();
}
