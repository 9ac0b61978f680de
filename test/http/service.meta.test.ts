// What a new user or a tool asks of the service itself: the OpenAPI document it implements, a health
// check without the token, and the route-not-found answer for documented paths not built yet (instead
// of a parameter route's 400 about an id).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

forEachStore('service: openapi.json, health, unbuilt paths', (store) => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ store });
  });
  after(() => s.close());

  test('GET /2/openapi.json answers the document without authentication', async () => {
    const res = await s.call('GET', '/2/openapi.json');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
    assert.equal(res.body.openapi, '3.0.0');
    assert.equal(res.body.info.version, '2.166');
    assert.ok(res.body.paths['/2/tweets/{id}']);
  });

  test('GET /_aviary/health answers without a token', async () => {
    const res = await s.call('GET', '/_aviary/health');
    assert.equal(res.status, 200);
    assert.deepEqual(Object.keys(res.body).sort(), [
      'leader',
      'node',
      'nodes',
      'status',
      'store',
      'uptime_s',
      'version',
    ]);
    // One node alone leads (cluster/node.ts); it names itself.
    assert.equal(res.body.leader, res.body.node);
    assert.deepEqual(res.body.nodes, [res.body.node]);
    assert.equal(res.body.status, 'ok');
    assert.equal(res.body.version, pkg.version);
    assert.equal(res.body.store, store);
    assert.ok(Number.isInteger(res.body.uptime_s) && res.body.uptime_s >= 0);
    // The rest of the control API still needs the token.
    assert.equal((await s.call('GET', '/_aviary/apps')).status, 401);
  });
});
