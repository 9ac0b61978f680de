// GET /2/tweets/search/stream and every other stream endpoint (app-only bearer): refusals are
// ordinary problem responses; once admitted, the reply becomes a stream of `\r\n`-framed JSON lines
// (stream.writer.ts). `streamEndpoint` is how the sample, firehose, likes (feeds.routes.ts) and
// compliance (modules/compliance) streams mount with the filtered stream's framing and rules.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { APP_ONLY } from '../../http/auth.js';
import { callerApp } from '../../http/caller.js';
import { int, readQuery, time, type Infer, type Query, type Shape } from '../../http/input.js';
import { selectionOf, TWEET_SELECTION, type SelectionQuery } from '../../http/v2-query.js';
import { disconnectAll, hubOf } from './stream.hub.js';
import { admitConnection, runStream, streamWindow, type Target } from './stream.service.js';
import { streamingResponse } from './stream.writer.js';

/** The recovery parameters every stream takes (SPEC; the sample stream takes only the first). */
export const BACKFILL = { backfill_minutes: int({ min: 0, max: 5 }) };
export const RECOVERY = { ...BACKFILL, start_time: time(), end_time: time() };

const STREAM_QUERY = { ...RECOVERY, ...TWEET_SELECTION };

type Recovery = { backfill_minutes?: number; start_time?: number; end_time?: number };

export type StreamEndpoint<S extends Shape> = {
  path: string;
  /** The query the endpoint takes, in the spec's order (its unknown-parameter message lists it). */
  query: S;
  /** Which feed and partition the read query asks for. */
  target(q: Infer<S>): Target;
};

/** Mounts one stream endpoint: read the query, admit the connection, then stream until either side ends. */
export function streamEndpoint<S extends Shape>(app: FastifyInstance, deps: Deps, e: StreamEndpoint<S>): void {
  app.get<{ Querystring: Query }>(e.path, { config: { auth: APP_ONLY } }, async (req, reply) => {
    const q = readQuery(req.query, e.query);
    const r = q as Recovery;
    const window = streamWindow(deps, {
      backfillMinutes: r.backfill_minutes,
      startTime: r.start_time,
      endTime: r.end_time,
    });
    const target = e.target(q);
    const caller = callerApp(req);
    const uuid = await admitConnection(deps, caller, req.ip ?? null, target);
    deps.runtime.journal.streamOpened(req, reply);
    const sel = selectionOf(q as SelectionQuery);
    const sink = streamingResponse(reply);
    await runStream(deps, {
      uuid,
      appId: caller.id,
      sel,
      window,
      sink,
      target,
      authorization: req.headers.authorization,
    });
  });
}

export function streamRoutes(app: FastifyInstance, deps: Deps) {
  streamEndpoint(app, deps, {
    path: '/2/tweets/search/stream',
    query: STREAM_QUERY,
    target: () => ({ feed: null, partition: null }),
  });

  // Closing the server would otherwise wait for every open stream.
  app.addHook('preClose', async () => disconnectAll(hubOf(deps), 'OperationalDisconnect'));
}
