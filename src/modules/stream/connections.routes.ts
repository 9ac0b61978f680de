// Streaming-connection management (notes §8.3), app-only bearer: GET /2/connections and the three
// DELETE forms.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { APP_ONLY } from '../../http/auth.js';
import { callerApp } from '../../http/caller.js';
import {
  arr,
  int,
  list,
  oneOf,
  readJson,
  readPath,
  readQuery,
  required,
  str,
  withDefault,
  type Query,
} from '../../http/input.js';
import {
  CONNECTION_FIELDS,
  ENDPOINTS,
  killConnections,
  listConnections,
  type HistoryQuery,
} from './connections.service.js';

const HISTORY = {
  status: withDefault(oneOf(['active', 'inactive', 'all']), 'active'),
  endpoints: list(ENDPOINTS),
  max_results: withDefault(int({ min: 1, max: 100 }), 10),
  pagination_token: str(),
  'connection.fields': list(CONNECTION_FIELDS),
};
const ENDPOINT_ID = oneOf(ENDPOINTS, {
  message: `The \`endpoint_id\` path parameter value [{v}] is not one of [${ENDPOINTS.join(',')}]`,
});
const UUIDS_BODY = { uuids: required(arr(str({ min: 1 }), { min: 1, max: 100 })) };

export function connectionsRoutes(app: FastifyInstance, deps: Deps) {
  app.get<{ Querystring: Query }>('/2/connections', { config: { auth: APP_ONLY } }, async (req) => {
    const q = readQuery(req.query, HISTORY);
    const history: HistoryQuery = {
      status: q.status,
      endpoints: q.endpoints ?? [],
      limit: q.max_results,
      token: q.pagination_token,
      fields: q['connection.fields'] ?? [],
    };
    return listConnections(deps, callerApp(req).id, history);
  });

  app.delete('/2/connections/all', { config: { auth: APP_ONLY } }, async (req) =>
    killConnections(deps, callerApp(req).id, {}),
  );

  app.delete<{ Params: { endpoint_id: string } }>(
    '/2/connections/:endpoint_id',
    { config: { auth: APP_ONLY } },
    async (req) => {
      const endpoint = readPath('endpoint_id', req.params.endpoint_id, ENDPOINT_ID);
      return killConnections(deps, callerApp(req).id, { endpoint });
    },
  );

  app.delete('/2/connections', { config: { auth: APP_ONLY } }, async (req) => {
    const body = readJson(req.body, UUIDS_BODY);
    return killConnections(deps, callerApp(req).id, { uuids: [...new Set(body.uuids)] });
  });
}
