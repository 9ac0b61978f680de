// Recent and full-archive search through the three SDKs on both stores, every 2xx body checked
// against the OpenAPI document: paging (next_token and pagination_token, stable tokens), meta, the
// default window and its 30 s lag, start/end/since/until, auth per endpoint, reposts, edits,
// deletions, protected authors and live engagement counts (min_likes:).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { adminPost, newApp, newUser, userToken, type TestUser } from '../support/actors.js';
import { twitterApiSdk, twitterApiV2, xdk } from '../support/sdk.js';
import { forEachStore, startServer, uniqueName, type TestServer } from '../support/server.js';

type Page = {
  data?: { id: string }[];
  meta: { result_count: number; newest_id?: string; oldest_id?: string; next_token?: string };
};
const ids = (p: Page) => (p.data ?? []).map((t) => t.id);

forEachStore('search recent and all', (store) => {
  let s: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let word: string;
  let posts: string[];
  const bearer = () => `Bearer ${s.bearer}`;
  const search = (qs: string, auth = bearer(), path = 'recent') =>
    s.call<Page & { errors?: { message: string }[] }>('GET', `/2/tweets/search/${path}?${qs}`, { auth });
  const advance = (ms: number) => s.admin('POST', '/_aviary/clock', { advance_ms: ms });

  before(async () => {
    s = await startServer({ store, spec: true });
    alice = await newUser(s, { premium: true });
    bob = await newUser(s);
    word = uniqueName('k');
    await s.admin('POST', '/_aviary/clock', { set: new Date().toISOString() });
    posts = [];
    for (let i = 0; i < 25; i++)
      posts.push((await adminPost(s, i % 5 ? alice.id : bob.id, { text: `${word} number ${i} #${word}tag` })).id);
    posts.reverse(); // newest first
    await advance(60_000);
  });
  after(async () => {
    await s.close();
  });

  // First, while the virtual clock is still within the OAuth 1.0a timestamp window of the wall clock.
  test('auth: recent takes app-only, OAuth 2.0 user and OAuth 1.0a; all is app-only', async () => {
    const user = await userToken(s, bob.id, { scopes: ['tweet.read', 'users.read'] });
    assert.equal((await search(`query=${word}`, user)).status, 200);
    assert.equal((await search(`query=${word}`, await userToken(s, bob.id, { scopes: ['tweet.read'] }))).status, 403);
    const c = s.credentials!;
    const oauth1 = twitterApiV2(s.url, {
      appKey: c.app.consumer_key,
      appSecret: c.app.consumer_secret,
      accessToken: c.user.access_token,
      accessSecret: c.user.access_token_secret,
    });
    assert.equal((await oauth1.v2.search(word)).tweets.length, 10);
    const refused = await search(`query=${word}`, user, 'all');
    assert.equal(refused.status, 403);
    assert.equal(
      (refused.body as unknown as { type: string }).type,
      'https://api.twitter.com/2/problems/unsupported-authentication',
    );
    assert.equal((await search(`query=${word}`, '')).status, 401);
  });

  test('twitter-api-v2 paginator walks every match newest first, each once', async () => {
    const paginator = await twitterApiV2(s.url, s.bearer).v2.search(word, { max_results: 10 });
    await paginator.fetchLast(100);
    assert.deepEqual(
      paginator.tweets.map((t) => t.id),
      posts,
    );
    assert.equal(paginator.done, true);
    const all = await twitterApiV2(s.url, s.bearer).v2.searchAll(word, { max_results: 10 });
    await all.fetchLast(100);
    assert.deepEqual(
      all.tweets.map((t) => t.id),
      posts,
    );
  });

  test('twitter-api-sdk tweetsRecentSearch pages with expansions and fields', async () => {
    const client = twitterApiSdk(s.url, s.bearer);
    const seen: string[] = [];
    for await (const page of client.tweets.tweetsRecentSearch({
      query: `${word} from:${alice.username}`,
      max_results: 10,
      expansions: ['author_id'],
      'tweet.fields': ['created_at', 'author_id'],
    })) {
      seen.push(...(page.data ?? []).map((t) => t.id));
      assert.deepEqual(
        page.includes?.users?.map((u) => u.id),
        [alice.id],
      );
      assert.ok(page.data?.every((t) => t.author_id === alice.id && t.created_at));
    }
    assert.deepEqual(
      seen,
      posts.filter((_, i) => (24 - i) % 5 !== 0),
    );
  });

  test('@xdevplatform/xdk posts.searchRecent, then the next page by token', async () => {
    const client = xdk(s.url, { bearerToken: s.bearer });
    // XDK hands back meta in camelCase.
    const first = (await client.posts.searchRecent(word, { maxResults: 10 })) as {
      data: { id: string }[];
      meta: { nextToken: string; resultCount: number };
    };
    assert.deepEqual(
      first.data.map((t) => t.id),
      posts.slice(0, 10),
    );
    assert.equal(first.meta.resultCount, 10);
    const second = (await client.posts.searchRecent(word, { maxResults: 10, nextToken: first.meta.nextToken })) as {
      data: { id: string }[];
    };
    assert.deepEqual(
      second.data.map((t) => t.id),
      posts.slice(10, 20),
    );
  });

  test('meta, tokens that never expire, next_token and pagination_token alike', async () => {
    const first = (await search(`query=${word}`)).body;
    assert.deepEqual(first.meta, {
      newest_id: posts[0],
      oldest_id: posts[9],
      result_count: 10,
      next_token: first.meta.next_token,
    });
    assert.match(first.meta.next_token!, /^[0-9a-z]+$/);
    const second = (await search(`query=${word}&next_token=${first.meta.next_token}`)).body;
    assert.deepEqual(ids(second), posts.slice(10, 20));
    // A later post and a later clock do not move a page: the token keeps its window and position.
    await adminPost(s, alice.id, { text: `${word} late arrival` });
    await advance(3_600_000);
    const again = (await search(`query=${word}&pagination_token=${first.meta.next_token}`)).body;
    assert.deepEqual(again, second);
    const last = (await search(`query=${word}&next_token=${second.meta.next_token}`)).body;
    assert.deepEqual(ids(last), posts.slice(20));
    assert.equal(last.meta.next_token, undefined);
    assert.deepEqual((await search(`query=${uniqueName('none')}`)).body, { meta: { result_count: 0 } });
  });

  test('the default window ends 30 s before now; start_time inclusive, end_time exclusive', async () => {
    const tag = uniqueName('t');
    const t0 = Date.parse((await s.admin('GET', '/_aviary/clock')).body.data.now);
    const early = await adminPost(s, bob.id, { text: `${tag} early` });
    await advance(10_000);
    const late = await adminPost(s, bob.id, { text: `${tag} late` });
    assert.deepEqual(ids((await search(`query=${tag}`)).body), []);
    await advance(21_000);
    assert.deepEqual(ids((await search(`query=${tag}`)).body), [early.id]);
    await advance(10_000);
    assert.deepEqual(ids((await search(`query=${tag}`)).body), [late.id, early.id]);
    const iso = (ms: number) => new Date(ms).toISOString();
    assert.deepEqual(ids((await search(`query=${tag}&start_time=${iso(t0 + 10_000)}`)).body), [late.id]);
    assert.deepEqual(ids((await search(`query=${tag}&end_time=${iso(t0 + 10_000)}`)).body), [early.id]);
    assert.deepEqual(ids((await search(`query=${tag}&since_id=${early.id}`)).body), [late.id]);
    assert.deepEqual(ids((await search(`query=${tag}&until_id=${late.id}`)).body), [early.id]);
  });

  test('the real 400s: ranges, unknown parameters, tokens, time limits, query errors', async () => {
    const message = async (qs: string, path = 'recent') => {
      const res = await search(qs, bearer(), path);
      assert.equal(res.status, 400, JSON.stringify(res.body));
      return res.body.errors![0]!.message;
    };
    assert.equal(
      await message(`query=${word}&max_results=5`),
      'The `max_results` query parameter value [5] is not between 10 and 100',
    );
    assert.equal(
      await message(`query=${word}&max_results=501`, 'all'),
      'The `max_results` query parameter value [501] is not between 10 and 500',
    );
    assert.equal((await search(`query=${word}&max_results=500`, bearer(), 'all')).status, 200);
    assert.match(
      await message(`query=${word}&count=3`),
      /^The query parameter \[count\] is not one of \[query,start_time,end_time,since_id,until_id,max_results,next_token,pagination_token,sort_order,tweet\.fields,/,
    );
    assert.equal(
      await message(`query=${word}&next_token=zzz`),
      'The `next_token` query parameter value [zzz] is not valid',
    );
    assert.equal(
      await message(`query=${word}&sort_order=oldest`),
      'The `sort_order` query parameter value [oldest] is not one of [recency,relevancy]',
    );
    assert.equal((await search(`query=${word}&sort_order=relevancy`)).status, 200);
    assert.match(
      await message(`query=${word}&start_time=2006-01-01T00:00:00Z`),
      /^Invalid 'start_time':'2006-01-01T00:00Z'\. 'start_time' must be on or after \d{4}-\d\d-\d\dT\d\d:\d\dZ$/,
    );
    assert.equal(
      await message(`query=${word}&start_time=2006-01-01T00:00:00Z`, 'all'),
      "Invalid 'start_time':'2006-01-01T00:00Z'. 'start_time' must be on or after 2006-03-21T00:00Z",
    );
    const now = (await s.admin('GET', '/_aviary/clock')).body.data.now as string;
    assert.match(
      await message(`query=${word}&end_time=${now}`),
      /'end_time' must be a minimum of 10 seconds prior to the request time\.$/,
    );
    assert.equal(
      await message('query=has:media'),
      'There were errors processing your request: is/has/lang cannot be used as a standalone operator (at position 1)',
    );
    assert.equal(await message('query='), "Invalid 'query':''. 'query' must be a non-empty string");
    assert.equal(await message('max_results=10'), 'The `query` query parameter can not be empty');
  });

  test('query length: 512 (recent) and 1,024 (all) on self-serve tiers, 4,096 on enterprise', async () => {
    const free = (await newApp(s, { tier: 'free' })).bearer_token;
    const long = (n: number) => encodeURIComponent(`${word} ${'x'.repeat(n - word.length - 1)}`);
    assert.equal((await search(`query=${long(512)}`, `Bearer ${free}`)).status, 200);
    assert.equal((await search(`query=${long(513)}`, `Bearer ${free}`)).status, 400);
    assert.equal((await search(`query=${long(1024)}`, `Bearer ${free}`, 'all')).status, 200);
    assert.equal((await search(`query=${long(1025)}`, `Bearer ${free}`, 'all')).status, 400);
    const enterprise = (await newApp(s, { tier: 'enterprise' })).bearer_token;
    assert.equal((await search(`query=${long(4096)}`, `Bearer ${enterprise}`)).status, 200);
    assert.equal((await search(`query=${long(4097)}`, `Bearer ${enterprise}`)).status, 400);
  });

  test('reposts leave keyword search but not from:; edits and deletions show at once', async () => {
    const tag = uniqueName('r');
    const original = await adminPost(s, alice.id, { text: `${tag} original words` });
    const bobToken = await userToken(s, bob.id);
    await s.call('POST', `/2/users/${bob.id}/retweets`, { auth: bobToken, body: { tweet_id: original.id } });
    const edited = await s.admin('POST', '/_aviary/posts', {
      author_id: alice.id,
      text: `${tag} edited words`,
      edit_options: { previous_post_id: original.id },
    });
    assert.equal(edited.status, 201);
    const gone = await adminPost(s, bob.id, { text: `${tag} soon gone` });
    await advance(31_000);
    assert.deepEqual(ids((await search(`query=${tag}`)).body), [gone.id, edited.body.data.id]);
    const reposts = (await search(`query=${encodeURIComponent(`from:${bob.username} is:retweet`)}`)).body;
    assert.equal(reposts.meta.result_count, 1);
    await s.call('DELETE', `/2/tweets/${gone.id}`, { auth: bobToken });
    assert.deepEqual(ids((await search(`query=${tag}`)).body), [edited.body.data.id]);
  });

  test('protected authors are hidden unless the viewer follows them; min_likes: reads live counts', async () => {
    const tag = uniqueName('p');
    const locked = await newUser(s, { protected: true });
    const hidden = await adminPost(s, locked.id, { text: `${tag} behind the lock` });
    const open = await adminPost(s, alice.id, { text: `${tag} in the open` });
    await advance(31_000);
    assert.deepEqual(ids((await search(`query=${tag}`)).body), [open.id]);
    await s.admin('POST', '/_aviary/follows', { source_id: bob.id, target_id: locked.id });
    assert.deepEqual(ids((await search(`query=${tag}`, await userToken(s, bob.id))).body), [open.id, hidden.id]);
    assert.deepEqual(ids((await search(`query=${encodeURIComponent(`${tag} min_likes:1`)}`)).body), []);
    const liked = await s.call('POST', `/2/users/${bob.id}/likes`, {
      auth: await userToken(s, bob.id),
      body: { tweet_id: open.id },
    });
    assert.equal(liked.status, 200, JSON.stringify(liked.body));
    assert.deepEqual(ids((await search(`query=${encodeURIComponent(`${tag} min_likes:1`)}`)).body), [open.id]);
  });

  test('every 2xx answer matched the OpenAPI document', () => {
    assert.ok(s.specChecked() > 20);
  });
});
