// Records every answered request from one onSend hook, as the answer goes out: its status, the error
// answer's type or code, the time taken so far, and the body with --journal-bodies. One callback hook
// that never waits; with the journal off (--journal-size 0) it is not installed. (Recorded at onSend,
// not onResponse: an onResponse hook cost the bearer lookup more than the whole entry does; bench:http,
// bench/NOTES.md "limits-journal".) Streams record their own entries (journal.runtime.ts), and a
// connection a fault rule resets is recorded by the fault hook.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { errorOf, requestEntry } from './journal.entries.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once the request's entry is recorded: an error answer sent after a failed send is not a second one. */
    journalDone: boolean;
  }
}

export function installJournal(app: FastifyInstance, deps: Deps) {
  const journal = deps.runtime.journal;
  app.decorateRequest('journalError', null);
  app.decorateRequest('journalBody', null);
  app.decorateRequest('journalStream', false);
  app.decorateRequest('journalDone', false);
  if (!journal.on) return;
  const { bodies } = journal;
  const { clock } = deps;

  app.addHook('onSend', (req, reply, payload, done) => {
    if (typeof payload === 'string') {
      if (reply.statusCode >= 400) req.journalError = errorOf(payload);
      if (bodies) req.journalBody = payload;
    }
    if (!req.journalStream && !req.journalDone) {
      req.journalDone = true;
      journal.record(
        requestEntry(req, { status: reply.statusCode, latencyMs: reply.elapsedTime, now: clock.now(), bodies }),
      );
    }
    done(null, payload);
  });
}
