// Communities: created and joined through the control API, looked up and searched over v2 (XDK), and
// what post creation does with `community_id` and `share_with_followers` (seed "Post creation").
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { newUser, userToken, type TestUser } from '../support/actors.js';
import { xdk } from '../support/sdk.js';
import { forEachStore, startServer, uniqueName, type TestServer } from '../support/server.js';

forEachStore('communities', (store) => {
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

  const newCommunity = async (name: string, body: Record<string, unknown> = {}) => {
    const res = await s.admin('POST', '/_aviary/communities', { name, creator_id: owner.id, ...body });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.data as { id: string; name: string; member_count: number };
  };

  test('control API creates a community; XDK looks it up with community.fields', async () => {
    const c = await newCommunity('Birders', { description: 'Birds and the people who watch them' });
    assert.equal(c.member_count, 1, 'the creator is the first member');
    const client: any = xdk(s.url, { bearerToken: s.bearer });
    const got = await client.communities.getById(c.id, {
      communityFields: ['created_at', 'description', 'member_count', 'access', 'join_policy'],
    });
    assert.equal(got.data.id, c.id);
    assert.equal(got.data.name, 'Birders');
    assert.equal(got.data.description, 'Birds and the people who watch them');
    assert.equal(got.data.memberCount, 1, 'XDK camel-cases response keys');
    assert.equal(got.data.access, 'Public');
    assert.equal(got.data.joinPolicy, 'Open');
    assert.match(got.data.createdAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const plain = await s.call('GET', `/2/communities/${c.id}`, { auth: `Bearer ${s.bearer}` });
    assert.deepEqual(plain.body, { data: { id: c.id, name: 'Birders' } });
    const missing = await s.call('GET', '/2/communities/1234', { auth: `Bearer ${s.bearer}` });
    assert.equal(missing.status, 200);
    assert.equal(missing.body.errors[0].resource_type, 'community');
    assert.equal(missing.body.data, undefined);
  });

  test('search matches every word in name or description, pages with next_token, needs user context', async () => {
    const tag = uniqueName('w').toLowerCase();
    const ids = [];
    for (let i = 0; i < 12; i++) ids.push((await newCommunity(`Club ${i}`, { description: `about ${tag}` })).id);
    await newCommunity('Other club');
    const client: any = xdk(s.url, { accessToken: token.slice(7) });
    const first = await client.communities.search(`club ${tag}`, { maxResults: 10 });
    assert.equal(first.data.length, 10);
    assert.ok(first.meta.nextToken);
    const second = await client.communities.search(`club ${tag}`, { maxResults: 10, nextToken: first.meta.nextToken });
    assert.deepEqual([...first.data, ...second.data].map((c: { id: string }) => c.id).sort(), ids.sort());
    assert.equal(second.meta.nextToken, undefined);
    const none = await s.call('GET', `/2/communities/search?query=${tag}zzz`, { auth: token });
    assert.deepEqual(none.body, { meta: {} });
    const appOnly = await s.call('GET', `/2/communities/search?query=${tag}`, { auth: `Bearer ${s.bearer}` });
    assert.equal(appOnly.status, 403);
    const small = await s.call('GET', `/2/communities/search?query=x&max_results=5`, { auth: token });
    assert.equal(small.status, 400);
  });

  test('community_id must name a community the author belongs to; shared posts reach followers', async () => {
    const c = await newCommunity('Posters');
    const member = await newUser(s);
    const memberToken = await userToken(s, member.id);
    const follower = await newUser(s);
    const followerToken = await userToken(s, follower.id);
    const f = await s.call('POST', `/2/users/${follower.id}/following`, {
      auth: followerToken,
      body: { target_user_id: member.id },
    });
    assert.equal(f.status, 200, JSON.stringify(f.body));

    const unknown = await s.call('POST', '/2/tweets', {
      auth: memberToken,
      body: { text: 'hello', community_id: '999999' },
    });
    assert.equal(unknown.status, 400);
    const outsider = await s.call('POST', '/2/tweets', { auth: memberToken, body: { text: 'hi', community_id: c.id } });
    assert.equal(outsider.status, 403);
    const joined = await s.admin('POST', `/_aviary/communities/${c.id}/members`, { user_id: member.id });
    assert.equal(joined.status, 201);
    const again = await s.admin('POST', `/_aviary/communities/${c.id}/members`, { user_id: member.id });
    assert.equal(again.status, 200);
    const count = await s.call('GET', `/2/communities/${c.id}?community.fields=member_count`, {
      auth: `Bearer ${s.bearer}`,
    });
    assert.equal(count.body.data.member_count, 2);

    const inside = await s.call('POST', '/2/tweets', {
      auth: memberToken,
      body: { text: 'only for the community', community_id: c.id },
    });
    assert.equal(inside.status, 201, JSON.stringify(inside.body));
    const shared = await s.call('POST', '/2/tweets', {
      auth: memberToken,
      body: { text: 'for the community and my followers', community_id: c.id, share_with_followers: true },
    });
    assert.equal(shared.status, 201);
    const home = await s.call(
      'GET',
      `/2/users/${follower.id}/timelines/reverse_chronological?tweet.fields=community_id`,
      { auth: followerToken },
    );
    const seen = home.body.data.map((p: { id: string }) => p.id);
    assert.ok(seen.includes(shared.body.data.id), 'a shared community post reaches followers');
    assert.ok(!seen.includes(inside.body.data.id), 'an unshared community post does not');
    assert.equal(home.body.data.find((p: { id: string }) => p.id === shared.body.data.id).community_id, c.id);
    const own = await s.call('GET', `/2/users/${member.id}/timelines/reverse_chronological`, { auth: memberToken });
    assert.ok(
      own.body.data.some((p: { id: string }) => p.id === inside.body.data.id),
      'the author sees their own',
    );

    const left = await s.admin('DELETE', `/_aviary/communities/${c.id}/members/${member.id}`);
    assert.deepEqual(left.body, { data: { is_member: false } });
    const after = await s.call('POST', '/2/tweets', { auth: memberToken, body: { text: 'gone', community_id: c.id } });
    assert.equal(after.status, 403);
    assert.ok(s.specChecked() > 0);
  });
});
