// Filtered-stream ↔ webhook links: the registry (POST/GET/DELETE /2/tweets/search/webhooks) and the
// delivery of every post matching the app's stream rules, edits included, as a stream message.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { newApp, newUser, newWebhook, userToken, type Receiver } from '../support/receiver.js';
import { forEachStore, poll, startServer, type TestServer } from '../support/server.js';

forEachStore('webhooks: filtered-stream links', (store) => {
  let s: TestServer;
  const receivers: Receiver[] = [];
  before(async () => {
    s = await startServer({ store });
  });
  after(async () => {
    await s.close();
    for (const r of receivers) await r.close();
  });

  async function linked(query = '') {
    const app = await newApp(s);
    const w = await newWebhook(s, app);
    receivers.push(w.receiver);
    const res = await s.call('POST', `/2/tweets/search/webhooks/${w.id}${query}`, { auth: app.auth });
    assert.deepEqual([res.status, res.body], [200, { data: { provisioned: true } }]);
    return { app, ...w };
  }

  test('links are listed with their own field sets and can be removed', async () => {
    const { app, id } = await linked('?tweet.fields=created_at,author_id&expansions=author_id&user.fields=username');
    const list = await s.call('GET', '/2/tweets/search/webhooks', { auth: app.auth });
    assert.equal(list.status, 200);
    const [link] = list.body.data.links;
    assert.equal(link.webhook_id, id);
    assert.equal(link.application_id, app.id);
    assert.deepEqual(link.fields, [
      'tweet.fields=created_at,author_id',
      'expansions=author_id',
      'user.fields=username',
    ]);
    assert.match(link.created_at, /Z$/);
    assert.ok(link.instance_id);
    const del = await s.call('DELETE', `/2/tweets/search/webhooks/${id}`, { auth: app.auth });
    assert.deepEqual(del.body, { data: { deleted: true } });
    assert.deepEqual((await s.call('GET', '/2/tweets/search/webhooks', { auth: app.auth })).body, {
      data: { links: [] },
    });
    assert.equal((await s.call('DELETE', `/2/tweets/search/webhooks/${id}`, { auth: app.auth })).status, 400);
  });

  test('unknown webhooks, bad fields and non-enterprise apps are refused', async () => {
    const app = await newApp(s);
    const unknown = await s.call('POST', '/2/tweets/search/webhooks/123', { auth: app.auth });
    assert.match(unknown.body.errors[0].message, /^WebhookIdInvalid/);
    const { id } = await linked();
    const bad = await s.call('POST', `/2/tweets/search/webhooks/${id}?tweet.fields=colour`, { auth: app.auth });
    assert.equal(bad.status, 400);
    const basic = await newApp(s, 'pro');
    const w = await newWebhook(s, basic);
    receivers.push(w.receiver);
    const forbidden = await s.call('POST', `/2/tweets/search/webhooks/${w.id}`, { auth: basic.auth });
    assert.equal(forbidden.status, 403);
    assert.equal(forbidden.body.reason, 'client-not-enrolled');
  });

  test('posts matching the stream rules are delivered as stream messages, edits included', async () => {
    const { app, receiver: r } = await linked('?tweet.fields=created_at,author_id&expansions=author_id');
    const rules = await s.call('POST', '/2/tweets/search/stream/rules', {
      auth: app.auth,
      body: { add: [{ value: 'rocket', tag: 'space' }] },
    });
    assert.equal(rules.status, 201, JSON.stringify(rules.body));
    const ruleId = rules.body.data[0].id;
    const author = await newUser(s, { premium: true });
    const token = await userToken(s, app, author.id);
    const post = async (body: unknown) =>
      (await s.call('POST', '/2/tweets', { auth: token, body })).body.data.id as string;
    await post({ text: 'nothing to see here' });
    const first = await post({ text: 'rocket launch today' });
    const got = await poll(() => r.accepted[0]);
    assert.equal(got!.signatureOk, true);
    assert.deepEqual(Object.keys(got!.json), ['data', 'includes', 'matching_rules']);
    assert.equal(got!.json.data.id, first);
    assert.equal(got!.json.data.author_id, author.id);
    assert.ok(got!.json.data.created_at);
    assert.equal(got!.json.includes.users[0].id, author.id);
    assert.deepEqual(got!.json.matching_rules, [{ id: ruleId, tag: 'space' }]);
    const edit = await post({ text: 'rocket launch tomorrow', edit_options: { previous_post_id: first } });
    const edited = await poll(() => r.accepted[1]);
    assert.equal(edited!.json.data.id, edit);
    await post({ text: 'still nothing' });
    await new Promise((res) => setTimeout(res, 200));
    assert.equal(r.accepted.length, 2, 'non-matching posts are not delivered');
  });
});
