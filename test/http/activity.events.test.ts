// Every X Activity API event kind reaching a webhook with the envelope and payloads of DOCS
// x-api/activity/event-payloads.mdx: post kinds from real POST/DELETE /2/tweets calls, profile,
// Spaces and DM typing/read kinds from the control API, and the relation and DM kinds from their
// source topics (written straight to the outbox here, as the relation modules will).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { enqueue } from '../../src/store/outbox.js';
import { newApp, newUser, newWebhook, subscribe, userToken, type Receiver, type TestApp } from '../support/receiver.js';
import { forEachStore, poll, startServer, type TestServer } from '../support/server.js';

forEachStore('activity: events delivered to webhooks', (store) => {
  let s: TestServer;
  let app: TestApp;
  let r: Receiver;
  let webhookId: string;
  before(async () => {
    s = await startServer({ store });
    app = await newApp(s);
    ({ receiver: r, id: webhookId } = await newWebhook(s, app));
  });
  after(async () => {
    await s.close();
    await r.close();
  });

  /**
   * Subscribes (with the user's own token: works for public and private kinds) and returns a reader of that user's
   * events.
   */
  async function watch(userId: string, event_type: string, filter: Record<string, string> = {}, tag?: string) {
    await subscribe(s, await userToken(s, app, userId), {
      event_type,
      filter: { user_id: userId, ...filter },
      webhook_id: webhookId,
      ...(tag ? { tag } : {}),
    });
    return (n = 1) =>
      poll(() => {
        const got = r.accepted
          .map((p) => p.json.data)
          .filter((d) => d.event_type === event_type && d.filter.user_id === userId && (!tag || d.tag === tag));
        return got.length >= n ? got : null;
      }) as Promise<any[]>;
  }
  const none = async (userId: string, event_type: string) => {
    await new Promise((res) => setTimeout(res, 150));
    return !r.accepted.some((p) => p.json.data?.event_type === event_type && p.json.data.filter.user_id === userId);
  };
  const tweet = async (userId: string, body: unknown) => {
    const res = await s.call('POST', '/2/tweets', { auth: await userToken(s, app, userId), body });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.data.id as string;
  };
  const source = (topic: string, payload: unknown) =>
    s.deps.db.tx((tx) => enqueue(tx, s.deps.ids.next(), s.deps.clock.now(), { topic, payload }));

  test('post.create: the post object with count string twins, includes, and a stable envelope', async () => {
    const author = await newUser(s);
    const events = await watch(author.id, 'post.create', {}, 'my posts');
    const id = await tweet(author.id, { text: 'Hello from the activity API #aviary' });
    const [e] = await events();
    assert.deepEqual(Object.keys(e).sort(), ['event_type', 'event_uuid', 'filter', 'includes', 'payload', 'tag']);
    assert.equal(e.tag, 'my posts');
    assert.equal(e.payload.id, id);
    assert.equal(e.payload.author_id, author.id);
    assert.equal(e.payload.text, 'Hello from the activity API #aviary');
    assert.deepEqual(e.payload.edit_history_tweet_ids, [id]);
    assert.equal(e.payload.public_metrics.like_count_str, '0');
    assert.equal(e.includes.users[0].id, author.id);
  });

  test('post.mention.create, post.reply.create, post.quote.create and post.repost.create reach the user acted upon', async () => {
    const author = await newUser(s);
    const other = await newUser(s);
    const mentions = await watch(other.id, 'post.mention.create');
    const replies = await watch(other.id, 'post.reply.create');
    const quotes = await watch(other.id, 'post.quote.create');
    const reposts = await watch(other.id, 'post.repost.create');
    const original = await tweet(other.id, { text: `an original by @${author.username}` });
    const mention = await tweet(author.id, { text: `hi @${other.username}` });
    assert.equal((await mentions())[0].payload.id, mention);
    const reply = await tweet(author.id, { text: 'a reply', reply: { in_reply_to_tweet_id: original } });
    assert.equal((await replies())[0].payload.id, reply);
    const quote = await tweet(author.id, { text: 'a quote', quote_tweet_id: original });
    assert.equal((await quotes())[0].payload.id, quote);
    const rt = await s.call('POST', `/2/users/${author.id}/retweets`, {
      auth: await userToken(s, app, author.id),
      body: { tweet_id: original },
    });
    assert.equal(rt.status, 200, JSON.stringify(rt.body));
    const [repost] = await reposts();
    assert.deepEqual(repost.payload.referenced_tweets, [{ type: 'retweeted', id: original }]);
  });

  test('edits arrive as post.create of the new version; post.delete carries id and author', async () => {
    const author = await newUser(s, { premium: true });
    const created = await watch(author.id, 'post.create');
    const deleted = await watch(author.id, 'post.delete');
    const first = await tweet(author.id, { text: 'first version' });
    const second = await tweet(author.id, { text: 'second version', edit_options: { previous_post_id: first } });
    // Deliveries run concurrently, so the two may arrive in either order: the edit is the one naming two versions.
    const both = await created(2);
    assert.deepEqual(both.map((e) => e.payload.id).sort(), [first, second].sort());
    const edit = both.find((e) => e.payload.edit_history_tweet_ids.length === 2);
    assert.equal(edit.payload.id, second);
    assert.deepEqual(edit.payload.edit_history_tweet_ids, [first, second]);
    const del = await s.call('DELETE', `/2/tweets/${second}`, { auth: await userToken(s, app, author.id) });
    assert.equal(del.status, 200);
    const [d] = await deleted();
    assert.deepEqual(d.payload, { id: second, author_id: author.id });
    assert.equal(d.includes.users[0].data.id, author.id);
  });

  test("keyword filters match post text; protected accounts' posts are never delivered", async () => {
    const author = await newUser(s);
    const rockets = await watch(author.id, 'post.create', { keyword: 'Rocket' }, 'rockets');
    await tweet(author.id, { text: 'nothing to see' });
    await tweet(author.id, { text: 'a rocket launch' });
    const got = await rockets();
    assert.deepEqual(
      got.map((e) => e.payload.text),
      ['a rocket launch'],
    );
    const hidden = await newUser(s, { protected: true });
    await watch(hidden.id, 'post.create');
    await tweet(hidden.id, { text: 'for followers only' });
    assert.ok(await none(hidden.id, 'post.create'));
  });

  test('profile.update.* from PATCH /_aviary/users/{id}, with before and after', async () => {
    const user = await newUser(s, { description: 'Mars & Cars' });
    const kinds = [
      'bio',
      'screenname',
      'handle',
      'geo',
      'url',
      'profile_picture',
      'verified',
      'affiliate',
      'banner_picture',
    ];
    const readers = Object.fromEntries(
      await Promise.all(kinds.map(async (k) => [k, await watch(user.id, `profile.update.${k}`)] as const)),
    );
    const badge = await watch(user.id, 'profile.update.verified_badge');
    const res = await s.admin('PATCH', `/_aviary/users/${user.id}`, {
      description: 'Mars, Cars & AI',
      name: 'New Name',
      // newUser's names start with 'u': another first letter is always a new handle (the old
      // `slice(0, 10) + 'x'` was the same name when the 11th letter was an x, one run in 36).
      username: `n${user.username.slice(1)}`,
      location: 'Mars',
      url: 'https://example.com',
      profile_image_url: 'https://pbs.twimg.com/p.jpg',
      verified: true,
      affiliation: 'XDevelopers',
      banner_url: 'https://pbs.twimg.com/b.jpg',
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.data.description, 'Mars, Cars & AI');
    assert.deepEqual((await readers.bio!())[0].payload, { before: 'Mars & Cars', after: 'Mars, Cars & AI' });
    assert.deepEqual((await readers.screenname!())[0].payload, { before: user.username, after: 'New Name' });
    assert.deepEqual((await readers.verified!())[0].payload, { before: false, after: true });
    assert.deepEqual((await readers.affiliate!())[0].payload, { before: null, after: 'XDevelopers' });
    for (const k of ['handle', 'geo', 'url', 'profile_picture', 'banner_picture']) await readers[k]!();
    assert.equal((await badge())[0].event_type, 'profile.update.verified_badge', 'the spec name of the same trigger');
    const unchanged = await s.admin('PATCH', `/_aviary/users/${user.id}`, { description: 'Mars, Cars & AI' });
    assert.equal(unchanged.status, 200);
    const bad = await s.admin('PATCH', `/_aviary/users/${user.id}`, { description: 'x'.repeat(161) });
    assert.equal(bad.status, 400);
  });

  test('spaces.start and spaces.end from the control API', async () => {
    const host = await newUser(s);
    const starts = await watch(host.id, 'spaces.start');
    const ends = await watch(host.id, 'spaces.end');
    const space = await s.admin('POST', '/_aviary/spaces', { host_id: host.id, title: 'Launch party' });
    assert.equal(space.status, 201);
    const [start] = await starts();
    assert.equal(start.payload.broadcast_id, space.body.data.id);
    assert.equal(start.payload.event_type, 'start');
    assert.equal(start.payload.user.data.id, host.id);
    assert.equal((await s.admin('POST', `/_aviary/spaces/${space.body.data.id}/end`)).status, 200);
    assert.equal((await ends())[0].payload.event_type, 'end');
    assert.equal((await s.admin('POST', `/_aviary/spaces/${space.body.data.id}/end`)).status, 409);
  });

  test('dm.indicate_typing and dm.read with the direction filter', async () => {
    const a = await newUser(s);
    const b = await newUser(s);
    const aSent = await watch(a.id, 'dm.indicate_typing', { direction: 'sent' });
    const bReceived = await watch(b.id, 'dm.indicate_typing', { direction: 'received' });
    await watch(b.id, 'dm.read', { direction: 'sent' });
    const aReads = await watch(a.id, 'dm.read', { direction: 'received' });
    assert.equal(
      (await s.admin('POST', '/_aviary/dm-signals', { type: 'typing', sender_id: a.id, recipient_ids: [b.id] })).status,
      201,
    );
    const [typing] = await bReceived();
    assert.equal(typing.payload.direct_message_indicate_typing_events[0].sender_id, a.id);
    assert.equal(typing.payload.direct_message_indicate_typing_events[0].target.recipient_id, b.id);
    await aSent();
    assert.equal(
      (
        await s.admin('POST', '/_aviary/dm-signals', {
          type: 'read',
          sender_id: b.id,
          recipient_ids: [a.id],
          last_read_event_id: '1234',
        })
      ).status,
      201,
    );
    const [read] = await aReads();
    assert.equal(read.payload.direct_message_mark_read_events[0].last_read_event_id, '1234');
  });

  test('dm.sent / dm.received, like.create, follow.*, block.* and mute.* from their source topics', async () => {
    const a = await newUser(s);
    const b = await newUser(s);
    const sent = await watch(a.id, 'dm.sent');
    const received = await watch(b.id, 'dm.received');
    await source('dm.sent', {
      dm_event_id: '1580000000000000001',
      conversation_id: `${a.id}-${b.id}`,
      sender_id: a.id,
      recipient_ids: [b.id],
      text: 'psst',
    });
    const [dm] = await received();
    assert.equal(dm.payload.direct_message_events[0].message_create.message_data.text, 'psst');
    assert.equal(dm.payload.direct_message_events[0].message_create.sender_id, a.id);
    assert.equal(dm.payload.users[b.id].data.id, b.id);
    await sent();

    const liked = await watch(b.id, 'like.create', { direction: 'inbound' });
    const post = await tweet(b.id, { text: 'like me' });
    await source('like.create', { user_id: a.id, post_id: post });
    const [like] = await liked();
    assert.equal(like.payload.liked_tweet_id, post);
    assert.equal(like.payload.liked_tweet_author_id, b.id);
    assert.match(like.payload.timestamp_ms, /^\d+$/);

    const follows = await watch(b.id, 'follow.follow');
    const unfollows = await watch(a.id, 'follow.unfollow', { direction: 'outbound' });
    await source('follow.follow', { source_id: a.id, target_id: b.id });
    await source('follow.unfollow', { source_id: a.id, target_id: b.id });
    const [f] = await follows();
    assert.equal(f.payload.source.data.id, a.id);
    assert.equal(f.payload.target.data.id, b.id);
    await unfollows();
    for (const kind of ['block.block', 'block.unblock', 'mute.mute', 'mute.unmute']) {
      const got = await watch(a.id, kind);
      await source(kind, { source_id: a.id, target_id: b.id });
      assert.equal((await got())[0].payload.target.data.id, b.id);
    }
  });

  test('real likes, follows, blocks, mutes and DMs over the data API cause their events', async () => {
    const a = await newUser(s);
    const b = await newUser(s);
    const asA = await userToken(s, app, a.id, [
      'tweet.read',
      'tweet.write',
      'users.read',
      'like.write',
      'dm.write',
      'follows.write',
      'mute.write',
      'block.read',
    ]);
    const ok = (res: { status: number; body: unknown }) => assert.ok(res.status < 300, JSON.stringify(res.body));
    const liked = await watch(b.id, 'like.create', { direction: 'inbound' });
    const post = await tweet(b.id, { text: 'like me for real' });
    ok(await s.call('POST', `/2/users/${a.id}/likes`, { auth: asA, body: { tweet_id: post } }));
    assert.equal((await liked())[0].payload.liked_tweet_id, post);

    const follows = await watch(b.id, 'follow.follow');
    const unfollows = await watch(a.id, 'follow.unfollow', { direction: 'outbound' });
    ok(await s.call('POST', `/2/users/${a.id}/following`, { auth: asA, body: { target_user_id: b.id } }));
    assert.equal((await follows())[0].payload.source.data.id, a.id);
    ok(await s.call('DELETE', `/2/users/${a.id}/following/${b.id}`, { auth: asA }));
    await unfollows();

    const received = await watch(b.id, 'dm.received');
    ok(await s.call('POST', `/2/dm_conversations/with/${b.id}/messages`, { auth: asA, body: { text: 'for real' } }));
    assert.equal((await received())[0].payload.direct_message_events[0].message_create.message_data.text, 'for real');

    for (const [kind, path, undo] of [
      ['mute.mute', 'muting', 'mute.unmute'],
      ['block.block', 'blocking', 'block.unblock'],
    ] as const) {
      const on = await watch(a.id, kind);
      const off = await watch(a.id, undo);
      ok(await s.call('POST', `/2/users/${a.id}/${path}`, { auth: asA, body: { target_user_id: b.id } }));
      assert.equal((await on())[0].payload.target.data.id, b.id);
      ok(await s.call('DELETE', `/2/users/${a.id}/${path}/${b.id}`, { auth: asA }));
      await off();
    }
  });

  test('synthetic events from POST /_aviary/events, for any kind', async () => {
    const user = await newUser(s);
    const news = await watch(user.id, 'chat.received');
    const res = await s.admin('POST', '/_aviary/events', {
      event_type: 'chat.received',
      user_id: user.id,
      direction: 'inbound',
      payload: { conversation_id: '1:2' },
      count: 3,
    });
    assert.equal(res.status, 201);
    assert.equal(res.body.data.queued, 3);
    const got = await news(3);
    assert.equal(new Set(got.map((e) => e.event_uuid)).size, 3);
    assert.equal((await s.admin('POST', '/_aviary/events', { event_type: 'Nope', user_id: user.id })).status, 400);
  });
});
