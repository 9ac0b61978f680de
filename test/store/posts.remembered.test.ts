// A post this server creates is remembered in the row cache as written (posts.cache.ts
// `rememberWritten`): the remembered row must be the very row the store gives back, on each store, or
// the streams, the fan-out and the search would serve something no read of the store would.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { cachedByIds } from '../../src/modules/posts/posts.cache.js';
import { postsRepo } from '../../src/modules/posts/posts.repo.js';
import { cachedUsersByIds } from '../../src/modules/users/users.cache.js';
import { oneMoment } from '../../src/shared/row-cache.js';
import type { Db } from '../../src/store/index.js';
import { adminPost, newUser, userToken } from '../support/actors.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

forEachStore('posts remembered as written', (store) => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ store });
  });
  after(async () => {
    await s.close();
  });

  test('the remembered row of a new post, a reply and a quote equals the stored row', async () => {
    const author = await newUser(s);
    const other = await newUser(s);
    const same = async (id: string) => {
      const remembered = s.deps.runtime.postRows.get(id);
      assert.ok(remembered, `post ${id} remembered`);
      assert.deepEqual({ ...remembered.row }, { ...(await postsRepo.byId(s.deps.db, id)) });
    };
    const first = await adminPost(s, author.id, { text: `hello @${other.username} #aviary https://example.com/x` });
    await same(first.id);
    await same((await adminPost(s, other.id, { text: 'a reply', reply: { in_reply_to_tweet_id: first.id } })).id);
    await same((await adminPost(s, other.id, { text: 'a quote', quote_tweet_id: first.id })).id);
  });

  /** The store, with the statements sent through it counted. */
  const counted = () => {
    const sent: string[] = [];
    const db: Db = {
      ...s.deps.db,
      all: (sql, params) => (sent.push(sql), s.deps.db.all(sql, params)),
      get: (sql, params) => (sent.push(sql), s.deps.db.get(sql, params)),
    };
    return { db, sent };
  };
  const token = async (table: string, id: number) =>
    (await s.deps.db.get<{ value: string }>(`SELECT value FROM ${table} WHERE id = ${id}`))!.value;

  test('a new post looked up is checked under the token of the read that checked it', async () => {
    const author = await newUser(s);
    const post = await adminPost(s, author.id, { text: 'checked once read' });
    assert.equal(s.deps.runtime.postRows.get(post.id)?.checked, null, 'remembered unchecked');
    const { db, sent } = counted();
    const [row] = await cachedByIds(s.deps.runtime.postRows, db, [post.id]);
    assert.deepEqual({ ...row }, { ...(await postsRepo.byId(s.deps.db, post.id)) });
    assert.equal(s.deps.runtime.postRows.get(post.id)?.checked, await token('posts_generation', 1));
    // On PostgreSQL the token came with the version, one round trip (row-cache.ts `withRows`).
    if (store === 'postgres') assert.deepEqual(sent.length, 1, sent.join('\n'));
  });

  test("a background step's users come with the token, as plain rows", async () => {
    const author = await newUser(s);
    await adminPost(s, author.id, { text: 'moves the author counter' });
    const { db, sent } = counted();
    const [row] = await cachedUsersByIds(s.deps.runtime.userRows, oneMoment(db), [author.id]);
    assert.deepEqual({ ...row }, { ...(await s.deps.db.get('SELECT * FROM users WHERE id = ?', [author.id])) });
    assert.equal(s.deps.runtime.userRows.get(author.id)?.checked, await token('users_generation', 1));
    if (store === 'postgres') assert.deepEqual(sent.length, 1, sent.join('\n'));
  });

  test('a remembered post changed since is read again, not served as remembered', async () => {
    const author = await newUser(s);
    const liker = await newUser(s);
    const post = await adminPost(s, author.id, { text: 'to be liked' });
    const token = await userToken(s, liker.id, { tier: 'enterprise' });
    const like = await s.call('POST', `/2/users/${liker.id}/likes`, { auth: token, body: { tweet_id: post.id } });
    assert.equal(like.status, 200, JSON.stringify(like.body));
    const res = await s.call('GET', `/2/tweets/${post.id}?tweet.fields=public_metrics`, { auth: token });
    const metrics = (res.body as { data?: { public_metrics?: { like_count: number } } }).data?.public_metrics;
    assert.equal(metrics?.like_count, 1, JSON.stringify(res.body));
  });
});
