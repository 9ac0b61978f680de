// Articles over v2 (XDK): a draft with a DraftJS body and a cover, published once as a real post that
// appears in its author's timeline and in search; drafts are their author's alone.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { newUser, userToken, type TestUser } from '../support/actors.js';
import { png } from '../support/ads-media.js';
import { xdk } from '../support/sdk.js';
import { forEachStore, poll, startServer, type TestServer } from '../support/server.js';

const CONTENT = {
  blocks: [
    { text: 'Why birds sing at dawn', type: 'header-one' },
    {
      text: 'Read the study at example.com',
      type: 'unstyled',
      inline_style_ranges: [{ offset: 0, length: 4, style: 'bold' }],
      entity_ranges: [{ key: 0, offset: 18, length: 11 }],
    },
  ],
  entities: [{ key: '0', value: { type: 'link', mutability: 'mutable', data: { url: 'https://example.com' } } }],
};

forEachStore('articles', (store) => {
  let s: TestServer;
  let author: TestUser;
  let token: string;
  before(async () => {
    s = await startServer({ store, spec: true });
    author = await newUser(s);
    token = await userToken(s, author.id);
  });
  after(async () => {
    await s.close();
  });

  test('draft with a cover, publish: a real post with the cover, once', async () => {
    const up = await s.call('POST', '/2/media/upload', {
      auth: token,
      body: { media: png(16, 9).toString('base64'), media_category: 'tweet_image' },
    });
    assert.equal(up.status, 200, JSON.stringify(up.body));
    const client: any = xdk(s.url, { accessToken: token.slice(7) });
    const draft = await client.articles.articleCreateDraft({
      title: 'Dawn chorus explained',
      contentState: CONTENT,
      coverMedia: { mediaCategory: 'TWEET_IMAGE', mediaId: up.body.data.id },
    });
    assert.equal(draft.data.title, 'Dawn chorus explained');
    const published = await client.articles.articlePublish(draft.data.id);
    const postId = published.data.postId;
    assert.match(postId, /^\d+$/);
    const post = await s.call('GET', `/2/tweets/${postId}?tweet.fields=author_id,attachments`, {
      auth: `Bearer ${s.bearer}`,
    });
    assert.equal(post.body.data.author_id, author.id);
    assert.match(post.body.data.text, /^Dawn chorus explained https:\/\/t\.co\/\w+/);
    assert.deepEqual(post.body.data.attachments.media_keys, [up.body.data.media_key]);
    const timeline = await s.call('GET', `/2/users/${author.id}/tweets`, { auth: `Bearer ${s.bearer}` });
    assert.equal(timeline.body.data[0].id, postId);
    // Search sees posts 10 s old and more (notes §5): the virtual clock moves a minute on.
    await s.admin('POST', '/_aviary/clock', { set: new Date().toISOString() });
    await s.admin('POST', '/_aviary/clock', { advance_ms: 60_000 });
    const found = await poll(async () => {
      const res = await s.call('GET', `/2/tweets/search/recent?query=chorus%20from:${author.username}`, {
        auth: `Bearer ${s.bearer}`,
      });
      return res.body.data?.[0];
    });
    assert.equal(found.id, postId);
    const twice = await s.call('POST', `/2/articles/${draft.data.id}/publish`, { auth: token });
    assert.equal(twice.status, 409);
  });

  test('drafts are checked against the document; others cannot publish them', async () => {
    const res = await s.call('POST', '/2/articles/draft', {
      auth: token,
      body: { title: 'Plain', content_state: { blocks: [{ text: 'hi', type: 'unstyled' }], entities: [] } },
    });
    assert.equal(res.status, 201);
    const noTitle = await s.call('POST', '/2/articles/draft', { auth: token, body: { content_state: CONTENT } });
    assert.equal(noTitle.status, 400);
    const badType = await s.call('POST', '/2/articles/draft', {
      auth: token,
      body: { title: 'x', content_state: { blocks: [{ text: 'hi', type: 'header-nine' }], entities: [] } },
    });
    assert.equal(badType.status, 400);
    assert.match(JSON.stringify(badType.body), /content_state\.blocks\[0\]\.type/);
    const other = await newUser(s);
    const otherToken = await userToken(s, other.id);
    const stolen = await s.call('POST', `/2/articles/${res.body.data.id}/publish`, { auth: otherToken });
    assert.equal(stolen.status, 404);
    const coverNotMine = await s.call('POST', '/2/articles/draft', {
      auth: otherToken,
      body: { title: 'x', content_state: CONTENT, cover_media: { media_category: 'TWEET_IMAGE', media_id: '1' } },
    });
    assert.equal(coverNotMine.status, 400);
    const appOnly = await s.call('POST', `/2/articles/${res.body.data.id}/publish`, { auth: `Bearer ${s.bearer}` });
    assert.equal(appOnly.status, 403);
  });
});
