// GET /2/tweets/search/stream (app-only bearer): refusals are ordinary problem responses; once
// admitted, the reply becomes a stream of `\r\n`-framed JSON lines (stream.writer.ts).
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { APP_ONLY } from '../../http/auth.js';
import { callerApp } from '../../http/caller.js';
import { int, readQuery, time, type Query } from '../../http/input.js';
import { selectionOf, TWEET_SELECTION } from '../../http/v2-query.js';
import { disconnectAll, hubOf } from './stream.hub.js';
import { admitConnection, runStream, streamWindow } from './stream.service.js';
import { streamingResponse } from './stream.writer.js';

const STREAM_QUERY = {
  backfill_minutes: int({ min: 0, max: 5 }),
  start_time: time(),
  end_time: time(),
  ...TWEET_SELECTION,
};

export function streamRoutes(app: FastifyInstance, deps: Deps) {
  app.get<{ Querystring: Query }>('/2/tweets/search/stream', { config: { auth: APP_ONLY } }, async (req, reply) => {
    const q = readQuery(req.query, STREAM_QUERY);
    const window = streamWindow(deps, {
      backfillMinutes: q.backfill_minutes,
      startTime: q.start_time,
      endTime: q.end_time,
    });
    const caller = callerApp(req);
    const uuid = await admitConnection(deps, caller, req.ip ?? null);
    deps.runtime.journal.streamOpened(req, reply);
    await runStream(deps, { uuid, appId: caller.id, sel: selectionOf(q), window, sink: streamingResponse(reply) });
  });

  // Closing the server would otherwise wait for every open stream.
  app.addHook('preClose', async () => disconnectAll(hubOf(deps), 'OperationalDisconnect'));
}
