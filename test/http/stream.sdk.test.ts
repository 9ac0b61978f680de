// GET /2/tweets/search/stream with the three SDKs: each receives exactly the posts created over HTTP
// that match its app's rules — once per post, listing every rule it matched — and nothing else.
// "Nothing else" is proven by order: posts are delivered in creation order, so once the last
// (matching) post has arrived, a non-matching one created before it would have arrived too.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ETwitterStreamEvent } from 'twitter-api-v2';
import { twitterApiSdk, twitterApiV2, xdk } from '../support/sdk.js';
import { forEachStore, poll, startServer, type TestServer } from '../support/server.js';
import { appWithRules, openStream, poster, word } from './stream.client.js';
import { after, before } from 'node:test';

forEachStore('filtered stream with the SDKs', (store) => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ store });
  });
  after(async () => {
    await s.close();
  });

  test('twitter-api-v2 searchStream(): matching posts with includes and matching_rules, nothing else', async () => {
    const [cat, dog] = [word('cat'), word('dog')];
    const app = await appWithRules(s, [{ value: cat, tag: 'cats' }, { value: `${dog} -is:retweet` }]);
    const { user, post } = await poster(s);
    const client = twitterApiV2(s.url, app.bearer);
    const stream = await client.v2.searchStream({
      'tweet.fields': ['author_id', 'created_at'],
      expansions: ['author_id'],
    });
    const got: any[] = [];
    stream.on(ETwitterStreamEvent.Data, (d) => got.push(d));
    try {
      const a = await post(`hello ${cat}`);
      await post('nothing to see here');
      const b = await post(`${cat} and ${dog} together`);
      await poll(() => got.some((m) => m.data.id === b));
      assert.deepEqual(
        got.map((m) => m.data.id),
        [a, b],
      );
      assert.deepEqual(got[0].matching_rules, [{ id: app.rules[cat], tag: 'cats' }]);
      assert.deepEqual(got[1].matching_rules, [
        { id: app.rules[cat], tag: 'cats' },
        { id: app.rules[`${dog} -is:retweet`] },
      ]);
      assert.equal(got[0].data.author_id, user.id);
      assert.match(got[0].data.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      assert.deepEqual(
        got[0].includes.users.map((u: any) => u.username),
        [user.username],
      );
    } finally {
      stream.close();
    }
  });

  test('@xdevplatform/xdk stream.posts(): the matching posts, nothing else', async () => {
    const topic = word('xdk');
    const app = await appWithRules(s, [{ value: topic }]);
    const { post } = await poster(s);
    const client = xdk(s.url, { bearerToken: app.bearer });
    const ac = new AbortController();
    const stream: any = await client.stream.posts({ tweetFields: ['lang'], signal: ac.signal } as never);
    const got: any[] = [];
    stream.on('data', (d: any) => {
      if (d.data) got.push(d);
    });
    try {
      const a = await post(`this is the first ${topic} post and it is in English`);
      await post('unrelated words only');
      const b = await post(`second ${topic} post`);
      await poll(() => got.some((m) => m.data.id === b));
      assert.deepEqual(
        got.map((m) => m.data.id),
        [a, b],
      );
      assert.equal(got[0].data.lang, 'en');
      assert.deepEqual(got[1].matching_rules, [{ id: app.rules[topic] }]);
    } finally {
      ac.abort();
      stream.close();
    }
  });

  test('twitter-api-sdk tweets.searchStream(): the matching posts, nothing else', async () => {
    const topic = word('tas');
    const app = await appWithRules(s, [{ value: topic, tag: 'tas' }]);
    const { post } = await poster(s);
    const client = twitterApiSdk(s.url, app.bearer);
    const stream = client.tweets.searchStream({ expansions: ['author_id'] });
    const got: any[] = [];
    const reading = (async () => {
      for await (const m of stream) {
        got.push(m);
        if (got.length === 2) break;
      }
    })();
    // The SDK opens the connection on the first read: wait until the server holds it.
    await poll(
      async () =>
        (await s.call('GET', '/2/connections', { auth: `Bearer ${app.bearer}` })).body.meta.result_count === 1,
    );
    const a = await post(`one ${topic}`);
    await post('still unrelated');
    const b = await post(`two ${topic}`);
    await reading;
    assert.deepEqual(
      got.map((m) => m.data!.id),
      [a, b],
    );
    assert.deepEqual(got[1].matching_rules, [{ id: app.rules[topic], tag: 'tas' }]);
  });

  test('framing: one JSON object per line ended by \\r\\n; rule changes apply to an open connection at once', async () => {
    const [first, later] = [word('first'), word('later')];
    const app = await appWithRules(s, [{ value: first }]);
    const { post } = await poster(s);
    const stream = await openStream(s, app.bearer);
    try {
      const a = await post(`${first} only`);
      await stream.waitFor((l) => l.data?.id === a);
      assert.match(stream.text(), /^(\r\n)*\{"data":\{[^\n]*\}\r\n$/);
      const added = await s.call('POST', '/2/tweets/search/stream/rules', {
        auth: `Bearer ${app.bearer}`,
        body: { add: [{ value: later }] },
      });
      await s.call('POST', '/2/tweets/search/stream/rules', {
        auth: `Bearer ${app.bearer}`,
        body: { delete: { values: [first] } },
      });
      await post(`${first} no longer wanted`);
      const b = await post(`${later} wanted now`);
      const m = await stream.waitFor((l) => l.data?.id === b);
      assert.deepEqual(m.matching_rules, [{ id: added.body.data[0].id }]);
      assert.deepEqual(
        stream.lines.map((l) => l.data.id),
        [a, b],
      );
    } finally {
      await stream.close();
    }
  });

  test('reposts, quotes and edits: a repost matches its text and is:retweet; a quote matches the quoted text; an edit is sent as its new version', async () => {
    const [orig, quoted] = [word('orig'), word('quoted')];
    const app = await appWithRules(s, [
      { value: `${orig} is:retweet`, tag: 'rt' },
      { value: quoted, tag: 'q' },
      { value: `${orig} -is:retweet`, tag: 'plain' },
    ]);
    const author = await poster(s);
    const other = await poster(s);
    const stream = await openStream(s, app.bearer, 'tweet.fields=referenced_tweets,edit_history_tweet_ids');
    try {
      const o = await author.post(`an ${orig} thought`);
      const rt = await s.call('POST', `/2/users/${other.user.id}/retweets`, {
        auth: other.token,
        body: { tweet_id: o },
      });
      assert.equal(rt.status, 200);
      const base = await author.post(`something about ${quoted}`);
      const q = await other.post({ text: 'look at this', quote_tweet_id: base });
      const edited = await s.call('POST', '/2/tweets', {
        auth: author.token,
        body: { text: `an ${orig} thought, edited`, edit_options: { previous_post_id: o } },
      });
      const e = edited.body.data.id;
      await stream.waitFor((l) => l.data?.id === e);
      const byTag = (tag: string) =>
        stream.lines.filter((l) => l.matching_rules.some((r: any) => r.tag === tag)).map((l) => l.data.id);
      const repost = stream.lines.find((l) => l.data.referenced_tweets?.[0]?.type === 'retweeted');
      assert.ok(repost, 'the repost was streamed');
      assert.deepEqual(byTag('rt'), [repost.data.id]);
      assert.deepEqual(byTag('plain'), [o, e]);
      assert.deepEqual(byTag('q'), [base, q]);
      const last = stream.lines.at(-1);
      assert.deepEqual(last.data.edit_history_tweet_ids, [o, e]);
    } finally {
      await stream.close();
    }
  });

  test("a protected author's posts are not streamed; each app gets only its own rules' matches", async () => {
    const topic = word('priv');
    const mine = await appWithRules(s, [{ value: topic }]);
    const theirs = await appWithRules(s, [{ value: `${topic} lang:fr` }]);
    const locked = await poster(s, { protected: true });
    const open = await poster(s);
    const a = await openStream(s, mine.bearer);
    const b = await openStream(s, theirs.bearer);
    try {
      await locked.post(`${topic} from a protected account`);
      const id = await open.post(`${topic} from a public account`);
      await a.waitFor((l) => l.data?.id === id);
      assert.deepEqual(
        a.lines.map((l) => l.data.id),
        [id],
      );
      const fr = await open.post(
        `bonjour tout le monde, ${topic} est vraiment une belle journée pour nous aujourd'hui`,
      );
      await b.waitFor((l) => l.data?.id === fr);
      assert.deepEqual(
        b.lines.map((l) => l.data.id),
        [fr],
      );
    } finally {
      await a.close();
      await b.close();
    }
  });

  test("an author's change is seen by the match of their next post (is:verified)", async () => {
    const topic = word('verif');
    const app = await appWithRules(s, [{ value: `${topic} is:verified` }]);
    const author = await poster(s);
    const stream = await openStream(s, app.bearer);
    try {
      // Matched and rendered once while unverified: the author's row is then held by the caches.
      const other = await appWithRules(s, [{ value: topic }]);
      const seen = await openStream(s, other.bearer);
      const before = await author.post(`${topic} not verified yet`);
      await seen.waitFor((l) => l.data?.id === before);
      await seen.close();
      const patched = await s.admin('PATCH', `/_aviary/users/${author.user.id}`, { verified: true });
      assert.equal(patched.status, 200, JSON.stringify(patched.body));
      const after = await author.post(`${topic} verified now`);
      await stream.waitFor((l) => l.data?.id === after);
      assert.deepEqual(
        stream.lines.map((l) => l.data.id),
        [after],
      );
    } finally {
      await stream.close();
    }
  });
});
