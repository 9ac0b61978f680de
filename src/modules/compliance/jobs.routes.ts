// Batch compliance over HTTP: the three /2/compliance/jobs operations (app-only bearer, SPEC) and the
// job's upload and download URLs. The real URLs are signed Google Cloud Storage URLs outside /2
// (DOCS quickstart: `https://storage.googleapis.com/...`); Aviary serves them itself under a path of
// its own, with an unguessable token in the URL standing in for the signature, and no auth header
// (TAV2 `sendComplianceJob` sends none: `enableAuth: false`).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.js';
import { APP_ONLY } from '../../http/auth.js';
import { callerApp } from '../../http/caller.js';
import { FIELD_ENUMS as F } from '../../http/field-enums.js';
import { bool, id, list, oneOf, readJson, readPath, readQuery, required, str, type Query } from '../../http/input.js';
import { createJob, downloadResults, getJob, listJobs, uploadIds, type FileAnswer } from './jobs.service.js';
import { FILES_PATH, jobView } from './jobs.view.js';

const TYPES = ['tweets', 'users'] as const;
const STATUSES = ['created', 'in_progress', 'failed', 'complete'] as const;
const FIELDS = { 'compliance_job.fields': list(F.ComplianceJobFieldsParameter) };
const NEW_JOB = { type: required(oneOf(TYPES)), name: str({ max: 64 }), resumable: bool() };
const LIST = { type: required(oneOf(TYPES)), status: oneOf(STATUSES), ...FIELDS };

/** The scheme and host the client called, so the URLs work from wherever it stands. */
const baseOf = (req: FastifyRequest) => `${req.protocol}://${req.headers.host ?? req.hostname}`;

export function jobsRoutes(app: FastifyInstance, deps: Deps) {
  app.post('/2/compliance/jobs', { config: { auth: APP_ONLY } }, async (req) => {
    const b = readJson(req.body, NEW_JOB);
    return { data: jobView(await createJob(deps, callerApp(req).id, b), baseOf(req)) };
  });

  app.get<{ Querystring: Query }>('/2/compliance/jobs', { config: { auth: APP_ONLY } }, async (req) => {
    const q = readQuery(req.query, LIST);
    const jobs = await listJobs(deps, callerApp(req).id, q.type, q.status);
    const meta = { result_count: jobs.length };
    return jobs.length ? { data: jobs.map((j) => jobView(j, baseOf(req))), meta } : { meta };
  });

  app.get<{ Params: { id: string }; Querystring: Query }>(
    '/2/compliance/jobs/:id',
    { config: { auth: APP_ONLY } },
    async (req) => {
      const jobId = readPath('id', req.params.id, id());
      readQuery(req.query, FIELDS);
      return { data: jobView(await getJob(deps, callerApp(req).id, jobId), baseOf(req)) };
    },
  );

  // The files: any body type is taken as text (the quickstart uploads `text/plain`).
  void app.register(async (scope) => {
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    const send = (reply: { code(n: number): { type(t: string): { send(b: string): unknown } } }, a: FileAnswer) =>
      reply.code(a.status).type(a.type).send(a.body);
    scope.put<{ Params: { token: string } }>(`${FILES_PATH}/:token/upload`, async (req, reply) =>
      send(reply, await uploadIds(deps, req.params.token, typeof req.body === 'string' ? req.body : '')),
    );
    scope.get<{ Params: { token: string } }>(`${FILES_PATH}/:token/download`, async (req, reply) =>
      send(reply, await downloadResults(deps, req.params.token)),
    );
  });
}
