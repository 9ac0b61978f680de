// Post lookups with fields and expansions through the three real SDKs, partial errors for missing
// and protected posts, and the 400s for unknown field values.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { adminPost, newUser, userToken, type TestUser } from '../support/actors.js';
import { twitterApiSdk, twitterApiV2, xdk } from '../support/sdk.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

forEachStore('posts lookup', (store) => {
  let s: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let root: { id: string };
  let reply: { id: string };
  let poll: { id: string };
  before(async () => {
    s = await startServer({ store, spec: true });
    alice = await newUser(s);
    bob = await newUser(s);
    root = await adminPost(s, alice.id, {
      text: `Hello @${bob.username} and @jack #aviary $AVRY https://example.com/docs/start javascript in Paris`,
    });
    reply = await adminPost(s, bob.id, {
      text: `@${alice.username} thanks!`,
      reply: { in_reply_to_tweet_id: root.id },
      geo: { place_id: '09f6a7707f18e0b1' },
    });
    poll = await adminPost(s, alice.id, {
      text: 'Tabs or spaces?',
      poll: { options: ['tabs', 'spaces'], duration_minutes: 60 },
    });
  });
  after(async () => {
    assert.ok(s.specChecked() > 0);
    await s.close();
  });

  test('default fields are id, text and edit_history_tweet_ids', async () => {
    const res = await s.call('GET', `/2/tweets/${root.id}`, { auth: `Bearer ${s.bearer}` });
    assert.equal(res.status, 200);
    assert.deepEqual(Object.keys(res.body.data).sort(), ['edit_history_tweet_ids', 'id', 'text']);
    assert.deepEqual(res.body.data.edit_history_tweet_ids, [root.id]);
    assert.match(res.body.data.text, /https:\/\/t\.co\/[A-Za-z0-9]{10} javascript/);
  });

  test('twitter-api-v2: entities, annotations and expansions without duplicates', async () => {
    const client = twitterApiV2(s.url, s.bearer);
    const res = await client.v2.tweets([root.id, reply.id], {
      'tweet.fields': [
        'author_id',
        'entities',
        'context_annotations',
        'conversation_id',
        'in_reply_to_user_id',
        'referenced_tweets',
        'public_metrics',
        'geo',
        'lang',
        'created_at',
      ],
      expansions: [
        'author_id',
        'referenced_tweets.id',
        'referenced_tweets.id.author_id',
        'in_reply_to_user_id',
        'entities.mentions.username',
        'geo.place_id',
      ],
      'place.fields': ['country_code', 'geo'],
    });
    const [a, b] = res.data;
    assert.equal(a!.id, root.id);
    const e = a!.entities!;
    const at = a!.text.indexOf('#aviary');
    assert.deepEqual(e.hashtags, [{ start: at, end: at + 7, tag: 'aviary' }]);
    assert.equal(e.mentions!.find((m) => m.username === bob.username)!.id, bob.id);
    assert.equal(e.cashtags![0]!.tag, 'AVRY');
    assert.equal(e.urls![0]!.expanded_url, 'https://example.com/docs/start');
    assert.equal(e.urls![0]!.display_url, 'example.com/docs/start');
    assert.ok(e.annotations!.some((x) => x.normalized_text === 'Paris' && x.type === 'Place'));
    assert.ok(a!.context_annotations!.some((c) => c.domain.id === '66' && c.entity.name === 'Computer programming'));
    assert.equal(a!.public_metrics!.reply_count, 1);
    assert.equal(a!.lang, 'en');
    assert.deepEqual(b!.referenced_tweets, [{ type: 'replied_to', id: root.id }]);
    assert.equal(b!.conversation_id, root.id);
    assert.equal(b!.in_reply_to_user_id, alice.id);
    assert.deepEqual(b!.geo, { place_id: '09f6a7707f18e0b1' });
    const userIds = res.includes!.users!.map((u) => u.id);
    assert.deepEqual(userIds, [...new Set(userIds)]);
    assert.ok(userIds.includes(alice.id) && userIds.includes(bob.id) && userIds.includes('12'));
    assert.deepEqual(
      res.includes!.tweets!.map((t) => t.id),
      [root.id],
    );
    assert.equal(res.includes!.places![0]!.country_code, 'FR');
  });

  test('entities.mentions.username includes the account that holds the name now, after renames', async () => {
    const carol = await newUser(s);
    const dave = await newUser(s);
    const erin = await newUser(s);
    const post = await adminPost(s, dave.id, { text: `hi @${carol.username} and @${erin.username}` });
    const included = async () => {
      const res = await s.call('GET', `/2/tweets/${post.id}?expansions=entities.mentions.username`, {
        auth: `Bearer ${s.bearer}`,
      });
      assert.equal(res.status, 200);
      return (res.body.includes?.users ?? []).map((u: { id: string }) => u.id);
    };
    assert.deepEqual(await included(), [carol.id, erin.id]);
    const rename = async (id: string, username: string) =>
      assert.equal((await s.admin('PATCH', `/_aviary/users/${id}`, { username })).status, 200);
    // Carol leaves her name and Dave takes it: the mention now names Dave; Erin's name names no one.
    await rename(carol.id, `${carol.username}x`.slice(0, 15));
    await rename(dave.id, carol.username);
    await rename(erin.id, `${erin.username}y`.slice(0, 15));
    assert.deepEqual(await included(), [dave.id]);
  });

  test("a profile change shows in the next lookup's includes (cached user rows are checked again)", async () => {
    const author = await newUser(s);
    const post = await adminPost(s, author.id, { text: 'who wrote this?' });
    const name = async () =>
      (await s.call('GET', `/2/tweets/${post.id}?expansions=author_id`, { auth: `Bearer ${s.bearer}` })).body.includes
        .users[0].name;
    assert.equal(await name(), author.name);
    assert.equal((await s.admin('PATCH', `/_aviary/users/${author.id}`, { name: 'Renamed' })).status, 200);
    assert.equal(await name(), 'Renamed');
  });

  test('twitter-api-sdk: a poll and its includes', async () => {
    const client = twitterApiSdk(s.url, s.bearer);
    const res = await client.tweets.findTweetById(poll.id, {
      expansions: ['attachments.poll_ids'],
      'poll.fields': ['duration_minutes', 'voting_status', 'end_datetime'],
      'tweet.fields': ['attachments'],
    });
    const pollId = res.data!.attachments!.poll_ids![0]!;
    assert.deepEqual(res.includes!.polls![0]!.options, [
      { position: 1, label: 'tabs', votes: 0 },
      { position: 2, label: 'spaces', votes: 0 },
    ]);
    assert.equal(res.includes!.polls![0]!.id, pollId);
    assert.equal(res.includes!.polls![0]!.voting_status, 'open');
    assert.equal(res.includes!.polls![0]!.duration_minutes, 60);
  });

  test('@xdevplatform/xdk: lookup by ids with user fields on the author', async () => {
    const client = xdk(s.url, { bearerToken: s.bearer });
    // XDK 0.6.6 sends `post.fields` (SPEC 2.167's name for tweet.fields).
    const res: any = await client.posts.getByIds([root.id], {
      postFields: ['author_id'],
      expansions: ['author_id'],
      userFields: ['created_at', 'public_metrics'],
    } as never);
    assert.equal(res.data[0].authorId, alice.id);
    assert.equal(res.includes.users[0].publicMetrics.tweetCount, 2);
  });

  test('missing ids are resource-not-found partial errors in a 200; order follows the request', async () => {
    const res = await s.call('GET', `/2/tweets?ids=404404,${reply.id},${root.id}`, { auth: `Bearer ${s.bearer}` });
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.body.data.map((t: { id: string }) => t.id),
      [reply.id, root.id],
    );
    assert.deepEqual(res.body.errors, [
      {
        title: 'Not Found Error',
        type: 'https://api.twitter.com/2/problems/resource-not-found',
        detail: 'Could not find tweet with ids: [404404].',
        value: '404404',
        resource_type: 'tweet',
        parameter: 'ids',
        resource_id: '404404',
      },
    ]);
    const single = await s.call('GET', '/2/tweets/404404', { auth: `Bearer ${s.bearer}` });
    assert.equal(single.status, 200);
    assert.equal(single.body.data, undefined);
    assert.equal(single.body.errors[0].parameter, 'id');
  });

  test('unknown field or expansion values → 400 listing the allowed values', async () => {
    const res = await s.call(
      'GET',
      `/2/tweets/${root.id}?tweet.fields=nope&expansions=author_id,bogus&media.fields=url`,
      { auth: `Bearer ${s.bearer}` },
    );
    assert.equal(res.status, 400);
    const messages = res.body.errors.map((e: { message: string }) => e.message);
    assert.ok(
      messages.some((m: string) =>
        m.startsWith('The `tweet.fields` query parameter value [nope] is not one of [article,attachments,author_id,'),
      ),
    );
    assert.ok(
      messages.some((m: string) =>
        m.startsWith('The `expansions` query parameter value [bogus] is not one of [article.cover_media,'),
      ),
    );
    const ids = await s.call('GET', '/2/tweets?ids=abc', { auth: `Bearer ${s.bearer}` });
    assert.equal(ids.status, 400);
  });

  test('protected authors: not-authorized-for-resource unless the viewer follows them', async () => {
    const locked = await newUser(s, { protected: true });
    const secret = await adminPost(s, locked.id, { text: 'only for my followers' });
    await s.admin('POST', '/_aviary/follows', { source_id: bob.id, target_id: locked.id });
    const quote = await adminPost(s, bob.id, { text: 'quoting a secret', quote_tweet_id: secret.id });
    const app = await s.call('GET', `/2/tweets?ids=${secret.id},${quote.id}&expansions=referenced_tweets.id`, {
      auth: `Bearer ${s.bearer}`,
    });
    assert.deepEqual(
      app.body.data.map((t: { id: string }) => t.id),
      [quote.id],
    );
    const sections = app.body.errors.map((e: { type: string; section: string; resource_id: string }) => [
      e.type.split('/').pop(),
      e.section,
      e.resource_id,
    ]);
    assert.deepEqual(sections, [
      ['not-authorized-for-resource', 'data', secret.id],
      ['not-authorized-for-resource', 'includes', secret.id],
    ]);
    assert.equal(app.body.includes, undefined);

    const self = await s.call('GET', `/2/tweets/${secret.id}`, { auth: await userToken(s, locked.id) });
    assert.equal(self.body.data.id, secret.id);
  });
});
