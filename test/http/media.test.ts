// Media upload through twitter-api-v2's chunked upload (initialize/append/finalize/status) and the
// one-shot and command=… forms; sizes read from the file; attaching media to a post.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { newUser, userToken, type TestUser } from '../support/actors.js';
import { twitterApiV2 } from '../support/sdk.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';
import { png } from '../support/walk.js';

forEachStore('media', (store) => {
  let s: TestServer;
  let alice: TestUser;
  let token: string;
  before(async () => {
    s = await startServer({ store, spec: true });
    alice = await newUser(s);
    token = await userToken(s, alice.id);
  });
  after(async () => {
    await s.close();
  });

  test('twitter-api-v2 chunked upload; the size comes from the file; the post carries the media', async () => {
    const client = twitterApiV2(s.url, token.slice(7));
    const file = png(640, 360);
    const mediaId = await client.v2.uploadMedia(file, { media_type: 'image/png' }, 1024);
    assert.match(mediaId, /^[0-9]+$/);
    const post = await client.v2.tweet({ text: 'a picture', media: { media_ids: [mediaId] } });
    const res = await s.call(
      'GET',
      `/2/tweets/${post.data.id}?tweet.fields=attachments,entities,display_text_range&expansions=attachments.media_keys&media.fields=width,height,url,type`,
      { auth: `Bearer ${s.bearer}` },
    );
    const media = res.body.includes.media[0];
    assert.deepEqual(
      { type: media.type, width: media.width, height: media.height },
      { type: 'photo', width: 640, height: 360 },
    );
    assert.deepEqual(res.body.data.attachments.media_keys, [`3_${mediaId}`]);
    assert.equal(res.body.data.entities.urls[0].media_key, `3_${mediaId}`);
    assert.deepEqual(res.body.data.display_text_range, [0, 9]);
    assert.ok(existsSync(join(s.deps.config.dataDir, 'media', `${mediaId}.bin`)));
    const counters = await s.call('GET', `/2/users/${alice.id}?user.fields=public_metrics`, {
      auth: `Bearer ${s.bearer}`,
    });
    assert.equal(counters.body.data.public_metrics.media_count, 1);
  });

  test('the command=INIT/APPEND/FINALIZE/STATUS form and a one-shot upload', async () => {
    const file = png(31, 17);
    const init = await s.call(
      'POST',
      `/2/media/upload?command=INIT&media_type=image/png&total_bytes=${file.length}&media_category=tweet_image`,
      { auth: token },
    );
    assert.equal(init.status, 200);
    const id = init.body.data.id;
    const half = Math.floor(file.length / 2);
    for (const [i, part] of [file.subarray(0, half), file.subarray(half)].entries()) {
      const res = await s.call('POST', '/2/media/upload', {
        auth: token,
        body: { command: 'APPEND', media_id: id, segment_index: i, media_data: part.toString('base64') },
      });
      assert.equal(res.status, 200);
    }
    const fin = await s.call('POST', '/2/media/upload', { auth: token, body: { command: 'FINALIZE', media_id: id } });
    assert.equal(fin.body.data.size, file.length);
    const status = await s.call('GET', `/2/media/upload?command=STATUS&media_id=${id}`, { auth: token });
    assert.equal(status.body.data.media_key, `3_${id}`);
    const lookup = await s.call('GET', `/2/media/3_${id}?media.fields=width,height`, { auth: `Bearer ${s.bearer}` });
    assert.deepEqual(lookup.body.data, { media_key: `3_${id}`, type: 'photo', width: 31, height: 17 });
    const one = await s.call('POST', '/2/media/upload', {
      auth: token,
      body: { media: png(8, 9).toString('base64'), media_category: 'tweet_image' },
    });
    const many = await s.call('GET', `/2/media?media_keys=${one.body.data.media_key},3_1&media.fields=height`, {
      auth: `Bearer ${s.bearer}`,
    });
    assert.deepEqual(many.body.data, [{ media_key: one.body.data.media_key, type: 'photo', height: 9 }]);
    assert.equal(many.body.errors[0].resource_type, 'media');
  });

  test("a finalize with missing bytes is refused; someone else's media cannot be attached", async () => {
    const init = await s.call('POST', '/2/media/upload/initialize', {
      auth: token,
      body: { media_type: 'image/png', total_bytes: 1000, media_category: 'tweet_image' },
    });
    const fin = await s.call('POST', `/2/media/upload/${init.body.data.id}/finalize`, { auth: token });
    assert.equal(fin.status, 400);
    const bob = await newUser(s);
    const res = await s.call('POST', '/2/tweets', {
      auth: await userToken(s, bob.id),
      body: { text: 'stolen', media: { media_ids: [init.body.data.id] } },
    });
    assert.equal(res.status, 400);
  });
});
