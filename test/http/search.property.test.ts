// Property: search returns exactly what evaluating the query with the engine's matcher over every
// stored post returns (window, visibility and edits applied), newest first, across pages. Posts are
// written over HTTP — plain, replies, quotes, reposts, links, edits, deletions, annotation changes,
// a list — from a vocabulary unique to this run; queries are random trees over it (words, phrases,
// entities, users, ids, list:, context:, entity:, negations, conjunction-only and metric
// operators). The oracle reads every post in the store.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import { evaluate, parseQuery, preparePost, type PreparedPost } from '../../src/engine/index.js';
import { toMatchPosts } from '../../src/modules/posts/index.js';
import { adminPost, newUser, userToken, type TestUser } from '../support/actors.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

const rand = () => Math.random().toString(36).slice(2, 7).replace(/[0-9]/g, 'q');
const WORDS = Array.from({ length: 4 }, (_, i) => `w${'abcdef'[i]}${rand()}`);
const ACCENTED = `caf${rand()}é`;
const TAGS = Array.from({ length: 3 }, () => `h${rand()}`);
// Domains of their own, so `context:<domain>.*` matches nothing of the demo dataset's annotations.
const CONTEXTS: [string, string][] = [
  [`7${Math.floor(Math.random() * 1e6)}`, `9${Math.floor(Math.random() * 1e9)}`],
  [`6${Math.floor(Math.random() * 1e6)}`, `8${Math.floor(Math.random() * 1e9)}`],
];

type Row = { id: string; seq: string; created_at: number; author_id: string };
type Oracle = {
  rows: Row[];
  prepared: Map<string, PreparedPost>;
  hidden: Set<string>;
  now: number;
  members: Set<string>;
};

forEachStore('search equals the matcher over every post', (store) => {
  let s: TestServer;
  let users: TestUser[];
  /** A protected account: its posts never show to app-only callers. */
  let locked: TestUser;
  let oracle: Oracle;
  let listId = '';
  let refs: string[] = [];
  const auth = () => `Bearer ${s.bearer}`;

  async function write(): Promise<void> {
    const tokens = new Map<string, string>();
    for (const u of users) tokens.set(u.id, await userToken(s, u.id));
    const ids: { id: string; author: string }[] = [];
    const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;
    for (let i = 0; i < 120; i++) {
      const author = pick(users);
      const parts = Array.from({ length: 1 + Math.floor(Math.random() * 4) }, () => {
        const x = Math.random();
        return x < 0.5
          ? pick(WORDS)
          : x < 0.6
            ? ACCENTED
            : x < 0.8
              ? `#${pick(TAGS)}`
              : x < 0.9
                ? `@${pick(users).username}`
                : `https://example.com/${pick(WORDS)}`;
      });
      const body: Record<string, unknown> = { text: `${parts.join(' ')} n${i}` };
      const target = ids.length && Math.random() < 0.3 ? pick(ids) : undefined;
      if (target && Math.random() < 0.5) body.reply = { in_reply_to_tweet_id: target.id };
      else if (target) body.quote_tweet_id = target.id;
      ids.push({ id: (await adminPost(s, author.id, body)).id, author: author.id });
      if (target && Math.random() < 0.3 && target.author !== author.id) {
        await s.call('POST', `/2/users/${author.id}/retweets`, {
          auth: tokens.get(author.id),
          body: { tweet_id: target.id },
        });
      }
    }
    for (const p of ids.slice(0, 6)) {
      const res = await s.admin('POST', '/_aviary/posts', {
        author_id: p.author,
        text: `${pick(WORDS)} edited ${rand()}`,
        edit_options: { previous_post_id: p.id },
      });
      assert.equal(res.status, 201, JSON.stringify(res.body));
    }
    for (const p of ids.slice(6, 10))
      assert.equal((await s.call('DELETE', `/2/tweets/${p.id}`, { auth: tokens.get(p.author) })).status, 200);
    for (let i = 0; i < 15; i++)
      await adminPost(s, locked.id, { text: `${pick(WORDS)} ${pick(WORDS)} #${pick(TAGS)} locked ${i}` });
    // Annotation changes reach the index through the `u` trigger (superseded versions excepted).
    for (const p of [...ids.slice(0, 2), ...ids.slice(10, 20)]) {
      const [domain, entity] = pick(CONTEXTS);
      const res = await s.admin('PUT', `/_aviary/posts/${p.id}/annotations`, {
        context_annotations: [
          { domain: { id: domain, name: 'Domain' }, entity: { id: entity, name: `Entity ${entity}` } },
        ],
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
    }
    const list = await s.call('POST', '/2/lists', { auth: tokens.get(users[0]!.id), body: { name: `l${rand()}` } });
    listId = list.body.data.id;
    for (const u of users.slice(1))
      await s.call('POST', `/2/lists/${listId}/members`, { auth: tokens.get(users[0]!.id), body: { user_id: u.id } });
    refs = ids.slice(10).map((p) => p.id);
  }

  async function readOracle(): Promise<Oracle> {
    const now = Date.parse((await s.admin('GET', '/_aviary/clock')).body.data.now);
    const rows = (
      await s.deps.db.all<Row>('SELECT id, seq, created_at, author_id FROM posts WHERE superseded_by IS NULL')
    ).map((r) => ({ ...r, created_at: Number(r.created_at) }));
    const hidden = new Set(
      (await s.deps.db.all<{ id: string }>('SELECT id FROM users WHERE protected = 1')).map((u) => u.id),
    );
    const posts = await toMatchPosts(
      s.deps,
      rows.map((r) => r.id),
    );
    const prepared = new Map([...posts].map(([id, p]) => [id, preparePost(p, 'search')]));
    rows.sort((a, b) => b.created_at - a.created_at || (a.seq < b.seq ? 1 : a.seq > b.seq ? -1 : 0));
    const members = new Set(
      (await s.deps.db.all<{ u: string }>('SELECT target_id AS u FROM list_members WHERE source_id = ?', [listId])).map(
        (r) => `${listId}|${r.u}`,
      ),
    );
    return { rows, prepared, hidden, now, members };
  }

  before(async () => {
    s = await startServer({ store });
    users = [];
    for (let i = 0; i < 3; i++) users.push(await newUser(s, { premium: true }));
    locked = await newUser(s, { protected: true });
    await s.admin('POST', '/_aviary/clock', { set: new Date().toISOString() });
    await write();
    await s.admin('POST', '/_aviary/clock', { advance_ms: 60_000 });
    oracle = await readOracle();
  });
  after(async () => {
    await s.close();
  });

  function expected(query: string, o: { since?: string; until?: string }): string[] {
    const parsed = parseQuery(query, { product: 'search', maxLength: 512 });
    if (!parsed.ok) throw new Error(parsed.errors.join('; '));
    const start = oracle.now - 7 * 86_400_000;
    const end = oracle.now - 30_000;
    return oracle.rows
      .filter(
        (r) =>
          r.created_at >= start &&
          r.created_at < end &&
          !oracle.hidden.has(r.author_id) &&
          (o.since === undefined || BigInt(r.id) > BigInt(o.since)) &&
          (o.until === undefined || BigInt(r.id) < BigInt(o.until)) &&
          evaluate(parsed.ast, oracle.prepared.get(r.id)!, {
            product: 'search',
            isListMember: (l, u) => oracle.members.has(`${l}|${u}`),
          }),
      )
      .map((r) => r.id);
  }

  async function searchAll(query: string, max: number, extra: string): Promise<string[]> {
    const out: string[] = [];
    let token: string | undefined;
    for (let page = 0; page < 50; page++) {
      const tp = token ? `&${page % 2 ? 'next_token' : 'pagination_token'}=${token}` : '';
      const res = await s.call(
        'GET',
        `/2/tweets/search/recent?query=${encodeURIComponent(query)}&max_results=${max}${extra}${tp}`,
        { auth: auth() },
      );
      assert.equal(res.status, 200, JSON.stringify(res.body));
      out.push(...(res.body.data ?? []).map((t: { id: string }) => t.id));
      assert.equal(res.body.meta.result_count, (res.body.data ?? []).length);
      token = res.body.meta.next_token;
      if (!token) return out;
    }
    throw new Error('too many pages');
  }

  const atom = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...WORDS, ACCENTED.slice(0, -1) + 'e', ...TAGS.map((t) => `#${t}`)) },
    {
      weight: 2,
      arbitrary: fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...WORDS)).map(([a, b]) => `"${a} ${b}"`),
    },
    { weight: 2, arbitrary: fc.nat(3).map((i) => `from:${(users[i] ?? locked).username}`) },
    fc.nat(2).map((i) => `@${users[i]!.username}`),
    fc.nat(2).map((i) => `to:${users[i]!.id}`),
    fc.nat(2).map((i) => `retweets_of:${users[i]!.username}`),
    fc
      .nat(200)
      .map(
        (i) => `${['conversation_id', 'in_reply_to_tweet_id', 'quotes_of_tweet_id'][i % 3]}:${refs[i % refs.length]}`,
      ),
    fc.constant(0).map(() => `list:${listId}`),
    fc.constantFrom(...CONTEXTS).map(([d, e]) => `context:${d}.${e}`),
    fc.constantFrom(...CONTEXTS).map(([d]) => `context:${d}.*`),
    fc.constantFrom(...CONTEXTS).map(([, e]) => `entity:"Entity ${e}"`),
  );
  const modifier = fc.constantFrom(
    '-is:retweet',
    'is:reply',
    'is:quote',
    'has:mentions',
    'has:hashtags',
    'lang:en',
    '-lang:en',
    'is:retweet',
    'has:links',
    '-has:links',
    'url:example.com',
    'min_replies:1',
    '-min_replies:1',
    'min_reposts:1',
    '-is:nullcast',
  );
  const clause = fc.oneof(
    { weight: 3, arbitrary: atom },
    { weight: 2, arbitrary: fc.tuple(atom, atom).map(([a, b]) => `(${a} OR ${b})`) },
    { weight: 2, arbitrary: atom.map((a) => `-${a}`) },
    { weight: 2, arbitrary: modifier },
  );
  const query = fc.tuple(atom, fc.array(clause, { maxLength: 3 })).map(([first, rest]) => [first, ...rest].join(' '));

  test('random queries: every page together is exactly the matcher over all posts, newest first', async () => {
    let found = 0;
    await fc.assert(
      fc.asyncProperty(query, fc.constantFrom(10, 10, 11, 100), async (q, max) => {
        const want = expected(q, {});
        assert.deepEqual(await searchAll(q, max, ''), want, q);
        if (want.length > max) found++;
      }),
      { numRuns: 100 },
    );
    // The property is not vacuous: queries span several pages. (A bound of 10 of 100 failed once
    // under fast-check's random seed, with 9; 5 keeps the point.)
    assert.ok(found >= 5, `only ${found} queries had more than one page`);
  });

  test('counts: the total is the matcher over all posts (exact plans are counted from the index alone)', async () => {
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const res = await s.call('GET', `/2/tweets/counts/recent?granularity=day&query=${encodeURIComponent(q)}`, {
          auth: auth(),
        });
        assert.equal(res.status, 200, JSON.stringify(res.body));
        assert.equal(res.body.meta.total_tweet_count, expected(q, {}).length, q);
      }),
      { numRuns: 60 },
    );
  });

  test('since_id and until_id bound the same answer', async () => {
    await fc.assert(
      fc.asyncProperty(query, fc.nat(40), fc.nat(40), async (q, a, b) => {
        const ids = oracle.rows.map((r) => r.id);
        const [since, until] = [ids[Math.min(a, b) + 5]!, ids[Math.min(a, b)]!];
        assert.deepEqual(
          await searchAll(q, 10, `&since_id=${since}&until_id=${until}`),
          expected(q, { since, until }),
          q,
        );
      }),
      { numRuns: 20 },
    );
  });

  test('an invalid query is refused with the engine’s own texts', async () => {
    for (const q of [`${WORDS[0]} OR -${WORDS[1]}`, 'has:media', `${WORDS[0]} AND ${WORDS[1]}`, 'min_faves:3 x']) {
      const parsed = parseQuery(q, { product: 'search', maxLength: 512 });
      assert.equal(parsed.ok, false);
      const res = await s.call('GET', `/2/tweets/search/recent?query=${encodeURIComponent(q)}`, { auth: auth() });
      assert.equal(res.status, 400);
      assert.equal(
        res.body.errors[0].message,
        `There were errors processing your request: ${(parsed as { errors: string[] }).errors.join(', ')}`,
      );
    }
  });
});
