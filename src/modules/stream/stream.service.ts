// Every stream endpoint: who may connect (the filtered stream: rules present; all: the tier's
// connection limit per endpoint and partition), the recovery window asked for, and the connection's
// start. The HTTP response itself is a Sink made by stream.writer.ts; nothing here knows about
// requests or replies.
import { randomUUID } from 'node:crypto';
import { bearerOf, resolveBearer, type AppRow } from '../../auth/index.js';
import type { Deps } from '../../deps.js';
import { problems, type Problem } from '../../shared/problems.js';
import type { Selection } from '../../shared/selection.js';
import { connectionsRepo, type ConnectionRow } from './connections.repo.js';
import { hasRules, limitsOf, rulesNoncompliance } from './rules.service.js';
import { join } from './stream.dispatch.js';
import { disconnect, hubOf, STALE_MS, type Conn, type Feed, type Sink } from './stream.hub.js';
import { selectionKey } from './stream.render.js';

export const ENDPOINT = 'filtered_stream';
/** Recovery reaches back at most 24 hours (DOCS fundamentals/recovery-and-redundancy). */
const RECOVERY_MS = 24 * 3_600_000;

/** The observed bodies carry no `status` member (notes §4.1); the HTTP status is still set. */
function withoutStatus(p: Problem): Problem {
  delete p.body.status;
  return p;
}

// OBS (notes §4.1): 429 with this exact body.
const tooManyConnections = () =>
  withoutStatus(
    problems.streamingConnection(
      'TooManyConnections',
      'This stream is currently at the maximum allowed connection limit.',
    ),
  );
// DOCS: "409 Conflict — Stream has no rules"; the body was not found: ASSUMED in the same family.
const noRules = () =>
  withoutStatus(
    problems.streamingConnection(
      'RuleConfigurationIssue',
      'This stream has no rules. Add rules to your stream before connecting.',
      409,
    ),
  );

/**
 * The filtered stream needs rules, and rules within the app's current limits. SPEC names the
 * `noncompliant-rules` problem ("the user's rule set is not compliant") without saying when or with
 * which status; ASSUMED: at connect, 409 like the other refusal for the rule set's state (no rules).
 */
async function checkRules(deps: Deps, app: AppRow): Promise<void> {
  if (!(await hasRules(deps, app.id))) throw noRules();
  const why = await rulesNoncompliance(deps, app);
  if (why) throw problems.noncompliantRules(why);
}

export type Window = { since: number | null; until: number | null };

/** `start_time` wins over `backfill_minutes`; both reach back at most 24 hours. */
export function streamWindow(
  deps: Deps,
  q: { backfillMinutes?: number; startTime?: number; endTime?: number },
): Window {
  const now = deps.clock.now();
  let since = q.startTime ?? (q.backfillMinutes ? now - q.backfillMinutes * 60_000 : null);
  if (since !== null) since = Math.max(since, now - RECOVERY_MS);
  const until = q.endTime ?? null;
  if (until !== null && since !== null && until < since) {
    throw problems.invalidParam(
      'end_time',
      String(q.endTime),
      'The `end_time` query parameter value must be after the `start_time` value',
    );
  }
  return { since, until };
}

/** Which stream a connection is for: the filtered stream (the default) or a feed, and its partition. */
export type Target = { feed: Feed | null; partition: number | null };
const FILTERED: Target = { feed: null, partition: null };

/**
 * Records a new connection of the app, or refuses it: 409 for the filtered stream without rules, 429
 * past the tier's limit (per endpoint and partition; the real service counts connections per
 * partition, DOCS decahose "2 partitions"). Connections this process already saw close do not
 * count, even if their row is not closed yet.
 */
export async function admitConnection(
  deps: Deps,
  app: AppRow,
  clientIp: string | null,
  target: Target = FILTERED,
): Promise<string> {
  const endpoint = target.feed?.endpoint ?? ENDPOINT;
  if (!target.feed) await checkRules(deps, app);
  const hub = hubOf(deps);
  const uuid = randomUUID();
  const wall = deps.clock.wall();
  hub.admitting.add(uuid);
  // Insert-then-count must not interleave with another admission: on PostgreSQL two concurrent
  // connects could each miss the other's uncommitted row and both get in.
  const admitted = await deps.db.exclusive(async () => {
    await connectionsRepo.insert(deps.db, {
      id: deps.ids.next(),
      uuid,
      app_id: app.id,
      endpoint_name: endpoint,
      stream_partition: target.partition,
      client_ip: clientIp,
      holder: hub.holder,
      connected_at: deps.clock.now(),
      disconnected_at: null,
      disconnect_reason: null,
      kill_requested: 0,
      seen_at: wall,
    });
    // Ours count while open here or being admitted; another process's while it still heartbeats.
    const counts = (r: ConnectionRow) =>
      r.holder === hub.holder ? hub.conns.has(r.uuid) || hub.admitting.has(r.uuid) : r.seen_at >= wall - STALE_MS;
    const open = (await connectionsRepo.open(deps.db, app.id, endpoint))
      .filter((r) => (r.stream_partition ?? null) === target.partition)
      .filter(counts);
    if (open.findIndex((r) => r.uuid === uuid) < limitsOf(deps.config, app.tier).connections) return true;
    await connectionsRepo.remove(deps.db, uuid);
    return false;
  });
  if (!admitted) {
    hub.admitting.delete(uuid);
    throw tooManyConnections();
  }
  return uuid;
}

/** Whether the bearer token of the header still names the app (cached lookups: no query per second). */
function credentialCheck(deps: Deps, appId: string, authorization?: string): Conn['authorized'] {
  const token = bearerOf(authorization);
  if (!token) return undefined;
  return async () => (await resolveBearer(deps, token))?.app.id === appId;
}

/** Streams to the sink until either side ends it; a failure ends it with an `InternalError` line. */
export async function runStream(
  deps: Deps,
  o: {
    uuid: string;
    appId: string;
    sel: Selection;
    window: Window;
    sink: Sink;
    target?: Target;
    /** The request's Authorization header: the stream ends once its bearer no longer authenticates the app. */
    authorization?: string;
  },
): Promise<void> {
  const conn: Conn = {
    uuid: o.uuid,
    appId: o.appId,
    feed: o.target?.feed ?? null,
    partition: o.target?.partition ?? null,
    sel: o.sel,
    selKey: selectionKey(o.sel),
    sink: o.sink,
    until: o.window.until,
    held: null,
    heldBytes: 0,
    ended: false,
    authorized: credentialCheck(deps, o.appId, o.authorization),
  };
  try {
    await join(deps, conn, o.window.since);
    // Fault rules (/_aviary/faults, target `stream`) may cut the connection with any disconnect_type.
    if (!conn.ended)
      o.sink.onClose(
        deps.runtime.faults.streamOpened({
          path: '/2/tweets/search/stream',
          appId: o.appId,
          disconnect: (type) => void disconnect(hubOf(deps), conn, type),
        }),
      );
  } catch {
    hubOf(deps).admitting.delete(o.uuid);
    await disconnect(hubOf(deps), conn, 'InternalError');
    await connectionsRepo.close(deps.db, o.uuid, deps.clock.now(), 'internal_error').catch(() => undefined);
  }
}
