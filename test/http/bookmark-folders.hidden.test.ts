// Bookmark folders (GET /2/users/{id}/bookmarks/folders[/{folder_id}]) made through the control API
// (POST /_aviary/users/:id/bookmark-folders), and hide replies (PUT /2/tweets/{tweet_id}/hidden):
// only the conversation root's author hides a reply in it. Issue #21. XDK where it has the call.
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import { after, before, test } from 'node:test';
import { ALL_SCOPES, adminPost, newUser, userToken, type TestUser } from '../support/actors.js';
import { xdk } from '../support/sdk.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

const SCOPES = [...ALL_SCOPES, 'tweet.moderate.write'];

forEachStore('bookmark folders and hidden replies', (store) => {
  let s: TestServer;
  let ann: TestUser;
  let bob: TestUser;
  let cat: TestUser;
  const tokens: Record<string, string> = {};
  const client = (who: string): any => xdk(s.url, { accessToken: tokens[who]!.slice(7) });
  before(async () => {
    s = await startServer({ store, spec: true });
    [ann, bob, cat] = [await newUser(s), await newUser(s), await newUser(s)];
    for (const u of [ann, bob, cat]) tokens[u.id] = await userToken(s, u.id, { scopes: SCOPES });
  });
  after(async () => {
    await s.close();
  });

  const call = (method: string, path: string, who: string, body?: unknown) =>
    s.call(method, path, { auth: tokens[who]!, body });
  const newFolder = (userId: string, body: unknown) =>
    s.admin('POST', `/_aviary/users/${userId}/bookmark-folders`, body);

  test('folders list newest first and page; a folder lists the posts still bookmarked', async () => {
    const posts = [];
    for (const text of ['wren', 'robin', 'finch']) posts.push((await adminPost(s, bob.id, { text })).id);
    for (const p of posts)
      assert.equal((await call('POST', `/2/users/${ann.id}/bookmarks`, ann.id, { tweet_id: p })).status, 200);

    const none = await client(ann.id).users.getBookmarkFolders(ann.id);
    assert.deepEqual(none, { meta: { resultCount: 0 } });

    const birds = await newFolder(ann.id, { name: 'Birds', post_ids: [posts[0], posts[1]] });
    assert.equal(birds.status, 201, JSON.stringify(birds.body));
    assert.equal(birds.body.data.name, 'Birds');
    assert.match(birds.body.data.id, /^\d{1,19}$/);
    const empty = (await newFolder(ann.id, { name: 'Empty' })).body.data;

    const all = await client(ann.id).users.getBookmarkFolders(ann.id);
    assert.deepEqual(all.data, [empty, birds.body.data]);
    const first = await client(ann.id).users.getBookmarkFolders(ann.id, { maxResults: 1 });
    assert.deepEqual(first.data, [empty]);
    assert.ok(first.meta.nextToken);
    const second = await call(
      'GET',
      `/2/users/${ann.id}/bookmarks/folders?max_results=1&pagination_token=${first.meta.nextToken}`,
      ann.id,
    );
    assert.deepEqual(second.body.data, [birds.body.data]);
    assert.equal(second.body.meta.next_token, undefined);

    const inside = await client(ann.id).users.getBookmarksByFolderId(ann.id, birds.body.data.id);
    assert.deepEqual(inside.data, [{ id: posts[1] }, { id: posts[0] }]);
    const nothing = await call('GET', `/2/users/${ann.id}/bookmarks/folders/${empty.id}`, ann.id);
    assert.deepEqual(nothing.body, { meta: { result_count: 0 } });

    // Removing the bookmark takes the post out of the folder too.
    assert.equal((await call('DELETE', `/2/users/${ann.id}/bookmarks/${posts[0]}`, ann.id)).status, 200);
    const after = await call('GET', `/2/users/${ann.id}/bookmarks/folders/${birds.body.data.id}`, ann.id);
    assert.deepEqual(after.body.data, [{ id: posts[1] }]);

    // Another user's folder is not found; another user's path is forbidden.
    const foreign = await call('GET', `/2/users/${bob.id}/bookmarks/folders/${birds.body.data.id}`, bob.id);
    assert.equal(foreign.status, 404);
    assert.equal(
      foreign.body.errors?.[0]?.type ?? foreign.body.type,
      'https://api.twitter.com/2/problems/resource-not-found',
    );
    assert.equal((await call('GET', `/2/users/${ann.id}/bookmarks/folders`, bob.id)).status, 403);
    assert.equal((await call('GET', `/2/users/${ann.id}/bookmarks/folders/abc`, ann.id)).status, 400);
    assert.equal((await call('GET', `/2/users/${ann.id}/bookmarks/folders?max_results=0`, ann.id)).status, 400);
    assert.equal((await call('GET', `/2/users/${bob.id}/bookmarks/folders`, bob.id)).body.meta.result_count, 0);
  });

  test('folder creation refuses posts not bookmarked and stores nothing', async () => {
    const p = (await adminPost(s, bob.id, { text: 'heron' })).id;
    const before = await call('GET', `/2/users/${cat.id}/bookmarks/folders`, cat.id);
    const res = await newFolder(cat.id, { name: 'Waders', post_ids: [p] });
    assert.equal(res.status, 400, JSON.stringify(res.body));
    assert.equal((await newFolder(cat.id, { name: '' })).status, 400);
    assert.equal((await newFolder('99999999', { name: 'Ghost' })).status, 404);
    assert.deepEqual((await call('GET', `/2/users/${cat.id}/bookmarks/folders`, cat.id)).body, before.body);
    assert.equal(
      (await s.call('POST', `/_aviary/users/${cat.id}/bookmark-folders`, { body: { name: 'x' } })).status,
      401,
    );
  });

  test('folders need bookmark.read', async () => {
    const t = await userToken(s, ann.id, { scopes: ['tweet.read', 'users.read'] });
    assert.equal((await s.call('GET', `/2/users/${ann.id}/bookmarks/folders`, { auth: t })).status, 403);
  });

  test('only the conversation root author hides and unhides a reply', async () => {
    const root = (await adminPost(s, ann.id, { text: 'dawn chorus tomorrow?' })).id;
    const reply = (await adminPost(s, bob.id, { text: 'yes', reply: { in_reply_to_tweet_id: root } })).id;
    const nested = (await adminPost(s, cat.id, { text: 'me too', reply: { in_reply_to_tweet_id: reply } })).id;

    assert.deepEqual(await client(ann.id).posts.hideReply(reply, { hidden: true }), { data: { hidden: true } });
    // A reply to a reply is still in ann's conversation.
    assert.deepEqual((await call('PUT', `/2/tweets/${nested}/hidden`, ann.id, { hidden: true })).body, {
      data: { hidden: true },
    });
    assert.deepEqual(await hiddenRows(), [nested, reply].sort());

    // Not the root's author, or not a reply: 403 and nothing changes.
    const bobTry = await call('PUT', `/2/tweets/${nested}/hidden`, bob.id, { hidden: false });
    assert.equal(bobTry.status, 403);
    assert.equal((await call('PUT', `/2/tweets/${root}/hidden`, ann.id, { hidden: true })).status, 403);
    assert.deepEqual(await hiddenRows(), [nested, reply].sort());

    assert.deepEqual(await client(ann.id).posts.hideReply(reply, { hidden: false }), { data: { hidden: false } });
    assert.deepEqual(await hiddenRows(), [nested]);

    assert.equal((await call('PUT', `/2/tweets/${reply}/hidden`, ann.id, {})).status, 400);
    assert.equal((await call('PUT', `/2/tweets/${reply}/hidden`, ann.id, { hidden: 'yes' })).status, 400);
    assert.equal((await call('PUT', `/2/tweets/abc/hidden`, ann.id, { hidden: true })).status, 400);
    assert.equal((await call('PUT', `/2/tweets/1234567890123/hidden`, ann.id, { hidden: true })).status, 404);
    const noScope = await userToken(s, ann.id, { scopes: ['tweet.read', 'users.read'] });
    assert.equal(
      (await s.call('PUT', `/2/tweets/${reply}/hidden`, { auth: noScope, body: { hidden: true } })).status,
      403,
    );
    assert.equal(
      (await s.call('PUT', `/2/tweets/${reply}/hidden`, { auth: `Bearer ${s.bearer}`, body: { hidden: true } })).status,
      403,
    );
  });

  /** The hidden reply ids as the stored state has them (GET /_aviary/state, one JSON line per row). */
  async function hiddenRows(): Promise<string[]> {
    const res = await fetch(`${s.url}/_aviary/state`, { headers: { authorization: `Bearer ${s.adminToken}` } });
    const lines = gunzipSync(Buffer.from(await res.arrayBuffer()))
      .toString('utf8')
      .split('\n')
      .filter((l) => l.length > 0)
      .map((l) => JSON.parse(l));
    // Format (src/snapshot/snapshot.format.ts): {"table","columns","rows":N} then N row arrays.
    const at = lines.findIndex((l) => l.table === 'hidden_replies');
    const head = lines[at];
    const rows: unknown[][] = lines.slice(at + 1, at + 1 + head.rows);
    const col = head.columns.indexOf('post_id');
    return rows.map((r) => String(r[col])).sort();
  }
});
