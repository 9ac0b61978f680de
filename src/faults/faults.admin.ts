// Control API of fault injection (a public contract, README "Fault injection"): create, list, read
// and delete rules under /_aviary/faults. Mounted in the control scope (admin token).
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { int, num, obj, oneOf, readControl, str, time, type Query } from '../http/input.js';
import { isoMillis } from '../shared/clock.js';
import { problems } from '../shared/problems.js';
import { ADS_CODES, ANSWER_SLUGS } from './faults.answers.js';
import {
  ACTIONS,
  DISCONNECT_TYPES,
  FAMILIES,
  TARGETS,
  isLive,
  type Action,
  type Answer,
  type NewRule,
  type Rule,
} from './faults.rules.js';

type IdParams = { Params: { id: string } };

const ALL_ACTIONS = ['error', 'latency', 'reset', 'disconnect', 'drop'] as const;
const NEW_RULE = {
  target: oneOf(TARGETS),
  action: oneOf(ALL_ACTIONS),
  method: str({ pattern: /^[A-Za-z]+$/, message: 'method must be an HTTP method' }),
  path: str({ pattern: /^\//, message: 'path must start with /' }),
  path_prefix: str({ pattern: /^\//, message: 'path_prefix must start with /' }),
  family: oneOf(FAMILIES),
  app_id: str(),
  user_id: str(),
  token: str(),
  webhook_id: str(),
  url: str(),
  status: int({ min: 100, max: 599, message: 'status must be an HTTP status from 100 to 599' }),
  problem: oneOf(ANSWER_SLUGS),
  message: str(),
  fields: obj({}, { open: true }),
  retry_after: int({ min: 0, message: 'retry_after must be a non-negative integer (seconds)' }),
  latency_ms: int({ min: 0, max: 600_000, message: 'latency_ms must be an integer from 0 to 600000' }),
  disconnect_type: oneOf(DISCONNECT_TYPES),
  probability: num({ min: 0, max: 1, message: 'probability must be a number from 0 to 1' }),
  count: int({ min: 1, message: 'count must be a positive integer' }),
  expires_at: time(),
  ttl_ms: int({ min: 1, message: 'ttl_ms must be a positive integer' }),
  seed: int({ min: 0, max: 0xffffffff, message: 'seed must be an integer from 0 to 4294967295' }),
};

const bad = (name: string, value: unknown, message: string) =>
  problems.invalidParam(name, String(value ?? ''), message);

/** `code`: a v1.1 number, an Ads CAPS code of the status's row (notes §3.2), or an OAuth 2.0 error word. */
function readCode(raw: unknown, status: number): string | number | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw === 'number' && Number.isInteger(raw) && raw > 0) return raw;
  if (typeof raw === 'string' && /^[A-Z_]+$/.test(raw)) {
    if (!ADS_CODES[status]?.includes(raw))
      throw bad('code', raw, `${raw} is not an Ads error code of status ${status} (ads-api-wire-notes.md §3.2)`);
    return raw;
  }
  if (typeof raw === 'string' && /^[a-z_]+$/.test(raw)) return raw;
  throw bad('code', JSON.stringify(raw), 'code must be a v1.1 code (integer), an Ads code or an OAuth 2.0 error');
}

export function readRule(deps: Deps, body: unknown): NewRule {
  const b = readControl(body, NEW_RULE, { open: true });
  const target = b.target ?? 'request';
  const action = (b.action ?? (target === 'stream' ? 'disconnect' : undefined)) as Action | undefined;
  if (!action) throw bad('action', '', 'action is required');
  if (!ACTIONS[target].includes(action))
    throw bad('action', action, `action must be one of ${ACTIONS[target].join(', ')} for target ${target}`);
  let answer: Answer | null = null;
  if (action === 'error') {
    if (b.status === undefined) throw bad('status', '', 'status is required for action error');
    if (b.status < 400) throw bad('status', b.status, 'status of an error must be 400 or more');
    const raw = (body as Record<string, unknown>).code;
    answer = {
      status: b.status,
      problem: b.problem,
      code: readCode(raw, b.status),
      message: b.message,
      fields: b.fields,
      retry_after: b.retry_after,
    };
  }
  if (action === 'latency' && !b.latency_ms) throw bad('latency_ms', '', 'latency_ms is required for action latency');
  const now = deps.clock.now();
  const expires = b.expires_at ?? (b.ttl_ms !== undefined ? now + b.ttl_ms : null);
  const match = {
    method: b.method?.toUpperCase(),
    path: b.path,
    path_prefix: b.path_prefix,
    family: b.family,
    app_id: b.app_id,
    user_id: b.user_id,
    token: b.token,
    webhook_id: b.webhook_id,
    url: b.url,
  };
  for (const k of Object.keys(match) as (keyof typeof match)[]) if (match[k] === undefined) delete match[k];
  return {
    id: deps.ids.next(),
    target,
    action,
    match,
    answer,
    latency_ms: b.latency_ms ?? 0,
    disconnect_type: action === 'disconnect' ? (b.disconnect_type ?? 'OperationalDisconnect') : null,
    probability: b.probability ?? 1,
    count: b.count ?? null,
    seed: b.seed ?? 0,
    created_at: now,
    expires_at: expires,
  };
}

export function ruleView(r: Rule, now: number) {
  return {
    id: r.id,
    target: r.target,
    action: r.action,
    ...r.match,
    ...(r.answer ?? {}),
    ...(r.action === 'latency' || r.latency_ms ? { latency_ms: r.latency_ms } : {}),
    ...(r.disconnect_type ? { disconnect_type: r.disconnect_type } : {}),
    probability: r.probability,
    count: r.count,
    seed: r.seed,
    created_at: isoMillis(r.created_at),
    expires_at: r.expires_at === null ? null : isoMillis(r.expires_at),
    matched: r.matched,
    fired: r.fired,
    active: isLive(r, now),
  };
}

function notFound(id: string) {
  return problems.resourceNotFound({
    parameter: 'id',
    value: id,
    resource_type: 'user',
    detail: `Could not find fault rule with id: [${id}].`,
  });
}

export function faultsAdminRoutes(app: FastifyInstance, deps: Deps) {
  const faults = deps.runtime.faults;
  const view = (r: Rule) => ruleView(r, deps.clock.now());

  app.post('/_aviary/faults', async (req, reply) => {
    const rule = await faults.add(readRule(deps, req.body));
    return reply.code(201).send({ data: view(rule) });
  });
  app.get<{ Querystring: Query }>('/_aviary/faults', async () => {
    const rules = await faults.list();
    return { data: rules.map(view), meta: { result_count: rules.length } };
  });
  app.get<IdParams>('/_aviary/faults/:id', async (req) => {
    const rule = (await faults.list()).find((r) => r.id === req.params.id);
    if (!rule) throw notFound(req.params.id);
    return { data: view(rule) };
  });
  app.delete<IdParams>('/_aviary/faults/:id', async (req) => {
    if (!(await faults.remove(req.params.id))) throw notFound(req.params.id);
    return { data: { deleted: true } };
  });
  app.delete('/_aviary/faults', async () => ({ data: { deleted: await faults.clear() } }));
}
