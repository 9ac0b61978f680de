// buildApp(deps): the whole HTTP surface on one Fastify instance. Never listens (main.ts does).
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { adminRoutes } from './admin/admin.routes.js';
import { healthRoutes } from './admin/health.js';
import type { Deps } from './deps.js';
import { installAuth } from './http/auth.js';
import { installBodyParsers } from './http/body.js';
import { installErrorHandling } from './http/errors.js';
import { installLimits, limitsAdminRoutes, usageRoutes } from './limits/index.js';
import { blocksRoutes } from './modules/blocks/index.js';
import { bookmarksAdminRoutes, bookmarksRoutes } from './modules/bookmarks/index.js';
import { hiddenRepliesRoutes } from './modules/hidden-replies/index.js';
import { dmsRoutes } from './modules/dms/index.js';
import { followsAdminRoutes, followsRoutes } from './modules/follows/index.js';
import * as hydrate from './modules/hydrate/index.js';
import { likesRoutes } from './modules/likes/index.js';
import { listsRoutes } from './modules/lists/index.js';
import { mediaRoutes } from './modules/media/index.js';
import { mutesRoutes } from './modules/mutes/index.js';
import { postsAdminRoutes, postsRoutes } from './modules/posts/index.js';
import { repostsRoutes } from './modules/reposts/index.js';
import { oauthRoutes } from './modules/oauth/index.js';
import { usersAdminRoutes, usersRoutes } from './modules/users/index.js';
import { webhooksRoutes } from './modules/webhooks/index.js';
import { searchRoutes } from './modules/search/index.js';
import { activityRoutes, detachDeletedWebhook } from './modules/activity/index.js';
import { accountActivityRoutes, removeDeletedWebhook } from './modules/account-activity/index.js';
import { filteredStreamRoutes } from './modules/stream/index.js';
import { openapiRoutes } from './modules/openapi/index.js';
import { adsAdminRoutes, adsRoutes } from './modules/ads/index.js';
import { complianceAdminRoutes, complianceRoutes } from './modules/compliance/index.js';
import { firehoseAdminRoutes } from './modules/firehose/index.js';
import { publicKeysRoutes } from './modules/public-keys/index.js';
import { chatRoutes } from './modules/chat/index.js';
import { accountRoutes } from './modules/account/index.js';
import { articlesRoutes } from './modules/articles/index.js';
import { communitiesAdminRoutes, communitiesRoutes } from './modules/communities/index.js';
import { newsRoutes } from './modules/news/index.js';
import { insightsRoutes } from './modules/insights/index.js';
import { notesRoutes } from './modules/notes/index.js';
import { spacesAdminRoutes, spacesRoutes } from './modules/spaces/index.js';
import { trendsRoutes } from './modules/trends/index.js';
import { faultsAdminRoutes, installFaults } from './faults/index.js';
import { installJournal, journalAdminRoutes } from './journal/index.js';
import { snapshotRoutes } from './snapshot/index.js';

/**
 * Fastify's schema compilers, never called: no route declares a Fastify schema (input is read with
 * http/input.ts).
 */
const noSchemaCompiler = () => () => {
  throw new Error('Aviary routes declare no Fastify schemas: read input with http/input.ts');
};

function requestIds(deps: Deps): () => string {
  const boot = deps.ids.next();
  let n = 0;
  return () => `${boot}${++n}`;
}

export type AppOptions = { adminToken: string; https?: { key: string; cert: string } | null };

export async function buildApp(deps: Deps, opts: AppOptions): Promise<FastifyInstance> {
  const { config } = deps;
  const server: FastifyServerOptions = {
    // Fastify gets no logger: with one, it builds (or, with a factory, validates) a child logger for
    // every request, near a microsecond each. Requests are not logged; Aviary's few lines (an
    // unhandled error with its request id, start and stop, a failed worker) go to deps.log.
    logger: false,
    // Passing our own compilers keeps Fastify from loading Ajv and fast-json-stringify at start.
    schemaController: { compilersFactory: { buildValidator: noSchemaCompiler, buildSerializer: noSchemaCompiler } },
    bodyLimit: config.bodyLimit,
    // Request ids only name a request in the log and in a 500's problem: this process's first id
    // followed by a sequence number (digits, unique across processes) costs less than a snowflake each.
    genReqId: requestIds(deps),
    requestIdHeader: false,
    forceCloseConnections: 'idle',
    // Comma lists and dotted parameter names arrive percent-encoded; keep one value per key.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  };
  const app = (opts.https
    ? Fastify({ ...server, https: opts.https } as FastifyServerOptions)
    : Fastify(server)) as unknown as FastifyInstance;

  installBodyParsers(app);
  const journal = installJournal(app, deps);
  installErrorHandling(app, config.bodyLimit, deps.log, journal.unrouted);
  installAuth(app, deps);
  installLimits(app, deps); // after installAuth: a limit counts the caller it resolved
  installFaults(app, deps);

  openapiRoutes(app);
  oauthRoutes(app, deps);
  // Users, posts and follows render with hydrate, which reads them: it is handed in, not imported.
  usersRoutes(app, deps, hydrate);
  postsRoutes(app, deps, hydrate);
  followsRoutes(app, deps, hydrate);
  blocksRoutes(app, deps);
  mutesRoutes(app, deps);
  likesRoutes(app, deps);
  bookmarksRoutes(app, deps);
  hiddenRepliesRoutes(app, deps);
  repostsRoutes(app, deps);
  listsRoutes(app, deps);
  dmsRoutes(app, deps);
  mediaRoutes(app, deps);
  publicKeysRoutes(app, deps);
  chatRoutes(app, deps);
  // Deleting a webhook also changes what these modules keep of it, in the same transaction (the
  // stream link is the webhooks module's own). Composed here: imported modules register nothing.
  webhooksRoutes(app, deps, [detachDeletedWebhook, removeDeletedWebhook]);
  searchRoutes(app, deps);
  activityRoutes(app, deps);
  accountActivityRoutes(app, deps);
  filteredStreamRoutes(app, deps);
  complianceRoutes(app, deps);
  adsRoutes(app, deps);
  accountRoutes(app, deps);
  usageRoutes(app, deps);
  communitiesRoutes(app, deps);
  notesRoutes(app, deps);
  articlesRoutes(app, deps);
  newsRoutes(app, deps);
  insightsRoutes(app, deps);
  trendsRoutes(app, deps);
  spacesRoutes(app, deps);
  healthRoutes(app, deps); // outside the control scope: no token
  await app.register(async (scope) => {
    adminRoutes(scope, deps, opts.adminToken);
    postsAdminRoutes(scope, deps, hydrate);
    followsAdminRoutes(scope, deps);
    bookmarksAdminRoutes(scope, deps);
    adsAdminRoutes(scope, deps);
    complianceAdminRoutes(scope, deps);
    firehoseAdminRoutes(scope, deps);
    limitsAdminRoutes(scope, deps);
    communitiesAdminRoutes(scope, deps);
    usersAdminRoutes(scope, deps);
    spacesAdminRoutes(scope, deps);
    faultsAdminRoutes(scope, deps);
    journalAdminRoutes(scope, deps);
    snapshotRoutes(scope, deps);
  });
  return app;
}
