// Account Activity API v2 (SPEC; DOCS x-api/account-activity/quickstart.mdx; notes §7), including the
// deprecated replay path, which still works and points to its successor, POST /2/webhooks/replay.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { APP_ONLY, type AuthRule } from '../../http/auth.js';
import { callerApp, callerUserId } from '../../http/caller.js';
import { readQuery, required, str, type Query } from '../../http/input.js';
import { isoMillis } from '../../shared/clock.js';
import { problems } from '../../shared/problems.js';
import { createReplayJob, parseReplayDate } from '../webhooks/index.js';
import {
  countSubscriptions,
  isSubscribed,
  listSubscribers,
  subscribe,
  unsubscribe,
} from './account-activity.service.js';

const SUBSCRIBER: AuthRule = {
  schemes: ['oauth1-user', 'oauth2-user'],
  scopes: ['dm.read', 'dm.write', 'tweet.read', 'users.read'],
};
type Hook = { Params: { webhook_id: string } };
const LEGACY_REPLAY = { from_date: required(str()), to_date: required(str()) };

/** The old replay window (DOCS AAA quickstart): last 24 h, from_date ≤ now − 31 min, to_date ≤ now − 10 min. */
function legacyWindow(deps: Deps, fromRaw: string, toRaw: string) {
  const now = deps.clock.now();
  const from = parseReplayDate(fromRaw);
  const to = parseReplayDate(toRaw);
  const err = (p: string, v: string, m: string) => problems.invalidParam(p, v, `QueryParamInvalid: ${m}`);
  if (from === null || from < now - 24 * 3_600_000 || from > now - 31 * 60_000)
    throw err(
      'from_date',
      fromRaw,
      'from_date must be yyyymmddhhmm, within the last 24 hours and at least 31 minutes ago',
    );
  if (to === null || to > now - 10 * 60_000 || to <= from)
    throw err('to_date', toRaw, 'to_date must be yyyymmddhhmm, after from_date and at least 10 minutes ago');
  return { from, to };
}

export function accountActivityRoutes(app: FastifyInstance, deps: Deps) {
  const base = '/2/account_activity/webhooks/:webhook_id/subscriptions';
  app.post<Hook>(`${base}/all`, { config: { auth: SUBSCRIBER } }, async (req) => {
    await subscribe(deps, callerApp(req), req.params.webhook_id, callerUserId(req));
    return { data: { subscribed: true } };
  });
  app.get<Hook>(`${base}/all`, { config: { auth: SUBSCRIBER } }, async (req) => ({
    data: { subscribed: await isSubscribed(deps, callerApp(req), req.params.webhook_id, callerUserId(req)) },
  }));
  app.get<Hook>(`${base}/all/list`, { config: { auth: APP_ONLY } }, async (req) => {
    const app = callerApp(req);
    const { webhook, rows } = await listSubscribers(deps, app, req.params.webhook_id);
    return {
      data: {
        application_id: app.id,
        webhook_id: webhook.id,
        webhook_url: webhook.url,
        subscriptions: rows.map((r) => ({ user_id: r.user_id })),
      },
    };
  });
  app.delete<{ Params: { webhook_id: string; user_id: string } }>(
    `${base}/:user_id/all`,
    { config: { auth: APP_ONLY } },
    async (req) => {
      await unsubscribe(deps, callerApp(req), req.params.webhook_id, req.params.user_id);
      return { data: { subscribed: false } };
    },
  );
  app.get('/2/account_activity/subscriptions/count', { config: { auth: APP_ONLY } }, async (req) => {
    const app = callerApp(req);
    const { count, limit } = await countSubscriptions(deps, app);
    // Every Account Activity subscription carries the user's direct messages too.
    return {
      data: {
        account_name: app.name,
        provisioned_count: String(limit),
        subscriptions_count_all: String(count),
        subscriptions_count_direct_messages: String(count),
      },
    };
  });

  app.post<Hook & { Querystring: Query }>(
    '/2/account_activity/replay/webhooks/:webhook_id/subscriptions/all',
    { config: { auth: APP_ONLY } },
    async (req, reply) => {
      const q = readQuery(req.query, LEGACY_REPLAY);
      const window = legacyWindow(deps, q.from_date, q.to_date);
      const job = await createReplayJob(deps, callerApp(req), req.params.webhook_id, window);
      // Deprecated in favour of POST /2/webhooks/replay (seed, Versioning 3); the old body, with the successor named.
      reply.header('deprecation', 'true').header('link', '</2/webhooks/replay>; rel="successor-version"');
      return { for_user_id: '', replay_event: { job_id: job.id, created_at: isoMillis(job.created_at) } };
    },
  );
}
