// The compliance streams (app-only bearer, with the filtered stream's framing, backfill, limits and
// connection history) and the control API's compliance causes.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { arr, int, oneOf, readControl, required, str } from '../../http/input.js';
import { RECOVERY, streamEndpoint } from '../stream/index.js';
import { COMPLIANCE_FEEDS } from './compliance.feeds.js';
import { POST_ACTIONS, postCompliance, USER_ACTIONS, userCompliance } from './compliance.control.js';

/** SPEC order: backfill_minutes, partition, start_time, end_time. */
const PARTITIONED = {
  backfill_minutes: RECOVERY.backfill_minutes,
  partition: required(int({ min: 1, max: 4 })),
  start_time: RECOVERY.start_time,
  end_time: RECOVERY.end_time,
};

export function complianceStreamRoutes(app: FastifyInstance, deps: Deps) {
  streamEndpoint(app, deps, {
    path: '/2/tweets/compliance/stream',
    query: PARTITIONED,
    target: (q) => ({ feed: COMPLIANCE_FEEDS.tweets, partition: q.partition }),
  });
  streamEndpoint(app, deps, {
    path: '/2/users/compliance/stream',
    query: PARTITIONED,
    target: (q) => ({ feed: COMPLIANCE_FEEDS.users, partition: q.partition }),
  });
  streamEndpoint(app, deps, {
    path: '/2/likes/compliance/stream',
    query: RECOVERY,
    target: () => ({ feed: COMPLIANCE_FEEDS.likes, partition: null }),
  });
  streamEndpoint(app, deps, {
    path: '/2/tweets/label/stream',
    query: RECOVERY,
    target: () => ({ feed: COMPLIANCE_FEEDS.labels, partition: null }),
  });
}

const USER_BODY = {
  action: required(oneOf(USER_ACTIONS)),
  countries: arr(str()),
  up_to_tweet_id: str({ pattern: /^[0-9]{1,19}$/ }),
};
const POST_BODY = {
  action: required(oneOf(POST_ACTIONS)),
  countries: arr(str()),
  kind: oneOf(['notice', 'unviewable']),
  event_type: str({ max: 100 }),
  details: str({ max: 1000 }),
  label_title: str({ max: 200 }),
  extended_details_url: str({ max: 500 }),
};

/** Mounted in the control API's scope (admin token). */
export function complianceAdminRoutes(app: FastifyInstance, deps: Deps) {
  app.post<{ Params: { id: string } }>('/_aviary/users/:id/compliance', async (req) => ({
    data: await userCompliance(deps, req.params.id, readControl(req.body, USER_BODY)),
  }));
  app.post<{ Params: { id: string } }>('/_aviary/posts/:id/compliance', async (req) => ({
    data: await postCompliance(deps, req.params.id, readControl(req.body, POST_BODY)),
  }));
}
