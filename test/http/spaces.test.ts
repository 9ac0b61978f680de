// Spaces over v2 (XDK): started, scheduled, ended and detailed through the control API, then read by
// ids, by creator, by search, with space.fields and the user and topic expansions; ticket buyers
// (the creator only) and the posts shared in a Space.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { adminPost, newUser, userToken, type TestUser } from '../support/actors.js';
import { xdk } from '../support/sdk.js';
import { forEachStore, startServer, uniqueName, type TestServer } from '../support/server.js';

forEachStore('spaces', (store) => {
  let s: TestServer;
  let host: TestUser;
  let speaker: TestUser;
  let word: string;
  let live: string;
  let scheduled: string;
  before(async () => {
    s = await startServer({ store, spec: true });
    host = await newUser(s);
    speaker = await newUser(s);
    word = uniqueName('owls').replace(/[^A-Za-z0-9]/g, '');
    const started = await s.admin('POST', '/_aviary/spaces', { host_id: host.id, title: `Night ${word} talk` });
    assert.equal(started.status, 201);
    live = started.body.data.id;
    const patched = await s.admin('PATCH', `/_aviary/spaces/${live}`, {
      speaker_ids: [speaker.id],
      topic_ids: ['848920371311001600'],
      participant_count: 42,
      is_ticketed: true,
    });
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
    const sch = await s.admin('POST', '/_aviary/spaces/scheduled', {
      host_id: host.id,
      title: `Morning ${word} walk`,
      scheduled_start: new Date(Date.now() + 86_400_000).toISOString(),
      subscriber_count: 7,
    });
    assert.equal(sch.status, 201, JSON.stringify(sch.body));
    scheduled = sch.body.data.id;
  });
  after(async () => {
    await s.close();
  });

  test('ids are Space ids; lookup with fields and expansions; missing ids are partial errors', async () => {
    assert.match(live, /^[a-zA-Z0-9]{13}$/);
    const client: any = xdk(s.url, { bearerToken: s.bearer });
    const one = await client.spaces.getById(live, {
      spaceFields: ['title', 'host_ids', 'speaker_ids', 'participant_count', 'started_at', 'is_ticketed', 'topic_ids'],
      expansions: ['speaker_ids', 'creator_id', 'topic_ids'],
      topicFields: ['description'],
    });
    assert.equal(one.data.id, live);
    assert.equal(one.data.state, 'live');
    assert.equal(one.data.participantCount, 42);
    assert.deepEqual(one.data.speakerIds, [speaker.id]);
    assert.equal(one.data.isTicketed, true);
    assert.deepEqual(one.includes.users.map((u: { id: string }) => u.id).sort(), [host.id, speaker.id].sort());
    assert.deepEqual(one.includes.topics, [
      { id: '848920371311001600', name: 'Technology', description: 'All about technology' },
    ]);
    const many = await s.call(
      'GET',
      `/2/spaces?ids=${live},${scheduled},1ZZZZZZZZZZZZ&space.fields=scheduled_start,subscriber_count`,
      {
        auth: `Bearer ${s.bearer}`,
      },
    );
    assert.deepEqual(
      many.body.data.map((x: { id: string; state: string }) => [x.id, x.state]),
      [
        [live, 'live'],
        [scheduled, 'scheduled'],
      ],
    );
    assert.equal(many.body.data[1].subscriber_count, 7);
    assert.ok(many.body.data[1].scheduled_start);
    assert.equal(many.body.errors[0].resource_type, 'space');
    const bad = await s.call('GET', '/2/spaces/not-a-space!', { auth: `Bearer ${s.bearer}` });
    assert.equal(bad.status, 400);
  });

  test('by creator and search by state; a scheduled Space goes live, an ended one drops out', async () => {
    const client: any = xdk(s.url, { bearerToken: s.bearer });
    const mine = await client.spaces.getByCreatorIds([host.id]);
    assert.deepEqual(mine.data.map((x: { id: string }) => x.id).sort(), [live, scheduled].sort());
    const liveOnly = await client.spaces.search(word, { state: 'live' });
    assert.deepEqual(
      liveOnly.data.map((x: { id: string }) => x.id),
      [live],
    );
    const all = await s.call('GET', `/2/spaces/search?query=${word}`, { auth: `Bearer ${s.bearer}` });
    assert.equal(all.body.meta.result_count, 2);
    const walk = await s.call('GET', `/2/spaces/search?query=${word}%20walk&state=scheduled`, {
      auth: `Bearer ${s.bearer}`,
    });
    assert.deepEqual(
      walk.body.data.map((x: { id: string }) => x.id),
      [scheduled],
    );

    const started = await s.admin('POST', `/_aviary/spaces/${scheduled}/start`);
    assert.equal(started.body.data.state, 'live');
    assert.ok(started.body.data.started_at);
    assert.equal((await s.admin('POST', `/_aviary/spaces/${scheduled}/start`)).status, 409);
    assert.equal((await s.admin('POST', `/_aviary/spaces/${scheduled}/end`)).status, 200);
    const after = await s.call('GET', `/2/spaces/by/creator_ids?user_ids=${host.id}`, { auth: `Bearer ${s.bearer}` });
    assert.deepEqual(
      after.body.data.map((x: { id: string }) => x.id),
      [live],
    );
    const ended = await s.call('GET', `/2/spaces/${scheduled}?space.fields=ended_at`, { auth: `Bearer ${s.bearer}` });
    assert.equal(ended.body.data.state, 'ended');
    assert.ok(ended.body.data.ended_at);
  });

  test('buyers: the creator only, OAuth 2.0 user context; posts shared in the Space', async () => {
    const buyers = [await newUser(s), await newUser(s)];
    for (const b of buyers)
      assert.equal((await s.admin('POST', `/_aviary/spaces/${live}/buyers`, { user_id: b.id })).status, 201);
    const hostToken = await userToken(s, host.id, { scopes: ['space.read', 'tweet.read', 'users.read'] });
    const client: any = xdk(s.url, { accessToken: hostToken.slice(7) });
    const page = await client.spaces.getBuyers(live, { maxResults: 1 });
    assert.equal(page.data.length, 1);
    const rest = await s.call('GET', `/2/spaces/${live}/buyers?pagination_token=${page.meta.nextToken}`, {
      auth: hostToken,
    });
    assert.deepEqual([page.data[0].id, rest.body.data[0].id].sort(), buyers.map((b) => b.id).sort());
    const other = await userToken(s, speaker.id, { scopes: ['space.read', 'tweet.read', 'users.read'] });
    assert.equal((await s.call('GET', `/2/spaces/${live}/buyers`, { auth: other })).status, 403);
    assert.equal((await s.call('GET', `/2/spaces/${live}/buyers`, { auth: `Bearer ${s.bearer}` })).status, 403);

    const shared = await adminPost(s, speaker.id, { text: `Join us now https://x.com/i/spaces/${live}` });
    await adminPost(s, speaker.id, { text: 'not about the space' });
    const posts = await s.call('GET', `/2/spaces/${live}/tweets?tweet.fields=author_id&expansions=author_id`, {
      auth: `Bearer ${s.bearer}`,
    });
    assert.deepEqual(
      posts.body.data.map((p: { id: string }) => p.id),
      [shared.id],
    );
    assert.equal(posts.body.includes.users[0].id, speaker.id);
    assert.equal((await s.call('GET', '/2/spaces/1ZZZZZZZZZZZZ/tweets', { auth: `Bearer ${s.bearer}` })).status, 404);
    assert.ok(s.specChecked() > 0);
  });
});
