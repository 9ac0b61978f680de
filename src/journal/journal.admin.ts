// Control API of the request journal (a public contract, README "Request journal"):
// GET /_aviary/requests lists entries newest first with filters and a cursor;
// GET /_aviary/requests/tail streams new entries as newline-delimited JSON until the client leaves.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { int, oneOf, readControlQuery, str, time, withDefault, type Query } from '../http/input.js';
import type { Filter } from './journal.ring.js';
import { entryView } from './journal.view.js';

const FILTER = {
  kind: oneOf(['request', 'stream', 'delivery', 'crc']),
  app_id: str(),
  user_id: str(),
  path: str({ pattern: /^\/|^https?:/, message: 'path must start with / (or be a webhook URL)' }),
  status: str({
    pattern: /^([1-5]\d\d|[1-5]xx|0)$/,
    message: 'status must be a status such as 503 or a class such as 5xx',
  }),
  since: time(),
  until: time(),
};
const LIST = {
  ...FILTER,
  max_results: withDefault(int({ min: 1, max: 1000, message: 'max_results must be an integer from 1 to 1000' }), 100),
  pagination_token: str({ pattern: /^[1-9]\d{0,15}$/, message: 'pagination_token must be a next_token of this list' }),
};
/** Tails send a bare newline this often, so that proxies and clients see the connection alive. */
const KEEP_ALIVE_MS = 15_000;

export function journalAdminRoutes(app: FastifyInstance, deps: Deps) {
  const journal = deps.runtime.journal;

  app.get<{ Querystring: Query }>('/_aviary/requests', async (req) => {
    const { max_results, pagination_token, ...filter } = readControlQuery(req.query, LIST);
    if (!journal.on) return { data: [], meta: { result_count: 0, journal: 'off' } };
    const before = pagination_token === undefined ? undefined : Number(pagination_token);
    const { entries, more } = await journal.page(filter as Filter, max_results, before);
    const meta: Record<string, unknown> = { result_count: entries.length };
    if (entries.length) {
      meta.newest_id = String(entries[0]!.seq);
      meta.oldest_id = String(entries.at(-1)!.seq);
    }
    if (more) meta.next_token = String(entries.at(-1)!.seq);
    return { data: entries.map(entryView), meta };
  });

  app.get<{ Querystring: Query }>('/_aviary/requests/tail', async (req, reply) => {
    const filter = readControlQuery(req.query, FILTER) as Filter;
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'application/x-ndjson',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    res.flushHeaders();
    const keepAlive = setInterval(() => res.write('\n'), KEEP_ALIVE_MS);
    keepAlive.unref();
    const untail = journal.tail(
      filter,
      (e) => res.write(JSON.stringify(entryView(e)) + '\n'),
      () => res.end(),
    );
    res.on('close', () => {
      clearInterval(keepAlive);
      untail();
    });
  });

  // Closing the server would otherwise wait for every open tail.
  app.addHook('preClose', async () => journal.stop(false));
}
