// Scheduled posts (issue #18 item 5; notes §9.1): list/get/create/update/delete with their rules, and
// publishing by the service clock: advancing the virtual clock past scheduled_at makes the post
// (SUCCESS, completed_at, tweet_id), which then reads through /2/tweets/:id, reaches a webhook and a
// stream rule (and is dropped by a rule with -is:nullcast), fills its scheduled promoted posts with a
// real promoted post; and publishing survives a restart.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { adsCall, newAdsAccount, newAdvertiser, type Advertiser, type Params } from '../support/ads.js';
import { fixtureLineItem } from '../support/ads-fixtures.js';
import { advanceClock, assertAdsError, newCardUri } from '../support/ads-posts.js';
import { newApp, newWebhook, subscribe, userToken, type Receiver } from '../support/receiver.js';
import { forEachStore, poll, startServer, type TestServer } from '../support/server.js';
import { appWithRules, openStream, word } from './stream.client.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

forEachStore('Ads API: scheduled posts', (store) => {
  let s: TestServer;
  let alice: Advertiser;
  let account: { id: string };
  before(async () => {
    s = await startServer({ store });
    alice = await newAdvertiser(s);
    account = await newAdsAccount(s, alice);
  });
  after(() => s.close());

  const path = () => `accounts/${account.id}/scheduled_tweets`;
  const now = async () => Date.parse((await s.admin('GET', '/_aviary/clock')).body.data.now);
  const iso = (ms: number) => new Date(ms).toISOString();
  const schedule = async (params: Params, server = s, who = alice, acct = account.id) =>
    adsCall(server, who, 'POST', `accounts/${acct}/scheduled_tweets`, {
      as_user_id: who.id,
      text: `scheduled ${Math.random().toString(36).slice(2, 10)}`,
      ...params,
    });

  test('create: the docs’ object; seconds ignored; at most a year ahead; content rules as POST tweet', async () => {
    const at = (await now()) + DAY;
    const res = await schedule({ scheduled_at: iso(at + 42_000), name: 'launch', media_keys: '' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const t = res.body.data;
    assert.deepEqual(Object.keys(t), [
      'name',
      'completed_at',
      'text',
      'user_id',
      'scheduled_status',
      'id',
      'nullcast',
      'created_at',
      'scheduled_at',
      'card_uri',
      'updated_at',
      'tweet_id',
      'media_keys',
    ]);
    assert.equal(t.scheduled_status, 'SCHEDULED');
    assert.equal(t.nullcast, true);
    assert.equal(t.tweet_id, null);
    assert.equal(t.completed_at, null);
    assert.deepEqual(t.media_keys, []);
    assert.match(t.id, /^\d+$/);
    assert.equal(Date.parse(t.scheduled_at) % MINUTE, 0);
    assert.equal(Date.parse(t.scheduled_at), at + 42_000 - ((at + 42_000) % MINUTE));
    const dateOnly = await schedule({ scheduled_at: iso(at + 3 * DAY).slice(0, 10) });
    assert.equal(dateOnly.status, 200, JSON.stringify(dateOnly.body));
    assert.match(dateOnly.body.request.params.scheduled_at, /T00:00:00Z$/);

    assertAdsError(await schedule({}), 400, 'MISSING_PARAMETER', 'scheduled_at');
    assertAdsError(await schedule({ scheduled_at: 'soon' }), 400, 'INVALID_PARAMETER', 'scheduled_at');
    assertAdsError(await schedule({ scheduled_at: iso(at + 366 * DAY) }), 400, 'INVALID_PARAMETER', 'scheduled_at');
    assertAdsError(await schedule({ scheduled_at: iso(at - 2 * DAY) }), 400, 'INVALID_PARAMETER', 'scheduled_at');
    assertAdsError(await schedule({ scheduled_at: iso(at), text: '' }), 400, 'TWEET_CANNOT_BE_BLANK', 'text');
    assertAdsError(
      await schedule({ scheduled_at: iso(at), as_user_id: '12345' }),
      400,
      'INVALID_USER_ID',
      'as_user_id',
    );
    assertAdsError(await schedule({ scheduled_at: iso(at), card_uri: 'nope' }), 400, 'INVALID_PARAMETER', 'card_uri');
    assertAdsError(await schedule({ scheduled_at: iso(at), name: 'n'.repeat(81) }), 400, 'INVALID_PARAMETER', 'name');
  });

  test('get, update (only fields given; empty unsets), delete (hard, scheduled_status DELETED)', async () => {
    const at = (await now()) + 2 * DAY;
    const made = (
      await schedule({ scheduled_at: iso(at), card_uri: await newCardUri(s, alice, account.id), name: 'first' })
    ).body.data;
    const one = await adsCall(s, alice, 'GET', `${path()}/${made.id}`);
    assert.deepEqual(one.body.data, made);
    const put = await adsCall(s, alice, 'PUT', `${path()}/${made.id}`, { text: 'changed', card_uri: '' });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    assert.equal(put.body.data.text, 'changed');
    assert.equal(put.body.data.card_uri, null);
    assert.equal(put.body.data.name, 'first');
    assert.equal(put.body.data.scheduled_at, made.scheduled_at);
    assertAdsError(
      await adsCall(s, alice, 'PUT', `${path()}/${made.id}`, { scheduled_at: iso(at + 400 * DAY) }),
      400,
      'INVALID_PARAMETER',
      'scheduled_at',
    );
    assertAdsError(
      await adsCall(s, alice, 'PUT', `${path()}/${made.id}`, { text: '' }),
      400,
      'TWEET_CANNOT_BE_BLANK',
      'text',
    );
    const removed = await adsCall(s, alice, 'DELETE', `${path()}/${made.id}`);
    assert.equal(removed.status, 200);
    assert.equal(removed.body.data.scheduled_status, 'DELETED');
    assertAdsError(await adsCall(s, alice, 'GET', `${path()}/${made.id}`), 404, 'NOT_FOUND', 'scheduled_tweet_id');
    assertAdsError(await adsCall(s, alice, 'DELETE', `${path()}/${made.id}`), 404, 'NOT_FOUND', 'scheduled_tweet_id');
    // another account's scheduled post is not found
    const bob = await newAdvertiser(s);
    const bobs = await newAdsAccount(s, bob);
    const theirs = (await schedule({ scheduled_at: iso(at) }, s, bob, bobs.id)).body.data;
    assertAdsError(await adsCall(s, alice, 'GET', `${path()}/${theirs.id}`), 404, 'NOT_FOUND', 'scheduled_tweet_id');
  });

  test('published by the clock: /2/tweets/:id, a webhook, a stream rule (not one with -is:nullcast), promoted', async () => {
    const key = word('sched');
    const app = await newApp(s);
    const { receiver, id: webhookId } = await newWebhook(s, app);
    let r: Receiver | null = receiver;
    try {
      await subscribe(s, await userToken(s, app, alice.id), {
        event_type: 'post.create',
        filter: { user_id: alice.id },
        webhook_id: webhookId,
      });
      const rules = await appWithRules(s, [
        { value: key, tag: 'all' },
        { value: `${key} -is:nullcast`, tag: 'organic only' },
      ]);
      const stream = await openStream(s, rules.bearer);
      try {
        const at = (await now()) + 10 * MINUTE;
        const text = `${key} goes out later`;
        const made = (await schedule({ scheduled_at: iso(at), text })).body.data;
        const li = await fixtureLineItem(s, account.id);
        const spt = await adsCall(s, alice, 'POST', `accounts/${account.id}/scheduled_promoted_tweets`, {
          line_item_id: li,
          scheduled_tweet_id: made.id,
        });
        assert.equal(spt.status, 200, JSON.stringify(spt.body));
        assert.equal(spt.body.data.tweet_id, null);

        await advanceClock(s, 5 * MINUTE);
        assert.equal((await adsCall(s, alice, 'GET', `${path()}/${made.id}`)).body.data.scheduled_status, 'SCHEDULED');
        await advanceClock(s, 6 * MINUTE);
        const done = (await adsCall(s, alice, 'GET', `${path()}/${made.id}`)).body.data;
        assert.equal(done.scheduled_status, 'SUCCESS');
        assert.match(done.tweet_id, /^\d+$/);
        assert.equal(done.completed_at, made.scheduled_at);

        const v2 = await s.call('GET', `/2/tweets/${done.tweet_id}?tweet.fields=source,created_at`, {
          auth: `Bearer ${s.bearer}`,
        });
        assert.equal(v2.status, 200, JSON.stringify(v2.body));
        assert.equal(v2.body.data.text, text);
        assert.equal(v2.body.data.source, 'Twitter for Advertisers');
        assert.equal(v2.body.data.created_at, made.scheduled_at.replace('Z', '.000Z'));

        const line = await stream.waitFor((l) => l.data?.id === done.tweet_id, 15_000);
        assert.deepEqual(
          line.matching_rules.map((m: any) => m.tag),
          ['all'],
        );
        const event = await poll(() =>
          r!.accepted.find(
            (p) => p.json.data?.event_type === 'post.create' && p.json.data.payload.id === done.tweet_id,
          ),
        );
        assert.equal(event!.json.data.payload.text, text);

        const filled = await adsCall(
          s,
          alice,
          'GET',
          `accounts/${account.id}/scheduled_promoted_tweets/${spt.body.data.id}`,
        );
        assert.equal(filled.body.data.tweet_id, done.tweet_id);
        const promoted = await adsCall(s, alice, 'GET', `accounts/${account.id}/promoted_tweets`, {
          line_item_ids: li,
        });
        assert.deepEqual(
          promoted.body.data.map((p: any) => p.tweet_id),
          [done.tweet_id],
        );

        // a published post can no longer change; advancing again publishes nothing twice
        assertAdsError(
          await adsCall(s, alice, 'PUT', `${path()}/${made.id}`, { text: 'late' }),
          400,
          'INVALID_PARAMETER',
          'scheduled_tweet_id',
        );
        await advanceClock(s, DAY);
        const ours = await adsCall(s, alice, 'GET', `accounts/${account.id}/tweets`, {
          tweet_type: 'PUBLISHED',
          tweet_ids: done.tweet_id,
        });
        assert.equal(ours.body.data.length, 1);
      } finally {
        await stream.close();
      }
    } finally {
      await r?.close();
      r = null;
    }
  });

  test('an update moves the publishing time; a deleted post never publishes', async () => {
    const start = await now();
    const moved = (await schedule({ scheduled_at: iso(start + 10 * MINUTE) })).body.data;
    const gone = (await schedule({ scheduled_at: iso(start + 10 * MINUTE) })).body.data;
    await adsCall(s, alice, 'PUT', `${path()}/${moved.id}`, { scheduled_at: iso(start + 30 * MINUTE) });
    await adsCall(s, alice, 'DELETE', `${path()}/${gone.id}`);
    await advanceClock(s, 20 * MINUTE);
    assert.equal((await adsCall(s, alice, 'GET', `${path()}/${moved.id}`)).body.data.scheduled_status, 'SCHEDULED');
    await advanceClock(s, 20 * MINUTE);
    assert.equal((await adsCall(s, alice, 'GET', `${path()}/${moved.id}`)).body.data.scheduled_status, 'SUCCESS');
    assertAdsError(await adsCall(s, alice, 'GET', `${path()}/${gone.id}`), 404, 'NOT_FOUND', 'scheduled_tweet_id');
  });

  test('list: user_id filter, count 1–200 default 100', async () => {
    const who = await newAdvertiser(s);
    const acct = await newAdsAccount(s, who);
    const at = (await now()) + DAY;
    const a = (await schedule({ scheduled_at: iso(at) }, s, who, acct.id)).body.data.id;
    const b = (await schedule({ scheduled_at: iso(at) }, s, who, acct.id)).body.data.id;
    const listed = await adsCall(s, who, 'GET', `accounts/${acct.id}/scheduled_tweets`, { user_id: who.id });
    assert.deepEqual(
      listed.body.data.map((x: any) => x.id),
      [a, b],
    );
    const none = await adsCall(s, who, 'GET', `accounts/${acct.id}/scheduled_tweets`, { user_id: alice.id });
    assert.deepEqual(none.body.data, []);
    assertAdsError(
      await adsCall(s, who, 'GET', `accounts/${acct.id}/scheduled_tweets`, { count: 201 }),
      400,
      'INVALID_PARAMETER',
      'count',
    );
  });
});

forEachStore('Ads API: scheduled posts survive a restart', (store) => {
  test('a post scheduled before a restart publishes when the new server’s clock passes it', async () => {
    const first = await startServer({ store });
    let second: TestServer | null = null;
    try {
      const alice = await newAdvertiser(first);
      const account = await newAdsAccount(first, alice);
      const now = Date.parse((await first.admin('GET', '/_aviary/clock')).body.data.now);
      const made = await adsCall(first, alice, 'POST', `accounts/${account.id}/scheduled_tweets`, {
        as_user_id: alice.id,
        text: 'after the restart',
        scheduled_at: new Date(now + 60 * MINUTE).toISOString(),
      });
      assert.equal(made.status, 200, JSON.stringify(made.body));
      await first.stop();
      second = await startServer({ sameStoreAs: first });
      await advanceClock(second, 2 * 60 * MINUTE);
      const done = await adsCall(second, alice, 'GET', `accounts/${account.id}/scheduled_tweets/${made.body.data.id}`);
      assert.equal(done.body.data.scheduled_status, 'SUCCESS', JSON.stringify(done.body));
      const v2 = await second.call('GET', `/2/tweets/${done.body.data.tweet_id}`, { auth: `Bearer ${second.bearer}` });
      assert.equal(v2.body.data.text, 'after the restart');
    } finally {
      if (second) await second.close();
      else await first.close();
    }
  });
});
