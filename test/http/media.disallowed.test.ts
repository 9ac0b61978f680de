// disallowed-resource: a Direct Message attachment is private to its conversation, so the public
// media lookups (XDK media.getByKey / getByKeys) answer it with a `disallowed-resource` partial
// error in place of the media, for app-only callers and other users alike; its uploader still sees
// it, tweet media stays public, and the conversation's participants get it with the DM events.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { newUser, userToken, type TestUser } from '../support/actors.js';
import { xdk } from '../support/sdk.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('a small jpeg body')]);

forEachStore('media lookup: disallowed-resource for DM attachments', (store) => {
  let s: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let aliceToken: string;
  let bobToken: string;
  let dmKey: string;
  let tweetKey: string;

  const upload = async (category: string) => {
    const up = await s.call('POST', '/2/media/upload', {
      auth: aliceToken,
      body: { media_data: JPEG.toString('base64'), media_category: category },
    });
    assert.equal(up.status, 200, JSON.stringify(up.body));
    return up.body.data as { id: string; media_key: string };
  };

  before(async () => {
    s = await startServer({ store, spec: true });
    alice = await newUser(s);
    bob = await newUser(s);
    aliceToken = await userToken(s, alice.id);
    bobToken = await userToken(s, bob.id);
    const dm = await upload('dm_image');
    dmKey = dm.media_key;
    tweetKey = (await upload('tweet_image')).media_key;
    const sent = await s.call('POST', `/2/dm_conversations/with/${bob.id}/messages`, {
      auth: aliceToken,
      body: { text: 'a picture', attachments: [{ media_id: dm.id }] },
    });
    assert.equal(sent.status, 201, JSON.stringify(sent.body));
  });
  after(async () => {
    await s.close();
  });

  const disallowed = (key: string, parameter: string) => ({
    title: 'Disallowed Resource Error',
    type: 'https://api.twitter.com/2/problems/disallowed-resource',
    detail: `Sorry, the media with ${parameter}: [${key}] is attached to a Direct Message and cannot be looked up.`,
    resource_id: key,
    resource_type: 'media',
    section: 'data',
  });

  test('GET /2/media/:key of a DM attachment: 200 with only the disallowed-resource error (app-only, XDK)', async () => {
    const client: any = xdk(s.url, { bearerToken: s.bearer });
    const res: any = await client.media.getByKey(dmKey, { mediaFields: ['url'] });
    assert.equal(res.data, undefined);
    // The XDK hands fields over camelCased.
    const { resource_id: resourceId, resource_type: resourceType, ...rest } = disallowed(dmKey, 'media_key');
    assert.deepEqual(res.errors, [{ ...rest, resourceId, resourceType }]);
    const raw = await s.call('GET', `/2/media/${dmKey}`, { auth: `Bearer ${s.bearer}` });
    assert.equal(raw.status, 200);
    assert.deepEqual(raw.body, { errors: [disallowed(dmKey, 'media_key')] });
  });

  test('GET /2/media?media_keys: tweet media served, the DM attachment disallowed, an unknown key not found', async () => {
    const unknown = '3_1';
    const res = await s.call('GET', `/2/media?media_keys=${tweetKey},${dmKey},${unknown}`, { auth: bobToken });
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.body.data.map((m: any) => m.media_key),
      [tweetKey],
    );
    // Exactly these members: a partial error carries no status.
    assert.deepEqual(res.body.errors[0], disallowed(dmKey, 'media_keys'));
    assert.equal(res.body.errors[1].type, 'https://api.twitter.com/2/problems/resource-not-found');
    assert.equal(res.body.errors[1].value, unknown);
  });

  test('the uploader may still look it up; the participants get it with the DM events', async () => {
    const own = await s.call('GET', `/2/media/${dmKey}?media.fields=url`, { auth: aliceToken });
    assert.equal(own.body.data.media_key, dmKey);
    assert.equal(own.body.errors, undefined);
    const events = await s.call(
      'GET',
      `/2/dm_conversations/with/${alice.id}/dm_events?expansions=attachments.media_keys&media.fields=url`,
      { auth: bobToken },
    );
    assert.equal(events.status, 200, JSON.stringify(events.body));
    assert.deepEqual(
      events.body.includes.media.map((m: any) => m.media_key),
      [dmKey],
    );
  });
});
