// Issue #15 (6, 8, 9): request bodies a client can get wrong in bulk. Deep nesting is refused when
// the body is read; echoed values are cut short; a control-API field of the wrong JSON type is a 400
// naming it (never a 500 from `String({toString: null})`); a rules array longer than the app's cap is
// refused by its length, and the errors reported for many bad items are capped.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { newApp, newUser, userToken } from '../support/actors.js';
import { forEachStore, startServer, uniqueName, type TestServer } from '../support/server.js';

const INVALID = 'https://api.twitter.com/2/problems/invalid-request';
const deep = (levels: number, inner = '') => '['.repeat(levels) + inner + ']'.repeat(levels);

forEachStore('robustness: request bodies', (store) => {
  let s: TestServer;
  let bearer: string;
  let userAuth: string;
  before(async () => {
    s = await startServer({ store, config: { streamRuleCap: 1000 } });
    bearer = `Bearer ${(await newApp(s, { tier: 'basic' })).bearer_token}`;
    userAuth = await userToken(s, (await newUser(s)).id);
  });
  after(async () => {
    await s.close();
  });

  /** Asserts a 400 invalid-request naming `param` first; returns the body. */
  function refused(res: { status: number; body: any }, param: string) {
    assert.equal(res.status, 400, JSON.stringify(res.body).slice(0, 300));
    assert.equal(res.body.type, INVALID);
    assert.ok(param in res.body.errors[0].parameters, JSON.stringify(res.body).slice(0, 300));
    return res.body;
  }

  test('5,000 levels of nesting are a 400 on every JSON endpoint, also inside a field', async () => {
    const tooDeep = /nested too deeply/;
    for (const [path, auth, body] of [
      ['/2/tweets/search/stream/rules', bearer, deep(5000)],
      ['/2/tweets/search/stream/rules', bearer, `{"add":[{"value":${deep(5000, '"x"')}}]}`],
      ['/2/tweets', userAuth, deep(5000)],
      ['/2/tweets', userAuth, `{"text":${deep(5000)}}`],
      ['/_aviary/users', `Bearer ${s.adminToken}`, `{"username":"u1","name":${deep(5000)}}`],
      ['/_aviary/clock', `Bearer ${s.adminToken}`, `{"mode":${deep(5000)}}`],
      ['/_aviary/events', `Bearer ${s.adminToken}`, `{"event_type":"post.create","payload":${deep(100_000)}}`],
    ] as const) {
      const res = await s.call('POST', path, { auth, body });
      const b = refused(res, 'body');
      assert.match(b.errors[0].message, tooDeep, path);
    }
  });

  test('64 levels are read; the value is then judged by the endpoint, and echoed cut short', async () => {
    const res = await s.call('POST', '/2/tweets', { auth: userAuth, body: `{"text":${deep(63)}}` });
    const b = refused(res, 'text');
    assert.equal(b.errors[0].message, '$.text: array found, string expected');
    assert.ok(b.errors[0].parameters.text[0].length <= 101, b.errors[0].parameters.text[0]);
  });

  test('long values are echoed cut to 100 characters', async () => {
    const long = 'x'.repeat(100_000);
    const rules = refused(
      await s.call('POST', '/2/tweets/search/stream/rules', { auth: bearer, body: { add: long } }),
      'add',
    );
    assert.equal(rules.errors[0].message, '$.add: string found, array expected');
    assert.equal(rules.errors[0].parameters.add[0], 'x'.repeat(100) + '…');
    const user = refused(await s.admin('POST', '/_aviary/users', { username: long, name: 'N' }), 'username');
    assert.equal(user.errors[0].parameters.username[0], 'x'.repeat(100) + '…');
    const bigArray = Array.from({ length: 50_000 }, (_, i) => i);
    const arr = refused(await s.admin('POST', '/_aviary/users', { username: 'u1', name: bigArray }), 'name');
    assert.equal(arr.errors[0].parameters.name[0], JSON.stringify(bigArray).slice(0, 100) + '…');
    const unknown = refused(await s.admin('POST', '/_aviary/users', { [long]: 1 }), 'x'.repeat(100) + '…');
    assert.ok(JSON.stringify(unknown).length < 2000);
  });

  test('control-API fields of the wrong JSON type are 400 naming the field; nothing is stored', async () => {
    const user = await newUser(s);
    const app = await newApp(s);
    const username = uniqueName('r');
    for (const [method, path, body, field] of [
      ['POST', '/_aviary/clock', { mode: { toString: null } }, 'mode'],
      ['POST', '/_aviary/users', { username, name: { toString: {} } }, 'name'],
      ['POST', '/_aviary/users', { username: { toString: null }, name: 'N' }, 'username'],
      ['POST', '/_aviary/users', { username, name: 'N', profile_image_url: { toString: null } }, 'profile_image_url'],
      ['POST', '/_aviary/users', { username, name: 'N', verified: 'yes' }, 'verified'],
      ['POST', '/_aviary/users', { username, name: 'N', password: { toString: null } }, 'password'],
      ['POST', '/_aviary/apps', { name: { toString: null } }, 'name'],
      ['POST', '/_aviary/apps', { name: 'a', callback_urls: 'https://x' }, 'callback_urls'],
      ['POST', `/_aviary/apps/${app.id}/access-tokens`, { user_id: { toString: null } }, 'user_id'],
      ['POST', `/_aviary/apps/${app.id}/oauth2-tokens`, { user_id: user.id, scopes: [{}] }, 'scopes'],
      ['POST', '/_aviary/seed', { dataset: { toString: null } }, 'dataset'],
      ['POST', '/_aviary/events', { event_type: 'post.create', user_id: user.id, payload: 5 }, 'payload'],
      ['POST', '/_aviary/events', { event_type: 'post.create', user_id: user.id, includes: [] }, 'includes'],
      ['POST', '/_aviary/events', { event_type: 'post.create', user_id: user.id, text: { toString: null } }, 'text'],
      ['POST', '/_aviary/events', { event_type: { toString: null } }, 'event_type'],
      ['POST', '/_aviary/events', { event_type: 'post.create', colour: 1 }, 'colour'],
      ['POST', '/_aviary/spaces', { host_id: user.id, title: { toString: null } }, 'title'],
      [
        'POST',
        '/_aviary/dm-signals',
        { type: 'typing', sender_id: user.id, recipient_ids: ['1'], conversation_id: {} },
        'conversation_id',
      ],
      ['PATCH', `/_aviary/users/${user.id}`, { name: { toString: {} } }, 'name'],
      ['PATCH', `/_aviary/users/${user.id}`, { profile_image_url: [] }, 'profile_image_url'],
    ] as const) {
      const res = await s.call(method, path, { auth: `Bearer ${s.adminToken}`, body });
      refused(res, field);
    }
    assert.equal((await s.admin('GET', `/_aviary/users?username=${username}`)).status, 404, 'no user was created');
    assert.equal(
      (await s.admin('GET', `/_aviary/users/${user.id}`)).body.data.name,
      user.name,
      'the profile is unchanged',
    );
    refused(await s.admin('GET', `/_aviary/users?username=${user.username}&username=other`), 'username');
  });

  test('an add array longer than the rule cap is refused by its length; item errors are capped', async () => {
    const add = Array.from({ length: 400_000 }, () => ({}));
    const big = await s.call('POST', '/2/tweets/search/stream/rules', { auth: bearer, body: { add } });
    const b = refused(big, 'add');
    assert.deepEqual(b.errors, [
      {
        message: '$.add: there must be a maximum of 1000 items in the array',
        parameters: { add: [b.errors[0].parameters.add[0]] },
      },
    ]);
    assert.ok(JSON.stringify(b).length < 2000, `${JSON.stringify(b).length} bytes`);
    const values = Array.from({ length: 1001 }, (_, i) => `v${i}`);
    refused(
      await s.call('POST', '/2/tweets/search/stream/rules', { auth: bearer, body: { delete: { values } } }),
      'delete.values',
    );
    // Within the cap, every item is read, and at most 100 errors come back.
    const bad = await s.call('POST', '/2/tweets/search/stream/rules', {
      auth: bearer,
      body: { add: add.slice(0, 1000) },
    });
    assert.equal(refused(bad, 'add[0].value').errors.length, 100);
    const rules = await s.call('GET', '/2/tweets/search/stream/rules', { auth: bearer });
    assert.equal(rules.body.meta.result_count, 0, 'nothing was stored');
  });
});
