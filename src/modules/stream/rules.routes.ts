// Filtered-stream rules: GET/POST /2/tweets/search/stream/rules, GET …/rules/counts, and
// GET /2/powerstream/rules (seed: "read configured rules"). App-only bearer, as SPEC says.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { APP_ONLY } from '../../http/auth.js';
import { checkBody, ID_STRING, type Schema } from '../../http/body-schema.js';
import { parseQuery, type ParamSpec, type Query } from '../../http/params.js';
import { problems } from '../../shared/problems.js';
import {
  addRules,
  deleteRules,
  limitsOf,
  listRules,
  ruleCounts,
  RULES_COUNT_FIELDS,
  type AddRule,
} from './rules.service.js';
import { ruleCursor, ruleToken } from './rules.view.js';

const boolSpec = (name: string): ParamSpec => ({
  kind: 'string',
  pattern: /^(true|false)$/,
  message: `The \`${name}\` query parameter value [{v}] is not one of [true,false]`,
});

const RULE: Schema = {
  t: 'object',
  required: ['value'],
  props: { value: { t: 'string', min: 1 }, tag: { t: 'string' } },
};
/**
 * The body for an app whose rule cap is `cap`. More rules than the cap in one request can never be
 * stored or found, so such an array is refused by its length, before its items are read.
 */
const rulesBody = (cap: number) =>
  ({
    t: 'object',
    props: {
      add: { t: 'array', items: RULE, min: 1, max: cap },
      delete: {
        t: 'object',
        props: {
          ids: { t: 'array', items: ID_STRING, max: cap },
          values: { t: 'array', items: { t: 'string' }, max: cap },
        },
      },
    },
  }) satisfies Schema;
type RulesBody = { add?: AddRule[]; delete?: { ids?: string[]; values?: string[] } };

const LOOKUP = {
  ids: { kind: 'ids', max: 1000 },
  max_results: { kind: 'int', min: 1, max: 1000 },
  pagination_token: {
    kind: 'string',
    pattern: /^.{16}$/,
    message: 'The `pagination_token` query parameter value [{v}] is not valid',
  },
} satisfies Record<string, ParamSpec>;

const bodyProblem = (message: string) => problems.invalidRequest({ message, parameters: { body: [] } });

export function rulesRoutes(app: FastifyInstance, deps: Deps) {
  app.get<{ Querystring: Query }>('/2/tweets/search/stream/rules', { config: { auth: APP_ONLY } }, async (req) => {
    const q = parseQuery(req.query, LOOKUP);
    const token = q.pagination_token as string | undefined;
    const after = token === undefined ? undefined : ruleCursor(token);
    if (after === null)
      throw problems.invalidParam(
        'pagination_token',
        token!,
        `The \`pagination_token\` query parameter value [${token}] is not valid`,
      );
    const page = await listRules(deps, req.caller!.app.id, {
      ids: q.ids as string[] | undefined,
      limit: (q.max_results as number | undefined) ?? 1000,
      after,
    });
    const { last, ...body } = page;
    if (last) body.meta.next_token = ruleToken(last);
    return body;
  });

  app.post<{ Querystring: Query }>(
    '/2/tweets/search/stream/rules',
    { config: { auth: APP_ONLY } },
    async (req, reply) => {
      const q = parseQuery(req.query, { dry_run: boolSpec('dry_run'), delete_all: boolSpec('delete_all') });
      const dryRun = q.dry_run === 'true';
      const caller = req.caller!.app;
      const body = checkBody<RulesBody>(req.body, rulesBody(limitsOf(deps.config, caller.tier).rules));
      // SPEC: `delete_all` "should be specified with no other parameters".
      if (q.delete_all === 'true') {
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
      const q = parseQuery(req.query, { 'rules_count.fields': { kind: 'list', values: RULES_COUNT_FIELDS } });
      return { data: await ruleCounts(deps, req.caller!.app, (q['rules_count.fields'] as string[] | undefined) ?? []) };
    },
  );

  app.get<{ Querystring: Query }>('/2/powerstream/rules', { config: { auth: APP_ONLY } }, async (req) => {
    parseQuery(req.query, {});
    const { last: _last, ...body } = await listRules(deps, req.caller!.app.id, { limit: 1_000_000 });
    return body;
  });
}
