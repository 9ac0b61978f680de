import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { forEachStore, startServer, uniqueName, type TestServer } from '../support/server.js';

forEachStore('control API: users', (store) => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ store });
  });
  after(async () => {
    await s.close();
  });

  test('POST /_aviary/users creates a user the data API can see', async () => {
    const username = uniqueName('Ann');
    const res = await s.admin('POST', '/_aviary/users', {
      username,
      name: 'Ann Example',
      description: 'hello',
      location: 'Lisbon',
      url: 'https://example.com',
      verified: true,
      protected: false,
      premium: true,
    });
    assert.equal(res.status, 201);
    const u = res.body.data;
    assert.equal(u.username, username);
    assert.equal(u.verified, true);
    assert.equal(u.premium, true);
    assert.match(u.id, /^[0-9]{1,19}$/);

    const byName = await s.admin('GET', `/_aviary/users?username=${username.toLowerCase()}`);
    assert.equal(byName.status, 200);
    assert.equal(byName.body.data.id, u.id);

    const v2 = await s.call(
      'GET',
      `/2/users/by/username/${username}?user.fields=description,location,verified,created_at`,
      { auth: `Bearer ${s.bearer}` },
    );
    assert.equal(v2.status, 200);
    assert.deepEqual(
      { ...v2.body.data, created_at: undefined },
      {
        id: u.id,
        name: 'Ann Example',
        username,
        description: 'hello',
        location: 'Lisbon',
        verified: true,
        created_at: undefined,
      },
    );
  });

  test('bad users get 400 naming the field; a taken username too', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'x' }, 'username'],
      [{ username: 'has space', name: 'x' }, 'username'],
      [{ username: 'waytoolongusername1', name: 'x' }, 'username'],
      [{ username: uniqueName(), name: '' }, 'name'],
      [{ username: uniqueName(), name: 'x', verified: 'yes' }, 'verified'],
      [{ username: uniqueName(), name: 'x', url: 'ftp://x' }, 'url'],
      [{ username: 'jack', name: 'x' }, 'username'],
      [{ username: uniqueName(), name: 'x', id: 'abc' }, 'id'],
    ];
    for (const [body, field] of cases) {
      const res = await s.admin('POST', '/_aviary/users', body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.ok(field in res.body.errors[0].parameters, `${field}: ${JSON.stringify(res.body)}`);
    }
    assert.equal((await s.admin('GET', '/_aviary/users?username=nobody_here')).status, 404);
  });
});
