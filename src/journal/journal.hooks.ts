// Records every answered request: an onSend hook notes an error answer's type or code (and the body,
// with --journal-bodies), an onResponse hook writes the entry once the answer is sent. Both are
// callback hooks that never wait; with the journal off (--journal-size 0) neither is installed.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { errorOf, requestEntry } from './journal.entries.js';

export function installJournal(app: FastifyInstance, deps: Deps) {
  const journal = deps.runtime.journal;
  app.decorateRequest('journalError', null);
  app.decorateRequest('journalBody', null);
  app.decorateRequest('journalStream', false);
  if (!journal.on) return;
  const { bodies } = journal;
  const { clock } = deps;

  app.addHook('onSend', (req, reply, payload, done) => {
    if (typeof payload === 'string') {
      if (reply.statusCode >= 400) req.journalError = errorOf(payload);
      if (bodies) req.journalBody = payload;
    }
    done(null, payload);
  });
  app.addHook('onResponse', (req, reply, done) => {
    if (!req.journalStream)
      journal.record(
        requestEntry(req, { status: reply.statusCode, latencyMs: reply.elapsedTime, now: clock.now(), bodies }),
      );
    done();
  });
}
