// Lists through the SDKs: create/update/delete, members and followers with counters, pins,
// private lists hidden from others, a user's lists and a list's posts.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { adminPost, newUser, userToken, type TestUser } from '../support/actors.js';
import { twitterApiSdk, twitterApiV2 } from '../support/sdk.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

forEachStore('lists', (store) => {
  let s: TestServer;
  let owner: TestUser;
  let token: string;
  before(async () => {
    s = await startServer({ store, spec: true });
    owner = await newUser(s);
    token = await userToken(s, owner.id);
  });
  after(async () => {
    await s.close();
  });

  test('twitter-api-v2: create, update, add members, read the list and its posts', async () => {
    const client = twitterApiV2(s.url, token.slice(7));
    const created = await client.v2.createList({ name: 'Good follows', description: 'people worth reading' });
    const listId = created.data.id;
    assert.equal(created.data.name, 'Good follows');
    assert.deepEqual((await client.v2.updateList(listId, { description: 'the best' })).data, { updated: true });
    const m1 = await newUser(s);
    const m2 = await newUser(s);
    assert.deepEqual((await client.v2.addListMember(listId, m1.id)).data, { is_member: true });
    await client.v2.addListMember(listId, m2.id);
    const p1 = await adminPost(s, m1.id, { text: 'member one posts' });
    const p2 = await adminPost(s, m2.id, { text: 'member two posts' });
    const list = await client.v2.list(listId, {
      'list.fields': ['member_count', 'owner_id', 'description', 'private'],
      expansions: ['owner_id'],
    });
    assert.equal(list.data.member_count, 2);
    assert.equal(list.data.description, 'the best');
    assert.equal(list.includes!.users![0]!.id, owner.id);
    const posts = await s.call('GET', `/2/lists/${listId}/tweets?max_results=10`, { auth: `Bearer ${s.bearer}` });
    assert.deepEqual(
      posts.body.data.map((t: { id: string }) => t.id),
      [p2.id, p1.id],
    );
    const membersRes = await twitterApiSdk(s.url, s.bearer).users.listGetMembers(listId);
    assert.deepEqual(membersRes.data!.map((u) => u.id).sort(), [m1.id, m2.id].sort());
    const memberships = await s.call('GET', `/2/users/${m1.id}/list_memberships`, { auth: `Bearer ${s.bearer}` });
    assert.deepEqual(
      memberships.body.data.map((l: { id: string }) => l.id),
      [listId],
    );
    const listed = await s.call('GET', `/2/users/${m1.id}?user.fields=public_metrics`, { auth: `Bearer ${s.bearer}` });
    assert.equal(listed.body.data.public_metrics.listed_count, 1);
    assert.deepEqual((await client.v2.removeListMember(listId, m1.id)).data, { is_member: false });
  });

  test('follow and pin lists; owned, followed and pinned lists', async () => {
    const reader = await newUser(s);
    const readerToken = await userToken(s, reader.id);
    const a = await s.call('POST', '/2/lists', { auth: token, body: { name: 'Alpha' } });
    const b = await s.call('POST', '/2/lists', { auth: token, body: { name: 'Beta', private: true } });
    const owned = await s.call('GET', `/2/users/${owner.id}/owned_lists`, { auth: `Bearer ${s.bearer}` });
    assert.ok(owned.body.data.some((l: { id: string }) => l.id === a.body.data.id));
    assert.ok(
      !owned.body.data.some((l: { id: string }) => l.id === b.body.data.id),
      'private lists are hidden from others',
    );
    const f = await s.call('POST', `/2/users/${reader.id}/followed_lists`, {
      auth: readerToken,
      body: { list_id: a.body.data.id },
    });
    assert.deepEqual(f.body, { data: { following: true } });
    const hidden = await s.call('POST', `/2/users/${reader.id}/followed_lists`, {
      auth: readerToken,
      body: { list_id: b.body.data.id },
    });
    assert.equal(hidden.status, 404);
    const followed = await s.call('GET', `/2/users/${reader.id}/followed_lists?list.fields=follower_count`, {
      auth: `Bearer ${s.bearer}`,
    });
    assert.deepEqual(followed.body.data, [{ id: a.body.data.id, name: 'Alpha', follower_count: 1 }]);
    const pin = await s.call('POST', `/2/users/${reader.id}/pinned_lists`, {
      auth: readerToken,
      body: { list_id: a.body.data.id },
    });
    assert.deepEqual(pin.body, { data: { pinned: true } });
    const pinned = await s.call('GET', `/2/users/${reader.id}/pinned_lists`, { auth: readerToken });
    assert.deepEqual(pinned.body, { data: [{ id: a.body.data.id, name: 'Alpha' }], meta: { result_count: 1 } });
    const unpin = await s.call('DELETE', `/2/users/${reader.id}/pinned_lists/${a.body.data.id}`, { auth: readerToken });
    assert.deepEqual(unpin.body, { data: { pinned: false } });
    const listFollowers = await s.call('GET', `/2/lists/${a.body.data.id}/followers`, { auth: `Bearer ${s.bearer}` });
    assert.deepEqual(
      listFollowers.body.data.map((u: { id: string }) => u.id),
      [reader.id],
    );
  });

  test('only the owner manages a list; deleting it; a missing list is a partial error', async () => {
    const list = await s.call('POST', '/2/lists', { auth: token, body: { name: 'Temporary' } });
    const stranger = await newUser(s);
    const res = await s.call('DELETE', `/2/lists/${list.body.data.id}`, { auth: await userToken(s, stranger.id) });
    assert.equal(res.status, 403);
    const del = await s.call('DELETE', `/2/lists/${list.body.data.id}`, { auth: token });
    assert.deepEqual(del.body, { data: { deleted: true } });
    const gone = await s.call('GET', `/2/lists/${list.body.data.id}`, { auth: `Bearer ${s.bearer}` });
    assert.equal(gone.status, 200);
    assert.equal(gone.body.errors[0].resource_type, 'list');
    const long = await s.call('POST', '/2/lists', { auth: token, body: { name: 'x'.repeat(26) } });
    assert.equal(long.status, 400);
    assert.equal(long.body.errors[0].message, '$.name: may only be 25 characters long');
  });
});
