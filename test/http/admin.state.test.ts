// Snapshots of the whole state (issue #20, Deliver 5): GET /_aviary/state gives one file, PUT replaces
// the state with a file's in one transaction. The server serves what it loaded at once (no cached row,
// credential, rule or timer of the old state), keeps the file's clock, mints ids above the file's, and
// refuses a bad file with a 400 that leaves everything as it was.
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { after, before, describe, test } from 'node:test';
import { readSnapshot, writeSnapshot } from '../../src/snapshot/snapshot.format.js';
import type { DemoCredentials } from '../../src/seed/demo.js';
import { adminPost, newApp, newUser, userToken } from '../support/actors.js';
import { adsCall, type Advertiser } from '../support/ads.js';
import { startReceiver } from '../support/receiver.js';
import { twitterApiV2, xdk } from '../support/sdk.js';
import { forEachStore, PG_URL, startServer, uniqueName, type TestServer } from '../support/server.js';

export async function getState(s: TestServer): Promise<Buffer> {
  const res = await fetch(`${s.url}/_aviary/state`, { headers: { authorization: `Bearer ${s.adminToken}` } });
  assert.equal(res.status, 200, await res.clone().text());
  assert.equal(res.headers.get('content-type'), 'application/gzip');
  assert.match(
    res.headers.get('content-disposition') ?? '',
    /^attachment; filename="aviary-state-\d{8}T\d{6}Z\.jsonl\.gz"$/,
  );
  return Buffer.from(await res.arrayBuffer());
}

export async function putState(s: TestServer, file: Buffer, type = 'application/gzip') {
  const res = await fetch(`${s.url}/_aviary/state`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${s.adminToken}`, 'content-type': type },
    body: new Uint8Array(file),
  });
  return { status: res.status, body: (await res.json()) as any };
}

forEachStore('control API: state snapshots', (store) => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ store });
  });
  after(() => s.close());

  const bearer = () => `Bearer ${s.bearer}`;

  test('a loaded snapshot is served at once: posts, users, search, rules and credentials of that moment', async () => {
    const word = uniqueName('w');
    // Recent search leaves out the last seconds' posts (search.recent.test.ts): time is moved past them.
    const advance = () => s.admin('POST', '/_aviary/clock', { advance_ms: 60_000 });
    await s.admin('POST', '/_aviary/clock', { mode: 'virtual' });
    const author = await newUser(s);
    const kept = await adminPost(s, author.id, { text: `kept ${word}` });
    await advance();
    const rule = await s.call('POST', '/2/tweets/search/stream/rules', {
      auth: bearer(),
      body: { add: [{ value: word, tag: 'kept' }] },
    });
    assert.equal(rule.status, 201);
    const file = await getState(s);

    // After the snapshot: a post made and read (so this server holds it in memory), the kept post
    // deleted, the rule replaced, a new app whose bearer is read once (cached).
    const token = await userToken(s, author.id);
    const later = await adminPost(s, author.id, { text: `later ${word}` });
    assert.equal((await s.call('GET', `/2/tweets/${later.id}`, { auth: bearer() })).status, 200);
    assert.equal((await s.call('DELETE', `/2/tweets/${kept.id}`, { auth: token })).status, 200);
    await s.call('POST', '/2/tweets/search/stream/rules', {
      auth: bearer(),
      body: { delete: { ids: [rule.body.data[0].id] } },
    });
    const app = await newApp(s);
    assert.equal((await s.call('GET', '/2/users/12', { auth: `Bearer ${app.bearer_token}` })).status, 200);

    const put = await putState(s, file);
    assert.equal(put.status, 200, JSON.stringify(put.body));
    assert.ok(put.body.data.rows > 0 && put.body.data.tables > 10);
    assert.equal(put.body.data.dialect, store);

    assert.equal((await s.call('GET', `/2/tweets/${kept.id}`, { auth: bearer() })).body.data.text, `kept ${word}`);
    const gone = await s.call('GET', `/2/tweets/${later.id}`, { auth: bearer() });
    assert.equal(gone.body.errors?.[0]?.type, 'https://api.twitter.com/2/problems/resource-not-found');
    await advance();
    const found = await s.call('GET', `/2/tweets/search/recent?query=${word}`, { auth: bearer() });
    assert.deepEqual(
      found.body.data.map((p: any) => p.id),
      [kept.id],
    );
    const rules = await s.call('GET', '/2/tweets/search/stream/rules', { auth: bearer() });
    assert.deepEqual(
      rules.body.data.map((r: any) => [r.value, r.tag]),
      [[word, 'kept']],
    );
    assert.equal((await s.call('GET', '/2/users/12', { auth: `Bearer ${app.bearer_token}` })).status, 401);
    assert.equal((await s.call('GET', '/2/users/12', { auth: token })).status, 401, 'a token minted later is gone');

    // Written after the load: the new post is stored, found, and its id is above every loaded id.
    const next = await adminPost(s, author.id, { text: `next ${word}` });
    assert.ok(BigInt(next.id) > BigInt(kept.id));
    await advance();
    const again = await s.call('GET', `/2/tweets/search/recent?query=${word}`, { auth: bearer() });
    assert.deepEqual(again.body.data.map((p: any) => p.id).sort(), [kept.id, next.id].sort());
  });

  test('the clock is part of the state: a virtual clock comes back where it stood', async () => {
    // The file's clock years ahead: the load jumps there (scheduler.test.ts: a jump runs nothing on the way).
    await s.admin('POST', '/_aviary/clock', { mode: 'virtual' });
    await s.admin('POST', '/_aviary/clock', { advance_ms: 60_000 });
    const now = Date.parse((await s.admin('GET', '/_aviary/clock')).body.data.now);
    const taken = readSnapshot(await getState(s));
    assert.deepEqual(taken.header.clock, { mode: 'virtual', now }, 'the file carries the virtual clock');
    const at = Date.parse('2031-02-03T04:05:06.007Z');
    const file = writeSnapshot({ ...taken, header: { ...taken.header, clock: { mode: 'virtual', now: at } } });
    await s.admin('POST', '/_aviary/clock', { mode: 'real' });
    const put = await putState(s, file);
    assert.equal(put.status, 200);
    assert.deepEqual(put.body.data.clock, { mode: 'virtual', now: '2031-02-03T04:05:06.007Z' });
    assert.deepEqual((await s.admin('GET', '/_aviary/clock')).body.data, {
      mode: 'virtual',
      now: '2031-02-03T04:05:06.007Z',
    });
    await s.admin('POST', '/_aviary/clock', { mode: 'real' });
  });

  test('a bad file is a 400 that says why, and the state is left as it was', async () => {
    const base = await getState(s);
    const witness = await newUser(s);
    const plain = gunzipSync(base);
    const lines = plain.toString('utf8').trimEnd().split('\n');
    const usersAt = lines.findIndex((l) => l.startsWith('{"table":"users"'));
    const snapshot = readSnapshot(base);
    const users = snapshot.tables.find((t) => t.name === 'users')!;
    const cases: [string, Buffer, RegExp][] = [
      ['not a snapshot', Buffer.from('hello'), /line 1 is not JSON/],
      ['a cut gzip stream', base.subarray(0, Math.floor(base.length / 2)), /not a readable gzip stream/],
      ['no end line', Buffer.from(lines.slice(0, -1).join('\n')), /ends early|should start a table/],
      [
        'a row too short',
        Buffer.from(lines.map((l, i) => (i === usersAt + 1 ? '[]' : l)).join('\n')),
        /is not a row of/,
      ],
      [
        'a duplicate key',
        writeSnapshot({
          ...snapshot,
          tables: snapshot.tables.map((t) => (t === users ? { ...t, rows: [...t.rows, t.rows[0]!] } : t)),
        }),
        /table users: the store refused a row/,
      ],
      [
        'a table this store does not have',
        writeSnapshot({ ...snapshot, tables: [...snapshot.tables, { name: 'nope', columns: ['a'], rows: [] }] }),
        /table nope is not a table/,
      ],
      [
        'a newer Aviary',
        writeSnapshot({
          ...snapshot,
          header: { ...snapshot.header, migrations: [...snapshot.header.migrations, '9999_future'] },
        }),
        /newer Aviary: migration 9999_future/,
      ],
    ];
    for (const [what, file, message] of cases) {
      const put = await putState(s, file);
      assert.equal(put.status, 400, what);
      assert.equal(put.body.type, 'https://api.twitter.com/2/problems/invalid-request', what);
      assert.match(put.body.errors[0].message, /^Not loaded, the state is unchanged: /, what);
      assert.match(put.body.errors[0].message, message, what);
      const still = await s.admin('GET', `/_aviary/users/${witness.id}`);
      assert.equal(still.status, 200, `${what}: the user made after the file is still there`);
    }
    assert.equal((await putState(s, Buffer.alloc(0))).status, 400, 'an empty body');
    // The same file, as plain JSON lines and sent the way curl --data-binary sends it, loads.
    const put = await putState(s, plain, 'application/x-www-form-urlencoded');
    assert.equal(put.status, 200, JSON.stringify(put.body));
    assert.equal((await s.admin('GET', `/_aviary/users/${witness.id}`)).status, 404);
  });

  test('only with the admin token', async () => {
    assert.equal((await s.call('GET', '/_aviary/state')).status, 401);
    assert.equal((await s.call('PUT', '/_aviary/state', { body: 'x' })).status, 401);
  });
});

// The check: a snapshot taken on SQLite imports on PostgreSQL and answers the same lookups,
// through the SDKs; and back again.
describe('a load on PostgreSQL and another schema', { skip: PG_URL ? false : 'no PostgreSQL' }, () => {
  // Two servers on one database, each loading a snapshot, deadlocked: each held its own tables locked
  // and the load's catalog query read the other's (pg_get_expr locks each relation it reads). A load
  // must not wait on tables outside its own schema.
  test("a load does not wait on another schema's locked tables", async () => {
    const s = await startServer({ store: 'postgres' });
    const other = new pg.Client({ connectionString: PG_URL! });
    await other.connect();
    const schema = `lock_${process.pid}_${Date.now().toString(36)}`;
    try {
      const file = await getState(s);
      await other.query(`CREATE SCHEMA ${schema}; CREATE TABLE ${schema}.t (n SERIAL PRIMARY KEY)`);
      await other.query(`BEGIN; LOCK TABLE ${schema}.t IN ACCESS EXCLUSIVE MODE`);
      const waited = new Promise<'waited'>((res) => setTimeout(() => res('waited'), 10_000).unref());
      const load = putState(s, file);
      const first = await Promise.race([load, waited]);
      await other.query('ROLLBACK');
      assert.notEqual(first, 'waited', 'the load waited for the other schema');
      assert.equal((await load).status, 200);
    } finally {
      await other.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {});
      await other.end();
      await s.close();
    }
  });
});

describe(
  'a snapshot moves between stores [sqlite → postgres → sqlite]',
  { skip: PG_URL ? false : 'no PostgreSQL' },
  () => {
    const servers: TestServer[] = [];
    after(async () => {
      for (const s of servers) await s.close();
    });

    /** What a client sees: users, posts, search, rules, webhooks and Ads campaigns, with the demo credentials. */
    async function lookups(s: TestServer, c: DemoCredentials, word: string, postIds: string[]) {
      const v2 = twitterApiV2(s.url, c.app.bearer_token);
      const users = await v2.v2.usersByUsernames(['jack', 'XDevelopers', word], { 'user.fields': ['created_at'] });
      const posts = await v2.v2.tweets(postIds, { expansions: ['author_id'], 'tweet.fields': ['created_at'] });
      const found = await v2.v2.search(word, { max_results: 10 });
      const rules = await v2.v2.streamRules();
      const webhooks = await (xdk(s.url, { bearerToken: c.app.bearer_token }) as any).webhooks.get();
      const jack: Advertiser = {
        id: c.user.id,
        username: c.user.username,
        name: 'jack',
        consumerKey: c.app.consumer_key,
        consumerSecret: c.app.consumer_secret,
        token: c.user.access_token,
        tokenSecret: c.user.access_token_secret,
      };
      const campaigns = await adsCall(s, jack, 'GET', `accounts/${c.ads_account_id}/campaigns`);
      assert.equal(campaigns.status, 200);
      return {
        users: users.data,
        posts: posts.data,
        includes: posts.includes,
        search: found.tweets.map((t) => t.id),
        rules: rules.data,
        webhooks: webhooks.data,
        campaigns: campaigns.body.data,
      };
    }

    test('the same answers on each store', async () => {
      const a = await startServer({ store: 'sqlite' });
      servers.push(a);
      const c = a.credentials!;
      await a.admin('POST', '/_aviary/clock', { mode: 'virtual' });
      const word = uniqueName('m');
      const user = await newUser(a, { username: word });
      const posts = [
        (await adminPost(a, user.id, { text: `first ${word}` })).id,
        (await adminPost(a, user.id, { text: `second ${word} über 🐦` })).id,
      ];
      await a.call('POST', '/2/tweets/search/stream/rules', {
        auth: `Bearer ${c.app.bearer_token}`,
        body: { add: [{ value: `${word} -is:retweet`, tag: 'moved' }] },
      });
      const receiver = await startReceiver({ secret: c.app.consumer_secret });
      try {
        const hook = await a.call('POST', '/2/webhooks', {
          auth: `Bearer ${c.app.bearer_token}`,
          body: { url: receiver.url },
        });
        assert.equal(hook.status, 200, JSON.stringify(hook.body));
        await a.admin('POST', '/_aviary/clock', { advance_ms: 60_000 });
        const before = await lookups(a, c, word, posts);
        assert.equal(before.search.length, 2);
        assert.equal(before.rules!.length, 1);
        assert.equal(before.webhooks.length, 1);
        assert.equal(before.campaigns.length, 1);

        const b = await startServer({ store: 'postgres', config: { seedDemo: false } });
        servers.push(b);
        assert.equal((await putState(b, await getState(a))).status, 200);
        assert.deepEqual(await lookups(b, c, word, posts), before);

        const back = await startServer({ store: 'sqlite', config: { seedDemo: false } });
        servers.push(back);
        assert.equal((await putState(back, await getState(b))).status, 200);
        assert.deepEqual(await lookups(back, c, word, posts), before);

        // Ids minted after the load lie above the file's, though each store's worker id is 0 and the
        // clock stands at the instant the first posts were made.
        const next = await adminPost(back, user.id, { text: `third ${word}` });
        assert.ok(posts.every((id) => BigInt(next.id) > BigInt(id)));
      } finally {
        await receiver.close();
      }
    });
  },
);
