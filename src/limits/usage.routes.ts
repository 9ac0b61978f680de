// GET /2/usage/tweets (SPEC op getUsage): Bearer (app-only) only; `days` 1..90, default 7; `usage.fields`.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { APP_ONLY } from '../http/auth.js';
import { callerApp } from '../http/caller.js';
import { FIELD_ENUMS } from '../http/field-enums.js';
import { int, list, readQuery, withDefault, type Query } from '../http/input.js';
import { usageReport } from './usage.service.js';
import { DEFAULT_USAGE_FIELDS, usageView } from './usage.view.js';

const QUERY = {
  days: withDefault(int({ min: 1, max: 90 }), 7),
  'usage.fields': list(FIELD_ENUMS.UsageFieldsParameter),
};

export function usageRoutes(app: FastifyInstance, deps: Deps) {
  app.get<{ Querystring: Query }>('/2/usage/tweets', { config: { auth: APP_ONLY } }, async (req) => {
    const q = readQuery(req.query, QUERY);
    // Like every v2 fields parameter, usage.fields adds to the fields always given.
    const fields = [...new Set([...DEFAULT_USAGE_FIELDS, ...(q['usage.fields'] ?? [])])];
    return { data: usageView(await usageReport(deps, callerApp(req), q.days), fields) };
  });
}
