// Control API for Spaces beyond starting and ending them (admin/events.routes.ts): schedule one,
// start a scheduled one, set what a host sets, and sell tickets. Mounted in the control scope.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { bool, int, readControl, readPath, required, str, strs, time } from '../../http/input.js';
import { buyTicket, scheduleSpace, startSpaceNow, updateSpace } from './spaces.service.js';
import { spaceView } from './spaces.view.js';

type Id = { Params: { id: string } };
const ID = /^[0-9]{1,19}$/;
const USER_IDS = strs({ each: (s) => ID.test(s), what: 'user ids', max: 100 });
const DETAILS = {
  speaker_ids: USER_IDS,
  invited_user_ids: USER_IDS,
  topic_ids: strs({ max: 10 }),
  lang: str({ pattern: /^[a-z]{2}$/ }),
  is_ticketed: bool(),
  participant_count: int({ min: 0 }),
  subscriber_count: int({ min: 0 }),
};
const SCHEDULE = {
  host_id: required(str({ pattern: ID })),
  title: str({ max: 70 }),
  scheduled_start: required(time()),
  ...DETAILS,
};
const ALL_FIELDS = [
  'created_at',
  'creator_id',
  'ended_at',
  'host_ids',
  'invited_user_ids',
  'is_ticketed',
  'lang',
  'participant_count',
  'scheduled_start',
  'speaker_ids',
  'started_at',
  'subscriber_count',
  'title',
  'topic_ids',
  'updated_at',
];
const SPACE_ID = str({ pattern: /^[a-zA-Z0-9]{1,13}$/ });

export function spacesAdminRoutes(app: FastifyInstance, deps: Deps) {
  app.post('/_aviary/spaces/scheduled', async (req, reply) => {
    const s = await scheduleSpace(deps, readControl(req.body, SCHEDULE));
    return reply.code(201).send({ data: spaceView(s, ALL_FIELDS) });
  });
  app.post<Id>('/_aviary/spaces/:id/start', async (req) => ({
    data: spaceView(await startSpaceNow(deps, readPath('id', req.params.id, SPACE_ID)), ALL_FIELDS),
  }));
  app.patch<Id>('/_aviary/spaces/:id', async (req) => ({
    data: spaceView(
      await updateSpace(deps, readPath('id', req.params.id, SPACE_ID), readControl(req.body, DETAILS)),
      ALL_FIELDS,
    ),
  }));
  app.post<Id>('/_aviary/spaces/:id/buyers', async (req, reply) => {
    const b = readControl(req.body, { user_id: required(str({ pattern: ID })) });
    const bought = await buyTicket(deps, readPath('id', req.params.id, SPACE_ID), b.user_id);
    return reply.code(bought ? 201 : 200).send({ data: { bought: true } });
  });
}
