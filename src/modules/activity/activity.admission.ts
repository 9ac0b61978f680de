// Who may open an activity stream: at most MAX_CONNECTIONS per app (DOCS rate limits), counted across
// every node of the service (issue #22 part 4), on both stores as the filtered stream counts its own
// (stream.service.ts admitConnection): rows of `activity_connections` under the store's lock, this
// node's while open here, another node's while it heartbeats them (every HEARTBEAT_MS; unseen for the
// streams' STALE_MS, its node is gone and they no longer count). A refusal is the filtered stream's
// 429 TooManyConnections.
import { randomUUID } from 'node:crypto';
import type { Deps } from '../../deps.js';
import { problems } from '../../shared/problems.js';
import { STALE_MS } from '../stream/index.js';
import { activityConnectionsRepo as repo } from './activity.repo.js';

export const MAX_CONNECTIONS = 2;
const HEARTBEAT_MS = 10_000;

const tooMany = () =>
  problems.streamingConnection(
    'TooManyConnections',
    'This stream is currently at the maximum allowed connection limit.',
  );

/** Admits one more stream of the app, or throws 429; returns what `release` takes when it ends. */
export async function admitStream(deps: Deps, appId: string): Promise<string> {
  const h = deps.runtime.activityStreams;
  const uuid = randomUUID();
  const { db, clock } = deps;
  const admitted = await db.exclusive(async () => {
    const wall = clock.wall();
    const open = (await repo.ofApp(db, appId)).filter((r) =>
      r.holder === h.holder ? h.admitted.has(r.uuid) : r.seen_at >= wall - STALE_MS,
    );
    if (open.length >= MAX_CONNECTIONS) return false;
    await repo.insert(db, { uuid, app_id: appId, holder: h.holder, seen_at: wall });
    h.admitted.set(uuid, appId);
    return true;
  });
  if (!admitted) throw tooMany();
  h.beat ??= setInterval(() => {
    const wall = clock.wall();
    void repo.heartbeat(db, h.holder, wall, wall - STALE_MS).catch(() => undefined);
  }, HEARTBEAT_MS).unref();
  return uuid;
}

/** The stream ended: it no longer counts, here or (its row gone) on any node. */
export function releaseStream(deps: Deps, uuid: string): void {
  const h = deps.runtime.activityStreams;
  if (!h.admitted.delete(uuid)) return;
  if (!h.admitted.size && h.beat) {
    clearInterval(h.beat);
    h.beat = null;
  }
  void repo.remove(deps.db, uuid).catch(() => undefined);
}

/** The server is closing: every stream of this node stops counting before the store closes. */
export async function releaseAll(deps: Deps): Promise<void> {
  const h = deps.runtime.activityStreams;
  h.admitted.clear();
  if (h.beat) clearInterval(h.beat);
  h.beat = null;
  await repo.removeHolder(deps.db, h.holder).catch(() => undefined);
}
