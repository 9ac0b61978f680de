// Direct messages through the SDKs: one-to-one and group conversations, events with expansions,
// paging, participants only, deletion, and the DM scopes.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { adminPost, newUser, userToken, type TestUser } from '../support/actors.js';
import { twitterApiV2, xdk } from '../support/sdk.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

forEachStore('direct messages', (store) => {
  let s: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let aliceToken: string;
  let bobToken: string;
  before(async () => {
    s = await startServer({ store, spec: true });
    alice = await newUser(s);
    bob = await newUser(s);
    aliceToken = await userToken(s, alice.id);
    bobToken = await userToken(s, bob.id);
  });
  after(async () => {
    await s.close();
  });

  test('twitter-api-v2 sends to a user; the conversation id pairs the two ids, low first', async () => {
    const client = twitterApiV2(s.url, aliceToken.slice(7));
    const sent = await client.v2.sendDmToParticipant(bob.id, { text: 'hi bob, see https://example.com/page' });
    const pair = BigInt(alice.id) < BigInt(bob.id) ? `${alice.id}-${bob.id}` : `${bob.id}-${alice.id}`;
    assert.equal((sent as unknown as { data: { dm_conversation_id: string } }).data.dm_conversation_id, pair);
    const post = await adminPost(s, alice.id, { text: 'a post worth sharing' });
    await s.call('POST', `/2/dm_conversations/${pair}/messages`, {
      auth: bobToken,
      body: { text: `look https://x.com/${alice.username}/status/${post.id}` },
    });
    const events = await s.call(
      'GET',
      `/2/dm_conversations/with/${alice.id}/dm_events?dm_event.fields=sender_id,created_at,dm_conversation_id,referenced_tweets,entities&expansions=sender_id,referenced_tweets.id`,
      { auth: bobToken },
    );
    assert.equal(events.body.data.length, 2);
    assert.equal(events.body.data[0].sender_id, bob.id);
    assert.deepEqual(events.body.data[0].referenced_tweets, [{ id: post.id }]);
    assert.equal(events.body.data[1].entities.urls[0].expanded_url, 'https://example.com/page');
    assert.deepEqual(events.body.includes.users.map((u: { id: string }) => u.id).sort(), [alice.id, bob.id].sort());
    assert.deepEqual(
      events.body.includes.tweets.map((t: { id: string }) => t.id),
      [post.id],
    );
  });

  test("@xdevplatform/xdk reads all of the caller's events; paging with tokens", async () => {
    const carol = await newUser(s);
    for (let i = 0; i < 3; i++)
      await s.call('POST', `/2/dm_conversations/with/${carol.id}/messages`, {
        auth: aliceToken,
        body: { text: `message ${i}` },
      });
    const client: any = xdk(s.url, { accessToken: aliceToken.slice(7) });
    const page1: any = await client.directMessages.getEvents({ maxResults: 2 });
    assert.equal(page1.data.length, 2);
    assert.equal(page1.data[0].text, 'message 2');
    const page2 = await s.call('GET', `/2/dm_events?max_results=2&pagination_token=${page1.meta.nextToken}`, {
      auth: aliceToken,
    });
    assert.equal(page2.body.data[0].text, 'message 0');
  });

  test('groups: ParticipantsJoin then the message; only participants read; senders delete', async () => {
    const carol = await newUser(s);
    const res = await s.call('POST', '/2/dm_conversations', {
      auth: aliceToken,
      body: { conversation_type: 'Group', participant_ids: [bob.id, carol.id], message: { text: 'welcome all' } },
    });
    assert.equal(res.status, 201);
    const id = res.body.data.dm_conversation_id;
    const events = await s.call('GET', `/2/dm_conversations/${id}/dm_events?dm_event.fields=participant_ids`, {
      auth: await userToken(s, carol.id),
    });
    assert.deepEqual(
      events.body.data.map((e: { event_type: string }) => e.event_type),
      ['MessageCreate', 'ParticipantsJoin'],
    );
    assert.deepEqual(events.body.data[1].participant_ids.sort(), [alice.id, bob.id, carol.id].sort());
    const outsider = await newUser(s);
    const denied = await s.call('GET', `/2/dm_conversations/${id}/dm_events`, {
      auth: await userToken(s, outsider.id),
    });
    assert.equal(denied.status, 404);
    const notMine = await s.call('DELETE', `/2/dm_events/${res.body.data.dm_event_id}`, { auth: bobToken });
    assert.equal(notMine.status, 403);
    const del = await s.call('DELETE', `/2/dm_events/${res.body.data.dm_event_id}`, { auth: aliceToken });
    assert.deepEqual(del.body, { data: { deleted: true } });
  });

  test('tokens without dm scopes are refused; app-only tokens too', async () => {
    const noDm = await userToken(s, alice.id, { scopes: ['tweet.read', 'users.read'] });
    const res = await s.call('GET', '/2/dm_events', { auth: noDm });
    assert.equal(res.status, 403);
    const app = await s.call('GET', '/2/dm_events', { auth: `Bearer ${s.bearer}` });
    assert.equal(app.status, 403);
  });
});
