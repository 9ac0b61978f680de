// Trends from the last day's posts (by WOEID, app-only; personalized, from the accounts a user
// follows), and the users operations of issue #21: search, affiliates, reposts of me (XDK).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { adminPost, ALL_SCOPES, newUser, userToken, type TestUser } from '../support/actors.js';
import { xdk } from '../support/sdk.js';
import { forEachStore, startServer, uniqueName, type TestServer } from '../support/server.js';

forEachStore('trends and users', (store) => {
  let s: TestServer;
  let londoner: TestUser;
  let tag: string;
  before(async () => {
    s = await startServer({ store, spec: true });
    londoner = await newUser(s, { location: 'London, England' });
    tag = uniqueName('Gig').replace(/[^A-Za-z0-9]/g, '');
    for (let i = 0; i < 3; i++) await adminPost(s, londoner.id, { text: `Tonight ${i} at the pub #${tag}` });
    for (let i = 0; i < 2; i++) await adminPost(s, londoner.id, { text: `Rain again ${i} #${tag}Rain` });
  });
  after(async () => {
    await s.close();
  });

  test('trends by WOEID: the world and London see them, the United States does not', async () => {
    const client: any = xdk(s.url, { bearerToken: s.bearer });
    const world = await client.trends.getByWoeid(1, { trendFields: ['trend_name', 'tweet_count'], maxTrends: 50 });
    const mine = world.data.filter((t: { trendName: string }) => t.trendName.startsWith(`#${tag}`));
    assert.deepEqual(
      mine.map((t: { trendName: string; tweetCount: number }) => [t.trendName, t.tweetCount]),
      [
        [`#${tag}`, 3],
        [`#${tag}Rain`, 2],
      ],
    );
    const london = await s.call('GET', '/2/trends/by/woeid/44418?trend.fields=tweet_count', {
      auth: `Bearer ${s.bearer}`,
    });
    assert.ok(london.body.data.some((t: { trend_name: string }) => t.trend_name === `#${tag}`));
    const uk = await s.call('GET', '/2/trends/by/woeid/23424975', { auth: `Bearer ${s.bearer}` });
    assert.ok(
      uk.body.data.some(
        (t: { trend_name: string; tweet_count?: number }) => t.trend_name === `#${tag}` && t.tweet_count === undefined,
      ),
    );
    const us = await s.call('GET', '/2/trends/by/woeid/23424977', { auth: `Bearer ${s.bearer}` });
    assert.ok(!(us.body.data ?? []).some((t: { trend_name: string }) => t.trend_name.startsWith(`#${tag}`)));
    const one = await s.call('GET', '/2/trends/by/woeid/44418?max_trends=1', { auth: `Bearer ${s.bearer}` });
    assert.equal(one.body.data.length, 1);
    assert.equal((await s.call('GET', '/2/trends/by/woeid/999', { auth: `Bearer ${s.bearer}` })).status, 400);
    const user = await userToken(s, londoner.id);
    assert.equal((await s.call('GET', '/2/trends/by/woeid/1', { auth: user })).status, 403, 'app-only');
  });

  test('trends age out after a day on the service clock; personalized trends follow the follows', async () => {
    const fan = await newUser(s);
    const fanToken = await userToken(s, fan.id);
    const f = await s.call('POST', `/2/users/${fan.id}/following`, {
      auth: fanToken,
      body: { target_user_id: londoner.id },
    });
    assert.equal(f.status, 200);
    const client: any = xdk(s.url, { accessToken: fanToken.slice(7) });
    const mine = await client.trends.getPersonalized();
    const top = mine.data.find((t: { trendName: string }) => t.trendName === `#${tag}`);
    assert.equal(top.postCount, 3);
    assert.equal(top.category, 'Trending');
    assert.equal(top.trendingSince, 'Trending now');
    const stranger = await newUser(s);
    const theirs = await s.call('GET', '/2/users/personalized_trends', { auth: await userToken(s, stranger.id) });
    assert.ok(!(theirs.body.data ?? []).some((t: { trend_name: string }) => t.trend_name === `#${tag}`));
    const only = await s.call('GET', '/2/users/personalized_trends?personalized_trend.fields=trend_name', {
      auth: fanToken,
    });
    assert.deepEqual(Object.keys(only.body.data[0]), ['trend_name']);
    await s.admin('POST', '/_aviary/clock', { set: new Date(Date.now() + 25 * 3_600_000).toISOString() });
    const later = await s.call('GET', '/2/trends/by/woeid/1?max_trends=50', { auth: `Bearer ${s.bearer}` });
    assert.ok(!(later.body.data ?? []).some((t: { trend_name: string }) => t.trend_name === `#${tag}`));
    await s.admin('POST', '/_aviary/clock', { mode: 'real' });
  });

  test('users search: every word in username, name or description; pages with next_token', async () => {
    const word = uniqueName('kite').replace(/[^A-Za-z0-9]/g, '');
    const found: string[] = [];
    for (let i = 0; i < 3; i++) found.push((await newUser(s, { description: `I fly ${word} kites` })).id);
    const exact = await newUser(s, { username: word.slice(0, 15) });
    const me = await newUser(s);
    const token = await userToken(s, me.id);
    const client: any = xdk(s.url, { accessToken: token.slice(7) });
    const first = await client.users.search(word.slice(0, 15), { maxResults: 2, userFields: ['description'] });
    assert.equal(first.data[0].id, exact.id, 'the exact username first');
    assert.equal(first.data.length, 2);
    const rest = await s.call(
      'GET',
      `/2/users/search?query=${word.slice(0, 15)}&max_results=2&next_token=${first.meta.nextToken}`,
      {
        auth: token,
      },
    );
    assert.equal(rest.status, 200, JSON.stringify(rest.body));
    const all = [...first.data.map((u: { id: string }) => u.id), ...rest.body.data.map((u: { id: string }) => u.id)];
    assert.deepEqual(all.sort(), [...found, exact.id].sort());
    const two = await s.call('GET', `/2/users/search?query=fly%20${word}`, { auth: token });
    assert.deepEqual(two.body.data.map((u: { id: string }) => u.id).sort(), [...found].sort());
    assert.equal((await s.call('GET', '/2/users/search?query=a%25b', { auth: token })).status, 400);
    assert.equal((await s.call('GET', `/2/users/search?query=${word}`, { auth: `Bearer ${s.bearer}` })).status, 403);
  });

  test('affiliates through the control API; reposts of me', async () => {
    const org = await newUser(s);
    const staff = [await newUser(s), await newUser(s)];
    for (const u of staff) {
      const r = await s.admin('POST', `/_aviary/users/${org.id}/affiliates`, { user_id: u.id });
      assert.equal(r.status, 201);
    }
    const client: any = xdk(s.url, { bearerToken: s.bearer });
    const page = await client.users.getAffiliates(org.id, { maxResults: 1 });
    assert.equal(page.data.length, 1);
    const next = await s.call(
      'GET',
      `/2/users/${org.id}/affiliates?max_results=1&pagination_token=${page.meta.nextToken}`,
      {
        auth: `Bearer ${s.bearer}`,
      },
    );
    assert.deepEqual([page.data[0].id, next.body.data[0].id].sort(), staff.map((u) => u.id).sort());
    await s.admin('DELETE', `/_aviary/users/${org.id}/affiliates/${staff[0]!.id}`);
    const after = await s.call('GET', `/2/users/${org.id}/affiliates`, { auth: `Bearer ${s.bearer}` });
    assert.deepEqual(
      after.body.data.map((u: { id: string }) => u.id),
      [staff[1]!.id],
    );
    assert.equal((await s.call('GET', '/2/users/99999/affiliates', { auth: `Bearer ${s.bearer}` })).status, 404);

    const me = await newUser(s);
    const mine = await adminPost(s, me.id, { text: 'worth reposting' });
    const fan = await newUser(s);
    const fanToken = await userToken(s, fan.id);
    const rp = await s.call('POST', `/2/users/${fan.id}/retweets`, { auth: fanToken, body: { tweet_id: mine.id } });
    assert.equal(rp.status, 200);
    await s.call('POST', `/2/users/${me.id}/retweets`, {
      auth: await userToken(s, me.id),
      body: { tweet_id: mine.id },
    });
    const token = await userToken(s, me.id, { scopes: [...ALL_SCOPES, 'timeline.read'] });
    const xc: any = xdk(s.url, { accessToken: token.slice(7) });
    const reposts = await xc.users.getRepostsOfMe({ postFields: ['author_id', 'referenced_tweets'] });
    assert.equal(reposts.data.length, 1, 'only others’ reposts');
    assert.equal(reposts.data[0].authorId, fan.id);
    assert.equal(reposts.data[0].referencedTweets[0].id, mine.id);
    const noScope = await s.call('GET', '/2/users/reposts_of_me', { auth: await userToken(s, me.id) });
    assert.equal(noScope.status, 403);
    assert.ok(s.specChecked() > 0);
  });
});
