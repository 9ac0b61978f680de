// The synthetic post generator: its control routes (app.ts, admin scope) and its runtime member (main.ts).
export { firehoseAdminRoutes } from './firehose.routes.js';
export { createFirehose } from './firehose.service.js';
