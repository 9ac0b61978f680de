// GET /_aviary/state (download the whole state) and PUT /_aviary/state (replace it), in the control
// API's scope (admin token). The file is the one `aviary export` writes and `aviary import` reads.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { isoMillis } from '../shared/clock.js';
import { problems } from '../shared/problems.js';
import { SnapshotError } from './snapshot.format.js';
import { replaceState, snapshotOf } from './snapshot.runtime.js';

/** A snapshot of a large store far exceeds the API's body limit for requests; this route takes up to this. */
const MAX_FILE = 1024 * 1024 * 1024;

export function snapshotRoutes(scope: FastifyInstance, deps: Deps): void {
  // A scope of its own: the body is the file's bytes, whatever the content type (curl --data-binary
  // sends form-urlencoded), and no other control route takes bytes.
  void scope.register(async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_FILE }, (_req, body, done) => done(null, body));

    app.get('/_aviary/state', async (_req, reply) => {
      const file = await snapshotOf(deps);
      const stamp = isoMillis(deps.clock.now())
        .replace(/[-:]/g, '')
        .replace(/\.\d+Z$/, 'Z');
      return reply
        .header('content-type', 'application/gzip')
        .header('content-disposition', `attachment; filename="aviary-state-${stamp}.jsonl.gz"`)
        .send(file);
    });

    app.put('/_aviary/state', { bodyLimit: MAX_FILE }, async (req) => {
      const file = req.body;
      if (!Buffer.isBuffer(file) || file.length === 0)
        throw problems.invalidRequest({
          message: 'The body must be a snapshot file (GET /_aviary/state).',
          parameters: { body: [] },
        });
      try {
        const loaded = await replaceState(deps, file);
        return { data: { ...loaded, clock: { mode: loaded.clock.mode, now: isoMillis(deps.clock.now()) } } };
      } catch (err) {
        if (err instanceof SnapshotError)
          throw problems.invalidRequest({
            message: `Not loaded, the state is unchanged: ${err.message}`,
            parameters: { body: [] },
          });
        throw err;
      }
    });
  });
}
