// DELETE /2/webhooks/:id and what points at the webhook: its filtered-stream link goes, X Activity
// subscriptions stay without it (they keep feeding the app's activity stream), Account Activity
// subscriptions go, all in the deleting transaction (the cascades app.ts composes).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { newApp, newUser, newWebhook, userToken, type Receiver } from '../support/receiver.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

forEachStore('webhooks: deletion and what points at the webhook', (store) => {
  let s: TestServer;
  const receivers: Receiver[] = [];
  before(async () => {
    s = await startServer({ store });
  });
  after(async () => {
    await s.close();
    for (const r of receivers) await r.close();
  });

  test('the link and Account Activity subscriptions go; X Activity subscriptions stay, without the webhook', async () => {
    const app = await newApp(s);
    const user = await newUser(s);
    const { id, receiver } = await newWebhook(s, app);
    receivers.push(receiver);
    const kept = await newWebhook(s, app);
    receivers.push(kept.receiver);
    const ok = (res: { status: number; body: unknown }) => assert.equal(res.status, 200, JSON.stringify(res.body));
    ok(await s.call('POST', `/2/tweets/search/webhooks/${id}`, { auth: app.auth }));
    ok(await s.call('POST', `/2/tweets/search/webhooks/${kept.id}`, { auth: app.auth }));
    const body = (webhook: string) => ({
      event_type: 'profile.update.bio',
      filter: { user_id: user.id },
      webhook_id: webhook,
    });
    ok(await s.call('POST', '/2/activity/subscriptions', { auth: app.auth, body: body(id) }));
    ok(await s.call('POST', '/2/activity/subscriptions', { auth: app.auth, body: body(kept.id) }));
    const token = await userToken(s, app, user.id, ['dm.read', 'dm.write', 'tweet.read', 'tweet.write', 'users.read']);
    for (const w of [id, kept.id])
      ok(await s.call('POST', `/2/account_activity/webhooks/${w}/subscriptions/all`, { auth: token, body: {} }));

    const del = await s.call('DELETE', `/2/webhooks/${id}`, { auth: app.auth });
    assert.deepEqual([del.status, del.body], [200, { data: { deleted: true } }]);

    const links = await s.call('GET', '/2/tweets/search/webhooks', { auth: app.auth });
    assert.deepEqual(
      links.body.data.links.map((l: { webhook_id: string }) => l.webhook_id),
      [kept.id],
    );
    const subs = await s.call('GET', '/2/activity/subscriptions', { auth: app.auth });
    assert.deepEqual(
      subs.body.data.map((x: { webhook_id?: string }) => x.webhook_id ?? null).sort(),
      [kept.id, null].sort(),
    );
    const count = await s.call('GET', '/2/account_activity/subscriptions/count', { auth: app.auth });
    assert.equal(count.body.data.subscriptions_count_all, '1');
    const list = await s.call('GET', `/2/account_activity/webhooks/${kept.id}/subscriptions/all/list`, {
      auth: app.auth,
    });
    assert.deepEqual(list.body.data.subscriptions, [{ user_id: user.id }]);
  });
});
