// Account Activity API v2: user-context subscriptions of a webhook to all of a user's activity,
// delivered in the legacy v1.1 shapes (for_user_id + tweet_create_events, …).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { enqueue } from '../../src/store/outbox.js';
import { newApp, newUser, newWebhook, userToken, type Receiver } from '../support/receiver.js';
import { forEachStore, poll, startServer, type TestServer } from '../support/server.js';

const SCOPES = ['dm.read', 'dm.write', 'tweet.read', 'tweet.write', 'users.read'];

forEachStore('account activity: subscriptions and legacy events', (store) => {
  let s: TestServer;
  const receivers: Receiver[] = [];
  before(async () => {
    s = await startServer({ store });
  });
  after(async () => {
    await s.close();
    for (const r of receivers) await r.close();
  });
  const path = (id: string) => `/2/account_activity/webhooks/${id}/subscriptions/all`;

  test('subscribe, check, list, count, and the legacy bodies of tweets, mentions, deletes and follows', async () => {
    const app = await newApp(s);
    const { receiver: r, id } = await newWebhook(s, app);
    receivers.push(r);
    const user = await newUser(s);
    const other = await newUser(s);
    const token = await userToken(s, app, user.id, SCOPES);
    const sub = await s.call('POST', path(id), { auth: token, body: {} });
    assert.deepEqual([sub.status, sub.body], [200, { data: { subscribed: true } }]);
    const dup = await s.call('POST', path(id), { auth: token, body: {} });
    assert.match(dup.body.errors[0].message, /^DuplicateSubscriptionFailed/);
    assert.deepEqual((await s.call('GET', path(id), { auth: token })).body, { data: { subscribed: true } });
    const list = await s.call('GET', `${path(id)}/list`, { auth: app.auth });
    assert.deepEqual(list.body, {
      data: { application_id: app.id, webhook_id: id, webhook_url: r.url, subscriptions: [{ user_id: user.id }] },
    });
    const count = await s.call('GET', '/2/account_activity/subscriptions/count', { auth: app.auth });
    assert.equal(count.body.data.subscriptions_count_all, '1');
    assert.equal(count.body.data.provisioned_count, '5000');

    const post = await s.call('POST', '/2/tweets', { auth: token, body: { text: 'legacy shapes' } });
    const created = (await poll(() => r.accepted.find((p) => p.json.tweet_create_events)))!;
    assert.equal(created.json.for_user_id, user.id);
    const t = created.json.tweet_create_events[0];
    assert.equal(t.id_str, post.body.data.id);
    assert.equal(t.text, 'legacy shapes');
    assert.equal(t.user.id_str, user.id);
    assert.equal(t.user.screen_name, user.username);
    assert.match(t.created_at, /^[A-Z][a-z]{2} [A-Z][a-z]{2} \d\d \d\d:\d\d:\d\d \+0000 \d{4}$/);
    assert.ok(created.body.includes(`"id":${post.body.data.id},`), 'v1.1 numeric ids keep every digit');

    await s.call('POST', '/2/tweets', {
      auth: await userToken(s, app, other.id, SCOPES),
      body: { text: `hey @${user.username}` },
    });
    const mention = (await poll(() =>
      r.accepted.find((p) => p.json.tweet_create_events?.[0].user.id_str === other.id),
    ))!;
    assert.equal(mention.json.for_user_id, user.id);
    assert.equal(mention.json.tweet_create_events[0].user_has_blocked, 'false');

    await s.call('DELETE', `/2/tweets/${post.body.data.id}`, { auth: token });
    const del = (await poll(() => r.accepted.find((p) => p.json.tweet_delete_events)))!;
    assert.deepEqual(del.json.tweet_delete_events[0].status, { id: post.body.data.id, user_id: user.id });

    await s.deps.db.tx((tx) =>
      enqueue(tx, s.deps.ids.next(), s.deps.clock.now(), {
        topic: 'follow.follow',
        payload: { source_id: other.id, target_id: user.id },
      }),
    );
    const follow = (await poll(() => r.accepted.find((p) => p.json.follow_events)))!;
    assert.equal(follow.json.follow_events[0].type, 'follow');
    assert.equal(follow.json.follow_events[0].source.id_str, other.id);
    assert.equal(follow.json.follow_events[0].target.id_str, user.id);
    assert.ok(r.accepted.every((p) => p.signatureOk));

    const off = await s.call('DELETE', `/2/account_activity/webhooks/${id}/subscriptions/${user.id}/all`, {
      auth: app.auth,
    });
    assert.deepEqual(off.body, { data: { subscribed: false } });
    assert.deepEqual((await s.call('GET', path(id), { auth: token })).body, { data: { subscribed: false } });
    const again = await s.call('DELETE', `/2/account_activity/webhooks/${id}/subscriptions/${user.id}/all`, {
      auth: app.auth,
    });
    assert.match(again.body.errors[0].message, /^SubscriptionNotFound/);
  });

  test('user context only, own webhooks only, and the tier limit', async () => {
    const app = await newApp(s, 'pay-per-use');
    const { receiver: r, id } = await newWebhook(s, app);
    receivers.push(r);
    const appOnly = await s.call('POST', path(id), { auth: app.auth, body: {} });
    assert.equal(appOnly.status, 403);
    const stranger = await newApp(s);
    const u0 = await newUser(s);
    const foreign = await s.call('POST', path(id), { auth: await userToken(s, stranger, u0.id, SCOPES), body: {} });
    assert.match(foreign.body.errors[0].message, /^WebhookIdInvalid/);
    for (let i = 0; i < 3; i++) {
      const u = await newUser(s);
      assert.equal(
        (await s.call('POST', path(id), { auth: await userToken(s, app, u.id, SCOPES), body: {} })).status,
        200,
      );
    }
    const u = await newUser(s);
    const over = await s.call('POST', path(id), { auth: await userToken(s, app, u.id, SCOPES), body: {} });
    assert.match(over.body.errors[0].message, /^SubscriptionLimitExceeded: the pay-per-use tier allows 3/);
  });
});
