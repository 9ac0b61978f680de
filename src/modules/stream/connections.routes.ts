// Streaming-connection management (notes §8.3), app-only bearer: GET /2/connections and the three
// DELETE forms.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { APP_ONLY } from '../../http/auth.js';
import { checkBody, type Schema } from '../../http/body-schema.js';
import { parseQuery, type ParamSpec, type Query } from '../../http/params.js';
import { problems } from '../../shared/problems.js';
import {
  CONNECTION_FIELDS,
  ENDPOINTS,
  killConnections,
  listConnections,
  type HistoryQuery,
} from './connections.service.js';

const HISTORY = {
  status: {
    kind: 'string',
    pattern: /^(active|inactive|all)$/,
    message: 'The `status` query parameter value [{v}] is not one of [active,inactive,all]',
  },
  endpoints: { kind: 'list', values: ENDPOINTS },
  max_results: { kind: 'int', min: 1, max: 100 },
  pagination_token: { kind: 'string' },
  'connection.fields': { kind: 'list', values: CONNECTION_FIELDS },
} satisfies Record<string, ParamSpec>;

const UUIDS_BODY = {
  t: 'object',
  required: ['uuids'],
  props: { uuids: { t: 'array', items: { t: 'string', min: 1 }, min: 1, max: 100 } },
} satisfies Schema;

export function connectionsRoutes(app: FastifyInstance, deps: Deps) {
  app.get<{ Querystring: Query }>('/2/connections', { config: { auth: APP_ONLY } }, async (req) => {
    const q = parseQuery(req.query, HISTORY);
    const history: HistoryQuery = {
      status: (q.status as HistoryQuery['status'] | undefined) ?? 'active',
      endpoints: (q.endpoints as string[] | undefined) ?? [],
      limit: (q.max_results as number | undefined) ?? 10,
      token: q.pagination_token as string | undefined,
      fields: (q['connection.fields'] as string[] | undefined) ?? [],
    };
    return listConnections(deps, req.caller!.app.id, history);
  });

  app.delete('/2/connections/all', { config: { auth: APP_ONLY } }, async (req) =>
    killConnections(deps, req.caller!.app.id, {}),
  );

  app.delete<{ Params: { endpoint_id: string } }>(
    '/2/connections/:endpoint_id',
    { config: { auth: APP_ONLY } },
    async (req) => {
      const endpoint = req.params.endpoint_id;
      if (!(ENDPOINTS as readonly string[]).includes(endpoint)) {
        throw problems.invalidParam(
          'endpoint_id',
          endpoint,
          `The \`endpoint_id\` path parameter value [${endpoint}] is not one of [${ENDPOINTS.join(',')}]`,
        );
      }
      return killConnections(deps, req.caller!.app.id, { endpoint });
    },
  );

  app.delete('/2/connections', { config: { auth: APP_ONLY } }, async (req) => {
    const body = checkBody<{ uuids: string[] }>(req.body, UUIDS_BODY);
    return killConnections(deps, req.caller!.app.id, { uuids: [...new Set(body.uuids)] });
  });
}
