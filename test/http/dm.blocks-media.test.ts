// DM blocks (XDK users.blockDms / unblockDms) stop direct messages both ways until undone; a DM's
// attached media downloads (XDK directMessages.dmConversationsMediaDownload) for participants only.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { newUser, userToken, type TestUser } from '../support/actors.js';
import { xdk } from '../support/sdk.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

forEachStore('DM blocks and DM media', (store) => {
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

  const dm = (from: string, to: string, text: string) =>
    s.call('POST', `/2/dm_conversations/with/${to}/messages`, { auth: from, body: { text } });

  test('a DM block stops messages both ways, by user and by conversation, until unblocked', async () => {
    assert.equal((await dm(bobToken, alice.id, 'hello')).status, 201);
    const client: any = xdk(s.url, { accessToken: aliceToken.slice(7) });
    const blocked: any = await client.users.blockDms(bob.id);
    assert.deepEqual(blocked, { data: { blocked: true } });
    const refused = await dm(bobToken, alice.id, 'hello again');
    assert.equal(refused.status, 403);
    assert.equal(refused.body.detail, 'You cannot send messages to this user.');
    assert.equal((await dm(aliceToken, bob.id, 'and back')).status, 403);
    const pair = BigInt(alice.id) < BigInt(bob.id) ? `${alice.id}-${bob.id}` : `${bob.id}-${alice.id}`;
    const byConversation = await s.call('POST', `/2/dm_conversations/${pair}/messages`, {
      auth: bobToken,
      body: { text: 'sneaky' },
    });
    assert.equal(byConversation.status, 403);
    // Nothing was stored by the refused sends.
    const events = await s.call('GET', `/2/dm_conversations/${pair}/dm_events`, { auth: aliceToken });
    assert.deepEqual(
      events.body.data.map((e: any) => e.text),
      ['hello'],
    );
    const unblocked: any = await client.users.unblockDms(bob.id);
    assert.deepEqual(unblocked, { data: { blocked: false } });
    assert.equal((await dm(bobToken, alice.id, 'friends again')).status, 201);
  });

  test('DM blocks of oneself or of unknown users are refused', async () => {
    const self = await s.call('POST', `/2/users/${alice.id}/dm/block`, { auth: aliceToken });
    assert.equal(self.status, 400);
    const unknown = await s.call('POST', '/2/users/1/dm/block', { auth: aliceToken });
    assert.equal(unknown.status, 404);
    const badId = await s.call('POST', '/2/users/abc/dm/block', { auth: aliceToken });
    assert.equal(badId.status, 400);
  });

  test("a DM's media downloads for its participants, byte for byte", async () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('a small jpeg body')]);
    const up = await s.call('POST', '/2/media/upload', {
      auth: aliceToken,
      body: { media_data: bytes.toString('base64'), media_category: 'dm_image' },
    });
    assert.equal(up.status, 200, JSON.stringify(up.body));
    const mediaId = up.body.data.id;
    const sent = await s.call('POST', `/2/dm_conversations/with/${bob.id}/messages`, {
      auth: aliceToken,
      body: { text: 'a picture', attachments: [{ media_id: mediaId }] },
    });
    const dmId = sent.body.data.dm_event_id;
    const lookup = await s.call('GET', `/2/media/3_${mediaId}?media.fields=url`, { auth: aliceToken });
    const resource = lookup.body.data.url.split('/').pop();
    const client: any = xdk(s.url, { accessToken: bobToken.slice(7) });
    const got: ArrayBuffer = await client.directMessages.dmConversationsMediaDownload(dmId, mediaId, resource);
    assert.deepEqual(Buffer.from(got), bytes);

    const res = await fetch(`${s.url}/2/dm_conversations/media/${dmId}/${mediaId}/${resource}`, {
      headers: { authorization: aliceToken },
    });
    assert.equal(res.headers.get('content-type'), 'application/octet-stream');
    const outsider = await userToken(s, (await newUser(s)).id);
    const denied = await s.call('GET', `/2/dm_conversations/media/${dmId}/${mediaId}/${resource}`, {
      auth: outsider,
    });
    assert.equal(denied.status, 404);
    const wrongFile = await s.call('GET', `/2/dm_conversations/media/${dmId}/${mediaId}/other.jpg`, {
      auth: aliceToken,
    });
    assert.equal(wrongFile.status, 404);
    const wrongMedia = await s.call('GET', `/2/dm_conversations/media/${dmId}/123/${resource}`, { auth: aliceToken });
    assert.equal(wrongMedia.status, 404);
  });

  test('DM media download takes OAuth 2.0 user context with dm.read only', async () => {
    const noDm = await userToken(s, alice.id, { scopes: ['tweet.read', 'users.read'] });
    const res = await s.call('GET', '/2/dm_conversations/media/1/2/a.jpg', { auth: noDm });
    assert.equal(res.status, 403);
    const app = await s.call('GET', '/2/dm_conversations/media/1/2/a.jpg', { auth: `Bearer ${s.bearer}` });
    assert.equal(app.status, 403);
    assert.equal(app.body.type, 'https://api.twitter.com/2/problems/unsupported-authentication');
  });
});
