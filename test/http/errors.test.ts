// Every bad input gets the service's own error format and the right status; never a stack trace.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

forEachStore('errors', (store) => {
  let s: TestServer;
  before(async () => {
    s = await startServer({
      store,
      beforeListen: (app) => {
        app.get('/2/__boom', { config: { auth: { schemes: ['app'] } } }, async () => {
          throw new Error('secret internals');
        });
        app.post('/2/__echo', async (req) => ({ data: req.body ?? null }));
      },
    });
  });
  after(async () => {
    await s.close();
  });

  test('missing or wrong bearer on /2/ → the real 401 body', async () => {
    for (const auth of [undefined, 'Bearer wrong', 'Basic abc']) {
      const res = await s.call('GET', '/2/users/12', { auth });
      assert.equal(res.status, 401);
      assert.deepEqual(res.body, { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' });
    }
  });

  test('unknown route → 404 problem; in the v1.1 and Ads families their own shapes', async () => {
    const v2 = await s.call('GET', '/2/no/such/thing');
    assert.equal(v2.status, 404);
    assert.equal(v2.body.type, 'about:blank');
    assert.match(v2.headers.get('content-type') ?? '', /^application\/problem\+json/);
    const v1 = await s.call('GET', '/1.1/nothing.json');
    assert.deepEqual(v1.body, { errors: [{ code: 34, message: 'Sorry, that page does not exist' }] });
    // The Ads API checks credentials before routing (issue #17): without them an unknown path is 401;
    // with them, ROUTE_NOT_FOUND (test/http/ads.accounts.test.ts).
    const ads = await s.call('GET', '/12/nothing');
    assert.equal(ads.status, 401);
    assert.deepEqual(ads.body.errors, [
      { code: 'UNAUTHORIZED_ACCESS', message: 'This request is not properly authenticated' },
    ]);
    assert.deepEqual(ads.body.request, { params: {} });
  });

  test('malformed JSON → 400 invalid-request', async () => {
    const res = await s.call('POST', '/2/__echo', {
      body: '{"text": ',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(res.status, 400);
    assert.equal(res.body.type, 'https://api.twitter.com/2/problems/invalid-request');
  });

  test('an empty body with a JSON content type is no body (XDK sends that header on bodiless calls)', async () => {
    const res = await s.call('POST', '/2/__echo', { headers: { 'content-type': 'application/json' } });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { data: null });
  });

  test('a body over the limit → 413', async () => {
    const res = await s.call('POST', '/2/__echo', { body: JSON.stringify({ text: 'x'.repeat(6 * 1024 * 1024) }) });
    assert.equal(res.status, 413);
    assert.equal(res.body.status, 413);
  });

  test('an unsupported content type → 415', async () => {
    const res = await s.call('POST', '/2/__echo', { body: '<a/>', headers: { 'content-type': 'application/xml' } });
    assert.equal(res.status, 415);
  });

  test('an unexpected exception → 500 problem with a request id, no internals', async () => {
    const res = await s.call('GET', '/2/__boom', { auth: `Bearer ${s.bearer}` });
    assert.equal(res.status, 500);
    assert.equal(res.body.type, 'about:blank');
    assert.match(res.body.request_id, /^[0-9]+$/);
    const text = JSON.stringify(res.body);
    assert.ok(!text.includes('secret internals') && !text.includes('at '), text);
  });

  test('an unknown query parameter or field value → 400 with the real message', async () => {
    const res = await s.call('GET', '/2/users/12?user.fields=nope&colour=red', { auth: `Bearer ${s.bearer}` });
    assert.equal(res.status, 400);
    const messages = res.body.errors.map((e: { message: string }) => e.message);
    assert.ok(
      messages.some((m: string) =>
        m.startsWith('The query parameter [colour] is not one of [user.fields,expansions,tweet.fields,post.fields]'),
      ),
    );
    assert.ok(
      messages.some((m: string) =>
        m.startsWith('The `user.fields` query parameter value [nope] is not one of [affiliation,'),
      ),
    );
  });
});
