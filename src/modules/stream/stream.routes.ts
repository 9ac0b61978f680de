// GET /2/tweets/search/stream (app-only bearer): refusals are ordinary problem responses; once
// admitted, the reply becomes a stream of `\r\n`-framed JSON lines (stream.writer.ts).
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { APP_ONLY } from '../../http/auth.js';
import { selectionOf, TWEET_SELECTION } from '../../http/fields.js';
import { ISO_TIME, parseIsoTime } from '../../shared/iso-time.js';
import { parseQuery, type ParamSpec, type Query } from '../../http/params.js';
import { disconnectAll, hubOf } from './stream.hub.js';
import { admitConnection, runStream, streamWindow } from './stream.service.js';
import { streamingResponse } from './stream.writer.js';

const time = (name: string): ParamSpec => ({
  kind: 'string',
  pattern: ISO_TIME,
  message: `Invalid '${name}'. '${name}' must be a valid RFC 3339 date-time (YYYY-MM-DDTHH:mm:ssZ).`,
});
const STREAM_QUERY = {
  backfill_minutes: { kind: 'int', min: 0, max: 5 },
  start_time: time('start_time'),
  end_time: time('end_time'),
  ...TWEET_SELECTION,
} satisfies Record<string, ParamSpec>;

export function streamRoutes(app: FastifyInstance, deps: Deps) {
  app.get<{ Querystring: Query }>('/2/tweets/search/stream', { config: { auth: APP_ONLY } }, async (req, reply) => {
    const q = parseQuery(req.query, STREAM_QUERY);
    const at = (v: unknown) => (typeof v === 'string' ? (parseIsoTime(v) ?? undefined) : undefined);
    const window = streamWindow(deps, {
      backfillMinutes: q.backfill_minutes as number | undefined,
      startTime: at(q.start_time),
      endTime: at(q.end_time),
    });
    const caller = req.caller!.app;
    const uuid = await admitConnection(deps, caller, req.ip ?? null);
    await runStream(deps, { uuid, appId: caller.id, sel: selectionOf(q), window, sink: streamingResponse(reply) });
  });

  // Closing the server would otherwise wait for every open stream.
  app.addHook('preClose', async () => disconnectAll(hubOf(deps), 'OperationalDisconnect'));
}
