// Two nodes on one PostgreSQL database behave as one service (issue "Many nodes"): one leader named
// by both, one service clock (a change on A is seen on B before A answers; B's timers fire on it),
// and the lease moving when the leader stops.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { adsCall, newAdsAccount, newAdvertiser } from '../support/ads.js';
import { PG_URL, poll, startServer, type TestServer } from '../support/server.js';

const HOUR = 3_600_000;
const skip = PG_URL ? false : 'skipped: AVIARY_TEST_DATABASE_URL is not set (CI sets it; see .ci/run)';

describe('two nodes on one PostgreSQL [postgres]', { skip }, () => {
  let a: TestServer;
  let b: TestServer;
  before(async () => {
    a = await startServer({ store: 'postgres', config: { nodeName: 'node-a' } });
    b = await startServer({ sameStoreAs: a, config: { nodeName: 'node-b' } });
  });
  after(async () => {
    await b?.stop();
    await a?.close();
  });

  const clockOf = async (s: TestServer) => (await s.admin('GET', '/_aviary/clock')).body.data;

  test('health: each node names itself, both name the same leader and both nodes', async () => {
    const ha = (await a.call('GET', '/_aviary/health')).body;
    const hb = (await b.call('GET', '/_aviary/health')).body;
    assert.equal(ha.node, 'node-a');
    assert.equal(hb.node, 'node-b');
    assert.equal(ha.leader, 'node-a', 'the first node takes the lease');
    assert.equal(hb.leader, 'node-a');
    assert.deepEqual(hb.nodes, ['node-a', 'node-b']);
  });

  test('the clock: virtual time and an advance on A are seen on B before A answers', async () => {
    const set = await a.admin('POST', '/_aviary/clock', { mode: 'virtual' });
    assert.equal(set.status, 200, JSON.stringify(set.body));
    assert.equal(set.body.data.unacknowledged_nodes, undefined, 'every node acknowledged');
    assert.deepEqual(await clockOf(b), await clockOf(a));
    const before = Date.parse((await clockOf(a)).now);
    await a.admin('POST', '/_aviary/clock', { advance_ms: 5 * HOUR });
    const seen = await clockOf(b);
    assert.equal(seen.mode, 'virtual');
    assert.equal(Date.parse(seen.now), before + 5 * HOUR);
    // And back the other way: B hands time back to real, A follows.
    await b.admin('POST', '/_aviary/clock', { mode: 'real' });
    assert.equal((await clockOf(a)).mode, 'real');
  });

  test("B's timers fire when A advances the clock: a post scheduled on B publishes once", async () => {
    await a.admin('POST', '/_aviary/clock', { mode: 'virtual' });
    const alice = await newAdvertiser(b);
    const account = await newAdsAccount(b, alice);
    const now = Date.parse((await clockOf(b)).now);
    const made = await adsCall(b, alice, 'POST', `accounts/${account.id}/scheduled_tweets`, {
      as_user_id: alice.id,
      text: 'published by a clock moved on another node',
      scheduled_at: new Date(now + HOUR).toISOString(),
    });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    await a.admin('POST', '/_aviary/clock', { advance_ms: 2 * HOUR });
    const done = await adsCall(a, alice, 'GET', `accounts/${account.id}/scheduled_tweets/${made.body.data.id}`);
    assert.equal(done.body.data.scheduled_status, 'SUCCESS', JSON.stringify(done.body));
    const post = await a.call('GET', `/2/tweets/${done.body.data.tweet_id}`, { auth: `Bearer ${a.bearer}` });
    assert.equal(post.body.data.text, 'published by a clock moved on another node');
    // Once: the account's published posts (nullcast, so not on the timeline) hold one.
    const published = await adsCall(a, alice, 'GET', `accounts/${account.id}/tweets`, { tweet_type: 'PUBLISHED' });
    assert.equal(published.body.data.length, 1, JSON.stringify(published.body));
    await a.admin('POST', '/_aviary/clock', { mode: 'real' });
  });

  test('a node that starts later joins at the service clock', async () => {
    await a.admin('POST', '/_aviary/clock', { mode: 'virtual' });
    await a.admin('POST', '/_aviary/clock', { advance_ms: 7 * HOUR });
    const c = await startServer({ sameStoreAs: a, config: { nodeName: 'node-c' } });
    try {
      assert.deepEqual(await clockOf(c), await clockOf(a));
    } finally {
      await c.stop();
    }
    await a.admin('POST', '/_aviary/clock', { mode: 'real' });
  });

  test('the leader stops: the other node takes the lease within seconds', async () => {
    await a.stop();
    const leader = await poll(
      async () => {
        const h = (await b.call('GET', '/_aviary/health')).body;
        return h.leader === 'node-b' ? h.leader : undefined;
      },
      { timeoutMs: 10_000, intervalMs: 200 },
    );
    assert.equal(leader, 'node-b');
    a = await startServer({ sameStoreAs: b, config: { nodeName: 'node-a' } });
    assert.equal((await a.call('GET', '/_aviary/health')).body.leader, 'node-b');
  });
});
