// X Activity API subscriptions: create (SPEC shapes), list with paging, update, delete (one and by
// ids), kinds old and new, filters, and the consent rule for private kinds.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { newApp, newUser, newWebhook, userToken, type Receiver } from '../support/receiver.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

forEachStore('activity: subscriptions', (store) => {
  let s: TestServer;
  const receivers: Receiver[] = [];
  before(async () => {
    s = await startServer({ store });
  });
  after(async () => {
    await s.close();
    for (const r of receivers) await r.close();
  });
  const create = (auth: string, body: unknown) => s.call('POST', '/2/activity/subscriptions', { auth, body });

  test('create answers with the subscription and the totals', async () => {
    const app = await newApp(s);
    const user = await newUser(s);
    const { id: webhookId, receiver } = await newWebhook(s, app);
    receivers.push(receiver);
    const res = await create(app.auth, {
      event_type: 'profile.update.bio',
      filter: { user_id: user.id },
      tag: 'bio updates',
      webhook_id: webhookId,
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const sub = res.body.data.subscription;
    assert.match(sub.subscription_id, /^[0-9]+$/);
    assert.deepEqual(
      { ...sub, subscription_id: 'x', created_at: 'x', updated_at: 'x' },
      {
        subscription_id: 'x',
        event_type: 'profile.update.bio',
        filter: { user_id: user.id },
        created_at: 'x',
        updated_at: 'x',
        tag: 'bio updates',
        webhook_id: webhookId,
      },
    );
    assert.match(sub.created_at, /Z$/);
    assert.equal(res.body.data.total_subscriptions_for_instance_id, 1);
    assert.deepEqual(res.body.meta, { total_subscriptions: 1 });
  });

  test('list pages with max_results and next_token; update changes tag and webhook; delete one and by ids', async () => {
    const app = await newApp(s);
    const user = await newUser(s);
    const ids: string[] = [];
    for (const type of ['post.create', 'post.delete', 'spaces.start']) {
      ids.push(
        (await create(app.auth, { event_type: type, filter: { user_id: user.id } })).body.data.subscription
          .subscription_id,
      );
    }
    const first = await s.call('GET', '/2/activity/subscriptions?max_results=2', { auth: app.auth });
    assert.deepEqual(
      first.body.data.map((x: any) => x.subscription_id),
      ids.slice(0, 2),
    );
    assert.equal(first.body.meta.result_count, 2);
    assert.ok(first.body.meta.next_token.length >= 16);
    const second = await s.call(
      'GET',
      `/2/activity/subscriptions?max_results=2&pagination_token=${first.body.meta.next_token}`,
      { auth: app.auth },
    );
    assert.deepEqual(
      second.body.data.map((x: any) => x.subscription_id),
      [ids[2]],
    );
    assert.equal(second.body.meta.next_token, undefined);

    const { id: webhookId, receiver } = await newWebhook(s, app);
    receivers.push(receiver);
    const put = await s.call('PUT', `/2/activity/subscriptions/${ids[0]}`, {
      auth: app.auth,
      body: { tag: 'renamed', webhook_id: webhookId },
    });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    assert.equal(put.body.data.subscription.tag, 'renamed');
    assert.equal(put.body.data.subscription.webhook_id, webhookId);
    assert.equal(put.body.data.total_subscriptions, 3);
    const refilter = await s.call('PUT', `/2/activity/subscriptions/${ids[0]}`, {
      auth: app.auth,
      body: { filter: { user_id: '1' } },
    });
    assert.equal(refilter.status, 400, 'filter and event_type change only by delete + create');

    const del = await s.call('DELETE', `/2/activity/subscriptions/${ids[0]}`, { auth: app.auth });
    assert.deepEqual(del.body, { data: { deleted: true }, meta: { total_subscriptions: 2 } });
    const many = await s.call('DELETE', `/2/activity/subscriptions?ids=${ids[1]},${ids[2]}`, { auth: app.auth });
    assert.deepEqual(many.body, { data: { deleted: true }, meta: { total_subscriptions: 0 } });
    assert.deepEqual((await s.call('GET', '/2/activity/subscriptions', { auth: app.auth })).body, {
      meta: { result_count: 0 },
    });
    const gone = await s.call('DELETE', `/2/activity/subscriptions/${ids[0]}`, { auth: app.auth });
    assert.equal(gone.status, 400);
  });

  test('old PascalCase kinds are refused with the dotted name; unknown kinds and bad filters are 400', async () => {
    const app = await newApp(s);
    const user = await newUser(s);
    const old = await create(app.auth, { event_type: 'ProfileBioUpdate', filter: { user_id: user.id } });
    assert.equal(old.status, 400);
    assert.match(old.body.errors[0].message, /ProfileBioUpdate was replaced by profile\.update\.bio/);
    for (const [body, param] of [
      [{ event_type: 'tweet.explode', filter: { user_id: user.id } }, 'event_type'],
      [{ event_type: 'post.create' }, 'filter'],
      [{ event_type: 'post.create', filter: {} }, 'filter.user_id'],
      [{ event_type: 'post.create', filter: { user_id: 'abc' } }, 'filter.user_id'],
      [{ event_type: 'post.create', filter: { user_id: '99999999999' } }, 'filter.user_id'],
      [{ event_type: 'post.create', filter: { user_id: user.id, keyword: 'x'.repeat(151) } }, 'filter.keyword'],
      [{ event_type: 'post.create', filter: { user_id: user.id, direction: 'inbound' } }, 'filter.direction'],
      [{ event_type: 'follow.follow', filter: { user_id: user.id, direction: 'sideways' } }, 'filter.direction'],
      [{ event_type: 'post.create', filter: { user_id: user.id, colour: 'red' } }, 'filter.colour'],
      [{ event_type: 'post.create', filter: { user_id: user.id }, tag: '' }, 'tag'],
      [{ event_type: 'post.create', filter: { user_id: user.id }, webhook_id: '123' }, 'webhook_id'],
      [{ event_type: 'post.create', filter: { user_id: user.id }, extra: 1 }, 'extra'],
      [{ event_type: 'news.new', filter: {} }, 'filter.keyword'],
    ] as const) {
      const res = await create(app.auth, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.deepEqual(Object.keys(res.body.errors[0].parameters), [param], JSON.stringify(res.body));
    }
    for (const ok of [
      { event_type: 'profile.update.verified_badge', filter: { user_id: user.id } },
      { event_type: 'follow.follow', filter: { user_id: user.id, direction: 'inbound' } },
      { event_type: 'news.new', filter: { keyword: 'space' } },
      { event_type: 'post.create', filter: { user_id: user.id, keyword: 'hello' } },
    ])
      assert.equal((await create(app.auth, ok)).status, 200, JSON.stringify(ok));
  });

  test("private kinds need the filtered user's own user-context token with the scope", async () => {
    const app = await newApp(s);
    const user = await newUser(s);
    const other = await newUser(s);
    const appOnly = await create(app.auth, { event_type: 'dm.received', filter: { user_id: user.id } });
    assert.equal(appOnly.status, 403);
    assert.match(appOnly.body.detail, /private.*consent of user/);
    const stranger = await create(await userToken(s, app, other.id), {
      event_type: 'dm.received',
      filter: { user_id: user.id },
    });
    assert.equal(stranger.status, 403);
    const noScope = await create(await userToken(s, app, user.id, ['tweet.read', 'users.read']), {
      event_type: 'like.create',
      filter: { user_id: user.id },
    });
    assert.equal(noScope.status, 403);
    assert.match(noScope.body.detail, /like\.read/);
    const own = await create(await userToken(s, app, user.id), {
      event_type: 'dm.received',
      filter: { user_id: user.id, direction: 'received' },
    });
    assert.equal(own.status, 200, JSON.stringify(own.body));
    assert.equal(own.body.data.subscription.filter.direction, 'received');
    assert.equal(
      (await create(app.auth, { event_type: 'post.create', filter: { user_id: user.id } })).status,
      200,
      'public kinds work app-only',
    );
  });

  test('subscription management needs a bearer token', async () => {
    assert.equal((await s.call('GET', '/2/activity/subscriptions')).status, 401);
  });
});
