// The generator's control API (admin token): start a run, read its progress, stop it.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { arr, int, readControl, required, str } from '../../http/input.js';
import { firehoseStatus, startFirehose, stopFirehose } from './firehose.service.js';

const START = {
  rate: required(int({ min: 1, max: 100_000 })),
  duration: required(int({ min: 1, max: 86_400 })),
  user_ids: arr(str({ pattern: /^[0-9]{1,19}$/ }), { max: 1000 }),
};

export function firehoseAdminRoutes(app: FastifyInstance, deps: Deps) {
  app.post('/_aviary/firehose', async (req, reply) =>
    reply.code(202).send({ data: await startFirehose(deps, readControl(req.body, START)) }),
  );
  app.get('/_aviary/firehose', async () => ({ data: firehoseStatus(deps) }));
  app.delete('/_aviary/firehose', async () => ({ data: stopFirehose(deps) }));
}
