// Records every answered request from one onSend hook, as the answer goes out: its status, the error
// answer's type or code, the time taken so far, and the body with --journal-bodies. The hook is added
// to each route as it is added, holding the route's template, and to the not-found handler (for
// answers no route matched): `req.routeOptions` builds a fresh object of a dozen fields on every read,
// which cost more than the whole entry (bench/NOTES.md "limits-journal, second pass"). One callback
// hook that never waits; with the journal off (--journal-size 0) none is added. (Recorded at onSend,
// not onResponse: an onResponse hook cost the bearer lookup more than the whole entry does.) Streams
// record their own entries (journal.runtime.ts), and a connection a fault rule resets is recorded by
// the fault hook.
import type { FastifyInstance, onSendHookHandler } from 'fastify';
import type { Deps } from '../deps.js';
import { errorOf, requestEntry } from './journal.entries.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once the request's entry is recorded: an error answer sent after a failed send is not a second one. */
    journalDone: boolean;
  }
}

/** Where the journal hooks in: the not-found handler's hooks (http/errors.ts sets that handler). */
export type JournalHooks = { unrouted: { onSend?: onSendHookHandler[] } };

export function installJournal(app: FastifyInstance, deps: Deps): JournalHooks {
  const journal = deps.runtime.journal;
  app.decorateRequest('journalError', null);
  app.decorateRequest('journalBody', null);
  app.decorateRequest('journalStream', false);
  app.decorateRequest('journalDone', false);
  if (!journal.on) return { unrouted: {} };
  const { bodies } = journal;
  const { clock } = deps;

  const recorder =
    (route: string | null): onSendHookHandler =>
    (req, reply, payload, done) => {
      if (typeof payload === 'string') {
        if (reply.statusCode >= 400) req.journalError = errorOf(payload);
        if (bodies) req.journalBody = payload;
      }
      if (!req.journalStream && !req.journalDone) {
        req.journalDone = true;
        journal.record(
          requestEntry(req, route, {
            status: reply.statusCode,
            latencyMs: reply.elapsedTime,
            now: clock.now(),
            bodies,
          }),
        );
      }
      done(null, payload);
    };

  // Routes are added after this runs. First among the route's own onSend hooks, as a global hook would be.
  app.addHook('onRoute', (route) => {
    const own = route.onSend ? [route.onSend].flat() : [];
    route.onSend = [recorder(route.url), ...own] as typeof route.onSend;
  });
  return { unrouted: { onSend: [recorder(null)] } };
}
