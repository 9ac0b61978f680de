// POST/DELETE /2/media/subtitles (SPEC SubtitlesCreateRequest/SubtitlesDeleteRequest): tracks attach to
// the caller's own finished video, one per language, and what one call writes the next reads back.
// Every 2xx is checked against the OpenAPI document (spec: true).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { newUser, userToken, type TestUser } from '../support/actors.js';
import { mp4 } from '../support/ads-media.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

const SRT = Buffer.from('1\n00:00:00,000 --> 00:00:01,000\nHello\n');

forEachStore('media subtitles', (store) => {
  let s: TestServer;
  let alice: TestUser;
  let token: string;
  let bobToken: string;
  before(async () => {
    s = await startServer({ store, spec: true });
    alice = await newUser(s);
    token = await userToken(s, alice.id);
    bobToken = await userToken(s, (await newUser(s)).id);
  });
  after(async () => {
    await s.close();
  });

  const upload = async (auth: string, file: Buffer, media_category: string, media_type: string) => {
    const res = await s.call('POST', '/2/media/upload', {
      auth,
      body: { media: file.toString('base64'), media_category, media_type },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.data.id as string;
  };

  test('add two languages, replace one, delete one; the list reads back what was written', async () => {
    const video = await upload(token, mp4(640, 360, 5000), 'tweet_video', 'video/mp4');
    const en = await upload(token, SRT, 'subtitles', 'text/srt');
    const es = await upload(token, SRT, 'subtitles', 'text/srt');
    const add = (sub: Record<string, string>) =>
      s.call('POST', '/2/media/subtitles', {
        auth: token,
        body: { id: video, media_category: 'TweetVideo', subtitles: sub },
      });
    const first = await add({ id: en, language_code: 'EN', display_name: 'English' });
    assert.equal(first.status, 200);
    assert.deepEqual(first.body.data, {
      id: video,
      media_category: 'TweetVideo',
      associated_subtitles: [{ id: en, language_code: 'EN', display_name: 'English' }],
    });
    const second = await add({ id: es, language_code: 'ES', display_name: 'Español' });
    assert.deepEqual(
      second.body.data.associated_subtitles.map((x: { language_code: string }) => x.language_code),
      ['EN', 'ES'],
    );
    // A second EN track replaces the first.
    const again = await add({ id: es, language_code: 'EN', display_name: 'English (US)' });
    assert.equal(again.body.data.associated_subtitles.length, 2);
    assert.deepEqual(
      again.body.data.associated_subtitles.find((x: { language_code: string }) => x.language_code === 'EN'),
      { id: es, language_code: 'EN', display_name: 'English (US)' },
    );
    const del = (auth: string, language_code: string) =>
      s.call('DELETE', '/2/media/subtitles', {
        auth,
        body: { id: video, media_category: 'TweetVideo', language_code },
      });
    assert.deepEqual((await del(token, 'ES')).body, { data: { deleted: true } });
    assert.deepEqual((await del(token, 'ES')).body, { data: { deleted: false } });
    const after = await add({ id: en, language_code: 'FR', display_name: 'Français' });
    assert.deepEqual(
      after.body.data.associated_subtitles.map((x: { language_code: string }) => x.language_code),
      ['EN', 'FR'],
    );
    // Someone else cannot touch the video's tracks.
    const foreign = await del(bobToken, 'EN');
    assert.equal(foreign.status, 400);
    assert.equal(foreign.body.title, 'Invalid Request');
  });

  test('client mistakes are 400 problems, and nothing is stored', async () => {
    const video = await upload(token, mp4(320, 180, 2000), 'tweet_video', 'video/mp4');
    const image = await upload(token, SRT, 'subtitles', 'text/srt');
    const post = (body: unknown) => s.call('POST', '/2/media/subtitles', { auth: token, body });
    const bad = [
      { id: video, media_category: 'TweetVideo', subtitles: { id: image, language_code: 'en', display_name: 'x' } },
      { id: video, media_category: 'Photo', subtitles: { id: image, language_code: 'EN', display_name: 'x' } },
      { id: video, media_category: 'TweetVideo' },
      // The subtitles file named as the video, and the video named as the subtitles file.
      { id: image, media_category: 'TweetVideo', subtitles: { id: image, language_code: 'EN', display_name: 'x' } },
      { id: video, media_category: 'TweetVideo', subtitles: { id: video, language_code: 'EN', display_name: 'x' } },
    ];
    for (const body of bad) {
      const res = await post(body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.title, 'Invalid Request');
    }
    const none = await s.call('DELETE', '/2/media/subtitles', {
      auth: token,
      body: { id: video, media_category: 'TweetVideo', language_code: 'EN' },
    });
    assert.deepEqual(none.body, { data: { deleted: false } });
    const anon = await s.call('POST', '/2/media/subtitles', { auth: `Bearer ${s.bearer}`, body: bad[0] });
    assert.equal(anon.status, 403);
  });
});
