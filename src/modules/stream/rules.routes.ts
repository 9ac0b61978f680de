// Filtered-stream rules: GET/POST /2/tweets/search/stream/rules, GET …/rules/counts, and
// GET /2/powerstream/rules (seed: "read configured rules"). App-only bearer, as SPEC says.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { APP_ONLY } from '../../http/auth.js';
import { callerApp } from '../../http/caller.js';
import {
  arr,
  bool,
  id,
  ids,
  int,
  list,
  obj,
  readJson,
  readQuery,
  required,
  str,
  type Query,
} from '../../http/input.js';
import { problems } from '../../shared/problems.js';
import { addRules, deleteRules, limitsOf, listRules, ruleCounts, RULES_COUNT_FIELDS } from './rules.service.js';
import { ruleCursor, ruleToken } from './rules.view.js';

const RULE = obj({ value: required(str({ min: 1 })), tag: str() });
/**
 * The body for an app whose rule cap is `cap`. More rules than the cap in one request can never be
 * stored or found, so such an array is refused by its length, before its items are read.
 */
const rulesBody = (cap: number) => ({
  add: arr(RULE, { min: 1, max: cap }),
  delete: obj({ ids: arr(id(), { max: cap }), values: arr(str(), { max: cap }) }),
});

const LOOKUP = {
  ids: ids({ max: 1000 }),
  max_results: int({ min: 1, max: 1000 }),
  pagination_token: str({
    pattern: /^.{16}$/,
    message: 'The `pagination_token` query parameter value [{v}] is not valid',
  }),
};
const WRITE_QUERY = { dry_run: bool(), delete_all: bool() };
const COUNTS_QUERY = { 'rules_count.fields': list(RULES_COUNT_FIELDS) };

/** The rule a page starts after; a token that names none is a 400 naming it. */
function afterOf(token: string | undefined): string | undefined {
  if (token === undefined) return undefined;
  const after = ruleCursor(token);
  if (after === null)
    throw problems.invalidParam(
      'pagination_token',
      token,
      `The \`pagination_token\` query parameter value [${token}] is not valid`,
    );
  return after;
}

const bodyProblem = (message: string) => problems.invalidRequest({ message, parameters: { body: [] } });

export function rulesRoutes(app: FastifyInstance, deps: Deps) {
  app.get<{ Querystring: Query }>('/2/tweets/search/stream/rules', { config: { auth: APP_ONLY } }, async (req) => {
    const q = readQuery(req.query, LOOKUP);
    const after = afterOf(q.pagination_token);
    const page = await listRules(deps, callerApp(req).id, { ids: q.ids, limit: q.max_results ?? 1000, after });
    const { last, ...body } = page;
    if (last) body.meta.next_token = ruleToken(last);
    return body;
  });

  app.post<{ Querystring: Query }>(
    '/2/tweets/search/stream/rules',
    { config: { auth: APP_ONLY } },
    async (req, reply) => {
      const q = readQuery(req.query, WRITE_QUERY);
      const dryRun = q.dry_run ?? false;
      const caller = callerApp(req);
      const body = readJson(req.body, rulesBody(limitsOf(deps.config, caller.tier).rules));
      // SPEC: `delete_all` "should be specified with no other parameters".
      if (q.delete_all) {
        if (body.add || body.delete)
          throw bodyProblem('`delete_all` must be specified with no add or delete in the body');
        return deleteRules(deps, caller, 'all', dryRun).then((r) => r.body);
      }
      if (Boolean(body.add) === Boolean(body.delete))
        throw bodyProblem('The body must contain either `add` or `delete`');
      if (body.delete && !body.delete.ids?.length && !body.delete.values?.length)
        throw bodyProblem('`delete` must contain `ids` or `values`');
      const result = body.add
        ? await addRules(deps, caller, body.add, dryRun)
        : await deleteRules(deps, caller, body.delete!, dryRun);
      // OBS (notes §4.2): a successful add answers 201; a rejected one 200 with `errors`.
      return reply.code(result.created ? 201 : 200).send(result.body);
    },
  );

  app.get<{ Querystring: Query }>(
    '/2/tweets/search/stream/rules/counts',
    { config: { auth: APP_ONLY } },
    async (req) => {
      const q = readQuery(req.query, COUNTS_QUERY);
      return { data: await ruleCounts(deps, callerApp(req), q['rules_count.fields'] ?? []) };
    },
  );

  app.get<{ Querystring: Query }>('/2/powerstream/rules', { config: { auth: APP_ONLY } }, async (req) => {
    readQuery(req.query, {});
    const { last: _last, ...body } = await listRules(deps, callerApp(req).id, { limit: 1_000_000 });
    return body;
  });
}
