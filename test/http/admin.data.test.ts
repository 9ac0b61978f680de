import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { forEachStore, startServer, uniqueName, type TestServer } from '../support/server.js';

forEachStore('control API: reset and seed', (store) => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ store });
  });
  after(async () => {
    await s.close();
  });

  test('reset empties everything; seeding demo brings back the same demo credentials', async () => {
    await s.admin('POST', '/_aviary/users', { username: uniqueName('gone'), name: 'Soon gone' });
    const reset = await s.admin('POST', '/_aviary/reset');
    assert.equal(reset.status, 200);
    assert.ok(reset.body.data.emptied.includes('users'));
    assert.equal((await s.admin('GET', '/_aviary/users?username=jack')).status, 404);
    assert.equal(
      (await s.call('GET', '/2/users/12', { auth: `Bearer ${s.bearer}` })).status,
      401,
      'the demo app is gone too',
    );

    const seed = await s.admin('POST', '/_aviary/seed', { dataset: 'demo' });
    assert.equal(seed.status, 200);
    assert.equal(seed.body.data.credentials.app.bearer_token, s.bearer);
    assert.equal(seed.body.data.credentials.app.consumer_key, s.credentials!.app.consumer_key);
    assert.equal((await s.call('GET', '/2/users/12', { auth: `Bearer ${s.bearer}` })).status, 200);
    assert.equal((await s.admin('GET', '/_aviary/users?username=XDevelopers')).body.data.id, '2244994945');
  });

  test('seeding twice is harmless; an unknown dataset is a 400', async () => {
    assert.equal((await s.admin('POST', '/_aviary/seed', { dataset: 'demo' })).status, 200);
    const bad = await s.admin('POST', '/_aviary/seed', { dataset: 'everything' });
    assert.equal(bad.status, 400);
    assert.ok('dataset' in bad.body.errors[0].parameters);
  });
});
