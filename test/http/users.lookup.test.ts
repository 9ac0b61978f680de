// User lookups with the three real SDKs, pointed at Aviary by base URL only.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { forEachStore, startServer, type TestServer } from '../support/server.js';
import { twitterApiSdk, twitterApiV2, xdk } from '../support/sdk.js';

forEachStore('users lookup', (store) => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ store });
  });
  after(async () => {
    await s.close();
  });

  test('twitter-api-v2 reads a user by id and by username with the demo bearer', async () => {
    const client = twitterApiV2(s.url, s.bearer);
    const byId = await client.v2.user('12', { 'user.fields': ['created_at', 'verified'] });
    assert.deepEqual(byId.data, {
      id: '12',
      name: 'jack',
      username: 'jack',
      created_at: '2006-03-21T20:50:14.000Z',
      verified: true,
    });
    const byName = await client.v2.userByUsername('XDevelopers');
    assert.equal(byName.data.id, '2244994945');
  });

  test('twitter-api-sdk (base_url) reads a user', async () => {
    const client = twitterApiSdk(s.url, s.bearer);
    const res = await client.users.findUserById('12');
    assert.equal(res.data?.username, 'jack');
  });

  test('@xdevplatform/xdk (baseUrl) reads a user', async () => {
    const client = xdk(s.url, { bearerToken: s.bearer });
    const res: any = await client.users.getById('12', { userFields: ['description'] } as never);
    assert.equal(res.data?.username, 'jack');
    assert.equal(res.data?.description, 'no state is the best state');
  });

  test('a missing user is a 200 with a resource-not-found partial error', async () => {
    const res = await s.call('GET', '/2/users/404404', { auth: `Bearer ${s.bearer}` });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, {
      errors: [
        {
          title: 'Not Found Error',
          type: 'https://api.twitter.com/2/problems/resource-not-found',
          detail: 'Could not find user with id: [404404].',
          value: '404404',
          resource_type: 'user',
          parameter: 'id',
          resource_id: '404404',
        },
      ],
    });
  });

  test('a wrong bearer is refused through the SDK as a 401', async () => {
    const client = twitterApiV2(s.url, 'wrong-token');
    await assert.rejects(client.v2.user('12'), (e: { code?: number }) => e.code === 401);
  });
});
