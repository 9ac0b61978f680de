// The webhook and activity endpoints through the real @xdevplatform/xdk client (generated from the
// spec, so it reads the shapes the spec draws), pointed at the server by its baseUrl.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { newApp, newUser, startReceiver, type Receiver } from '../support/receiver.js';
import { xdk } from '../support/sdk.js';
import { forEachStore, poll, startServer, type TestServer } from '../support/server.js';

forEachStore('webhooks and activity through @xdevplatform/xdk', (store) => {
  let s: TestServer;
  let r: Receiver;
  before(async () => {
    s = await startServer({ store });
  });
  after(async () => {
    await s.close();
    await r?.close();
  });

  test('register, list, validate, link, subscribe, replay and delete', async () => {
    const app = await newApp(s);
    const user = await newUser(s);
    r = await startReceiver({ secret: app.consumer_secret });
    const client = xdk(s.url, { bearerToken: app.bearer_token }) as any;

    const created = await client.webhooks.create({ url: r.url });
    const id = created.data.id;
    assert.equal(created.data.valid, true);
    const list = await client.webhooks.get();
    assert.deepEqual(
      list.data.map((w: any) => w.id),
      [id],
    );
    assert.equal(list.meta.resultCount, 1);
    const validated = await client.webhooks.validate(id);
    assert.equal(validated.data.attempted, true);

    assert.equal((await client.webhooks.createStreamLink(id)).data.provisioned, true);
    assert.equal((await client.webhooks.getStreamLinks()).data.links[0].webhookId, id);
    assert.equal((await client.webhooks.deleteStreamLink(id)).data.deleted, true);

    const sub = await client.activity.createSubscription({
      eventType: 'profile.update.bio',
      filter: { userId: user.id },
      webhookId: id,
      tag: 'sdk',
    });
    const subId = sub.data.subscription.subscriptionId;
    assert.equal(sub.data.subscription.eventType, 'profile.update.bio');
    assert.equal((await client.activity.getSubscriptions()).data[0].subscriptionId, subId);
    assert.equal(
      (await client.activity.updateSubscription(subId, { tag: 'renamed' })).data.subscription.tag,
      'renamed',
    );
    await s.admin('PATCH', `/_aviary/users/${user.id}`, { description: 'via the sdk' });
    await poll(() => r.accepted.length === 1);

    const minute = (ms: number) => new Date(ms).toISOString().replace(/[-T:]/g, '').slice(0, 12);
    const now = Date.parse((await s.admin('GET', '/_aviary/clock')).body.data.now);
    const job = await client.webhooks.createWebhookReplayJob({
      webhookId: id,
      fromDate: minute(now - 3_600_000),
      toDate: minute(now + 60_000),
    });
    assert.match(job.jobId, /^[0-9]+$/);
    await poll(() => r.accepted.some((p) => p.json.replay_job_status));

    assert.equal((await client.activity.deleteSubscription(subId)).data.deleted, true);
    assert.equal((await client.webhooks.delete(id)).data.deleted, true);
  });
});
