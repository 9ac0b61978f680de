// The seed's product rules: replies on self-serve tiers only when summoned, edits (owner, Premium,
// one hour), share_with_followers needs community_id, likes and follows by POST refused on
// self-serve tiers, the older basic tier's monthly cap, and write grants.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { adminPost, newApp, newUser, userToken, type TestUser } from '../support/actors.js';
import { postsRepo } from '../../src/modules/posts/posts.repo.js';
import { monthOf } from '../../src/modules/posts/posts.rules.js';
import { GROUPED } from '../../src/store/index.js';
import { twitterApiV2 } from '../support/sdk.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

const REPLY_REFUSED =
  'Reply to this conversation is not allowed because you have not been mentioned or otherwise engaged by the author of the post you are replying to.';

forEachStore('posts rules', (store) => {
  let s: TestServer;
  let author: TestUser;
  let replier: TestUser;
  before(async () => {
    s = await startServer({ store, spec: true });
    author = await newUser(s, { premium: true });
    replier = await newUser(s);
  });
  after(async () => {
    await s.close();
  });

  test('self-serve tiers: a reply needs the original to mention or quote the replier', async () => {
    const free = await userToken(s, replier.id, { tier: 'free' });
    const plain = await adminPost(s, author.id, { text: 'talking to nobody' });
    const refused = await s.call('POST', '/2/tweets', {
      auth: free,
      body: { text: 'butting in', reply: { in_reply_to_tweet_id: plain.id } },
    });
    assert.equal(refused.status, 403);
    assert.deepEqual(refused.body, { title: 'Forbidden', type: 'about:blank', status: 403, detail: REPLY_REFUSED });

    const mentioning = await adminPost(s, author.id, { text: `what do you think @${replier.username}?` });
    const ok = await s.call('POST', '/2/tweets', {
      auth: free,
      body: { text: 'I think so', reply: { in_reply_to_tweet_id: mentioning.id } },
    });
    assert.equal(ok.status, 201);

    const theirs = await adminPost(s, replier.id, { text: 'a quotable line' });
    const quoting = await adminPost(s, author.id, { text: 'this!', quote_tweet_id: theirs.id });
    const ok2 = await s.call('POST', '/2/tweets', {
      auth: await userToken(s, replier.id, { tier: 'pro' }),
      body: { text: 'thanks', reply: { in_reply_to_tweet_id: quoting.id } },
    });
    assert.equal(ok2.status, 201);

    const enterprise = await s.call('POST', '/2/tweets', {
      auth: await userToken(s, replier.id, { tier: 'enterprise' }),
      body: { text: 'allowed here', reply: { in_reply_to_tweet_id: plain.id } },
    });
    assert.equal(enterprise.status, 201);
  });

  test('reply_settings of the original apply on every tier', async () => {
    const closed = await adminPost(s, author.id, { text: 'mentioned only', reply_settings: 'mentionedUsers' });
    const res = await s.call('POST', '/2/tweets', {
      auth: await userToken(s, replier.id),
      body: { text: 'me too', reply: { in_reply_to_tweet_id: closed.id } },
    });
    assert.equal(res.status, 403);
  });

  test('edits: owner only, Premium only, within one hour of the first version', async () => {
    const token = await userToken(s, author.id);
    const post = await s.call('POST', '/2/tweets', { auth: token, body: { text: 'version one' } });
    const id = post.body.data.id;
    const stranger = await s.call('POST', '/2/tweets', {
      auth: await userToken(s, replier.id),
      body: { text: 'hijack', edit_options: { previous_post_id: id } },
    });
    assert.equal(stranger.status, 403);

    const own = await adminPost(s, replier.id, { text: 'not premium' });
    const noPremium = await s.call('POST', '/2/tweets', {
      auth: await userToken(s, replier.id),
      body: { text: 'edited', edit_options: { previous_post_id: own.id } },
    });
    assert.equal(noPremium.status, 403);
    assert.match(noPremium.body.detail, /Premium/);

    const clock = (await s.admin('GET', '/_aviary/clock')).body.data.now;
    await s.admin('POST', '/_aviary/clock', { set: new Date(Date.parse(clock) + 59 * 60_000).toISOString() });
    const inTime = await s.call('POST', '/2/tweets', {
      auth: token,
      body: { text: 'version two', edit_options: { previous_post_id: id } },
    });
    assert.equal(inTime.status, 201);
    await s.admin('POST', '/_aviary/clock', { advance_ms: 2 * 60_000 });
    const late = await s.call('POST', '/2/tweets', {
      auth: token,
      body: { text: 'version three', edit_options: { previous_post_id: inTime.body.data.id } },
    });
    assert.equal(late.status, 403);
    assert.match(late.body.detail, /1 hour/);
    await s.admin('POST', '/_aviary/clock', { mode: 'real' });
  });

  test('share_with_followers only together with community_id', async () => {
    const token = await userToken(s, author.id);
    const res = await s.call('POST', '/2/tweets', {
      auth: token,
      body: { text: 'to everyone', share_with_followers: true },
    });
    assert.equal(res.status, 400);
    assert.deepEqual(Object.keys(res.body.errors[0].parameters), ['share_with_followers']);
    // The community must exist and the author be in it (modules/communities; its creator is).
    const community = await s.admin('POST', '/_aviary/communities', { name: 'Rules circle', creator_id: author.id });
    assert.equal(community.status, 201, JSON.stringify(community.body));
    const ok = await s.call('POST', '/2/tweets', {
      auth: token,
      body: { text: 'community post', community_id: community.body.data.id, share_with_followers: true },
    });
    assert.equal(ok.status, 201);
  });

  test('likes and follows by POST are refused on self-serve tiers: client-forbidden, client-not-enrolled', async () => {
    const post = await adminPost(s, author.id, { text: 'like me' });
    for (const tier of ['free', 'basic', 'pro', 'pay-per-use']) {
      const app = await newApp(s, { tier });
      const client = twitterApiV2(s.url, (await userToken(s, replier.id, { appId: app.id })).slice(7));
      await assert.rejects(
        client.v2.like(replier.id, post.id),
        (e: { code: number; data: { type: string; reason: string; client_id: string } }) => {
          assert.equal(e.code, 403);
          assert.equal(e.data.type, 'https://api.twitter.com/2/problems/client-forbidden');
          assert.equal(e.data.reason, 'client-not-enrolled');
          assert.equal(e.data.client_id, app.client_id);
          return true;
        },
      );
      const follow = await s.call('POST', `/2/users/${replier.id}/following`, {
        auth: await userToken(s, replier.id, { appId: app.id }),
        body: { target_user_id: author.id },
      });
      assert.equal(follow.status, 403);
      assert.equal(follow.body.reason, 'client-not-enrolled');
    }
    const enterprise = twitterApiV2(s.url, (await userToken(s, replier.id)).slice(7));
    assert.deepEqual((await enterprise.v2.like(replier.id, post.id)).data, { liked: true });
  });

  test('the older basic tier stops at 500,000 posts a month: usage-capped, Monthly, Product', async () => {
    const app = await newApp(s, { tier: 'basic' });
    const token = await userToken(s, author.id, { appId: app.id });
    await s.admin('PUT', `/_aviary/apps/${app.id}/post-usage`, { posts: 499_999 });
    const last = await s.call('POST', '/2/tweets', { auth: token, body: { text: 'the last one this month' } });
    assert.equal(last.status, 201);
    const capped = await s.call('POST', '/2/tweets', { auth: token, body: { text: 'one too many' } });
    assert.equal(capped.status, 429);
    assert.deepEqual(capped.body, {
      title: 'UsageCapExceeded',
      type: 'https://api.twitter.com/2/problems/usage-capped',
      status: 429,
      detail: 'Usage cap exceeded: Monthly product cap',
      period: 'Monthly',
      scope: 'Product',
    });
    // A repeat of the author's latest post is refused as a duplicate first, cap or not.
    const repeat = await s.call('POST', '/2/tweets', { auth: token, body: { text: 'the last one this month' } });
    assert.equal(repeat.status, 403);
    assert.equal(repeat.body.detail, 'You are not allowed to create a Tweet with duplicate content.');
    // Sent at once (one commit group: counted together, refused one by one): exactly the cap's room.
    const atOnce = async (n: number, tag: string) =>
      (
        await Promise.all(
          Array.from({ length: n }, (_, i) =>
            s.call('POST', '/2/tweets', { auth: token, body: { text: `at once ${tag} ${i}` } }),
          ),
        )
      )
        .map((r) => r.status)
        .sort();
    await s.admin('PUT', `/_aviary/apps/${app.id}/post-usage`, { posts: 499_998 });
    assert.deepEqual(await atOnce(4, 'a'), [201, 201, 429, 429]);
    await s.admin('PUT', `/_aviary/apps/${app.id}/post-usage`, { posts: 499_996 });
    assert.deepEqual(await atOnce(4, 'b'), [201, 201, 201, 201]);
    assert.deepEqual(await atOnce(1, 'c'), [429]);
    const pro = await s.call('POST', '/2/tweets', {
      auth: await userToken(s, author.id, { tier: 'pro' }),
      body: { text: 'other tiers are not capped' },
    });
    assert.equal(pro.status, 201);
  });

  test('posts counted together in one commit group are refused one by one past the cap', async () => {
    // White-box: four counts asked in one turn are one group on SQLite (and on PostgreSQL all but the
    // first), counted in one statement; the refusal of the sum undoes the run, and each is counted alone.
    const app = await newApp(s, { tier: 'basic' });
    await s.admin('PUT', `/_aviary/apps/${app.id}/post-usage`, { posts: 499_998 });
    const month = monthOf(s.deps.clock.now());
    const totals: number[] = [];
    const count = () =>
      s.deps.db.tx(
        (tx) =>
          postsRepo.countPost(tx, app.id, month, (total) => {
            if (total > 500_000) throw new Error(`capped at ${total}`);
            totals.push(total);
          }),
        GROUPED,
      );
    const results = await Promise.allSettled([count(), count(), count(), count()]);
    assert.deepEqual(
      results.map((r) => r.status),
      ['fulfilled', 'fulfilled', 'rejected', 'rejected'],
    );
    assert.deepEqual(totals, [499_999, 500_000]);
  });

  test('OAuth 2.0 tokens without tweet.write cannot post', async () => {
    const token = await userToken(s, author.id, { scopes: ['tweet.read', 'users.read'] });
    const res = await s.call('POST', '/2/tweets', { auth: token, body: { text: 'nope' } });
    assert.equal(res.status, 403);
  });

  test("a write reads its accounts as they are now: a profile change is seen at once, the counters' moves are not waited for", async () => {
    // Accounts are cached under a token that counter moves leave alone (users.repo.ts `touch`).
    const owner = await newUser(s);
    const other = await userToken(s, replier.id, { tier: 'enterprise' });
    const original = await adminPost(s, owner.id, { text: 'open to replies for now' });
    let n = 0;
    const reply = () =>
      s.call('POST', '/2/tweets', {
        auth: other,
        body: { text: `reply ${++n}`, reply: { in_reply_to_tweet_id: original.id } },
      });
    assert.equal((await reply()).status, 201);
    await adminPost(s, owner.id, { text: 'the counter moves' });
    assert.equal((await reply()).status, 201);
    assert.equal((await s.admin('PATCH', `/_aviary/users/${owner.id}`, { protected: true })).status, 200);
    const refused = await reply();
    assert.equal(refused.status, 403);
    assert.match(JSON.stringify(refused.body), /deleted or not visible to you/);
    const me = await s.call('GET', `/2/users/${owner.id}?user.fields=public_metrics`, { auth: other });
    assert.equal((me.body as { data: { public_metrics: { tweet_count: number } } }).data.public_metrics.tweet_count, 2);
  });
});
