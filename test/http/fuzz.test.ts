// A bounded, seeded fuzz of every parser at the edge (issue #15, "Checks"): the query language, rule
// values, the OAuth header, form bodies, JSON bodies, fields/expansions/time parameters and path ids.
// Inputs are drawn from strings built to hurt parsers (quotes, brackets, escapes, huge numbers,
// impossible dates, control characters, deep nesting) mixed with valid pieces. Any 5xx, or any
// answer slower than 2 s, fails the test with the input that caused it. Seeded, so a failure repeats.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

const RUNS = 120;
const SEED = 1_502_2026;
const SLOW_MS = 2_000;

const NASTY = [
  '',
  ' ',
  '"',
  '""',
  '(',
  ')',
  '((((',
  '[',
  ']',
  '{',
  '}',
  '\\',
  '\\u0000',
  '%',
  '%zz',
  '%00',
  '+',
  '&',
  '=',
  ',',
  ',,,',
  '-',
  '--',
  'OR',
  'AND',
  '-is:retweet',
  'from:',
  'lang:',
  'has:',
  'url:"',
  'bounding_box:[',
  'point_radius:[1 2 3km]',
  '#',
  '@',
  '$',
  'cat',
  'dog',
  '20',
  '12',
  '-1',
  '0',
  '9'.repeat(30),
  '1e309',
  'NaN',
  'null',
  'true',
  'True',
  '2016-12-31T23:59:60Z',
  '2026-13-01T00:00:00Z',
  '2026-01-01T00:00:00+99:99',
  '2026-02-30',
  'x'.repeat(600),
  '\u202e',
  '\ud800',
  '😀',
  'é',
  '\n',
  '\t',
  '\r\n',
];
const piece = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.string({ maxLength: 12 }),
  fc.string({ maxLength: 6, unit: 'grapheme' }),
);
// Lone surrogates cannot be percent-encoded (URIError in the client, never sent): kept out.
const wellFormed = (x: string) => {
  try {
    encodeURIComponent(x);
    return true;
  } catch {
    return false;
  }
};
const text = fc
  .array(piece, { maxLength: 12 })
  .map((xs) => xs.join(' '))
  .filter(wellFormed);
const glued = fc
  .array(piece, { maxLength: 8 })
  .map((xs) => xs.join(''))
  .filter(wellFormed);
/** Header values are bytes: fetch refuses characters above U+00FF before sending. */
const latin1 = glued.map((x) => x.replace(/[^\x20-\xff]/g, '?'));

/** A JSON value of any shape, sometimes deep. */
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(null, true, false, 0, -1, 1e308, 2 ** 53 + 1),
    text,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.constantFrom('text', 'reply', 'poll', 'media', 'value', 'tag', 'add', 'delete', 'ids', 'x'),
      tie('value'),
      {
        maxKeys: 4,
      },
    ),
  ),
})).value;
const deep = fc.nat(3000).map((n) => '['.repeat(n) + ']'.repeat(n));

forEachStore('fuzz: no 5xx and no slow answer from any parser', (store) => {
  let s: TestServer;
  let bearer: string;
  before(async () => {
    s = await startServer({ store });
    bearer = `Bearer ${s.bearer}`;
    // The fuzz times searches, not the one-time filing of the demo seed's posts.
    await s.settleSearchIndex();
  });
  after(() => s.close());

  async function probe(what: string, fn: () => Promise<{ status: number }>) {
    const t0 = performance.now();
    const res = await fn();
    const ms = performance.now() - t0;
    assert.ok(res.status < 500, `${what} answered ${res.status}`);
    assert.ok(ms < SLOW_MS, `${what} took ${ms.toFixed(0)} ms`);
  }
  const run = (arb: fc.Arbitrary<unknown>, check: (v: never) => Promise<void>) =>
    fc.assert(fc.asyncProperty(arb, check as (v: unknown) => Promise<void>), { numRuns: RUNS, seed: SEED });

  test('the query language (search)', async () => {
    await run(text, async (q: string) =>
      probe(`search ${JSON.stringify(q)}`, () =>
        s.call('GET', `/2/tweets/search/recent?query=${encodeURIComponent(q)}`, { auth: bearer }),
      ),
    );
  });

  test('rule values (filtered stream rules)', async () => {
    await run(fc.array(fc.record({ value: text, tag: fc.option(glued) }), { maxLength: 5 }), async (add: unknown) =>
      probe(`rules ${JSON.stringify(add).slice(0, 300)}`, () =>
        s.call('POST', '/2/tweets/search/stream/rules?dry_run=true', { auth: bearer, body: { add } }),
      ),
    );
  });

  test('the OAuth 1.0a header', async () => {
    const header = fc
      .array(
        fc.tuple(
          fc.constantFrom(
            'oauth_consumer_key',
            'oauth_token',
            'oauth_nonce',
            'oauth_signature',
            'oauth_timestamp',
            'oauth_version',
            'realm',
            'x',
          ),
          latin1,
        ),
        {
          maxLength: 8,
        },
      )
      .map((pairs) => 'OAuth ' + pairs.map(([k, v]) => `${k}="${v}"`).join(', '));
    await run(
      fc.oneof(
        header,
        latin1.map((g) => `OAuth ${g}`),
      ),
      async (auth: string) =>
        probe(`header ${JSON.stringify(auth).slice(0, 300)}`, () => s.call('GET', '/2/users/me', { auth })),
    );
  });

  test('form bodies (OAuth endpoints)', async () => {
    await run(glued, async (body: string) =>
      probe(`form ${JSON.stringify(body).slice(0, 300)}`, () =>
        s.call('POST', '/oauth2/token', {
          body,
          headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: 'Basic eDp5' },
        }),
      ),
    );
  });

  test('JSON bodies (post creation, control API)', async () => {
    const token = (
      await s.admin('POST', `/_aviary/apps/${s.credentials!.app.id}/oauth2-tokens`, {
        user_id: '12',
        scopes: ['tweet.read', 'tweet.write', 'users.read'],
      })
    ).body.data.access_token;
    await run(
      fc.oneof(
        json.map((v) => JSON.stringify(v)),
        deep,
        glued,
      ),
      async (body: string) => {
        await probe(`POST /2/tweets ${body.slice(0, 300)}`, () =>
          s.call('POST', '/2/tweets', {
            auth: `Bearer ${token}`,
            body,
            headers: { 'content-type': 'application/json' },
          }),
        );
        await probe(`POST /_aviary/users ${body.slice(0, 300)}`, () =>
          s.call('POST', '/_aviary/users', {
            auth: `Bearer ${s.adminToken}`,
            body,
            headers: { 'content-type': 'application/json' },
          }),
        );
      },
    );
  });

  test('fields, expansions and time parameters', async () => {
    const name = fc.constantFrom(
      'ids',
      'tweet.fields',
      'user.fields',
      'expansions',
      'start_time',
      'end_time',
      'max_results',
      'since_id',
      'pagination_token',
      'x',
    );
    await run(fc.array(fc.tuple(name, glued), { maxLength: 6 }), async (pairs: [string, string][]) => {
      const qs = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
      await probe(`GET /2/tweets?${qs.slice(0, 300)}`, () => s.call('GET', `/2/tweets?${qs}`, { auth: bearer }));
      await probe(`GET /2/tweets/counts/recent?${qs.slice(0, 300)}`, () =>
        s.call('GET', `/2/tweets/counts/recent?query=cat&${qs}`, { auth: bearer }),
      );
    });
  });

  test('path ids', async () => {
    await run(glued, async (id: string) => {
      const p = encodeURIComponent(id) || '%20';
      for (const path of [`/2/tweets/${p}`, `/2/users/${p}`, `/2/users/${p}/tweets`, `/2/lists/${p}`])
        await probe(`GET ${path.slice(0, 300)}`, () => s.call('GET', path, { auth: bearer }));
    });
  });
});
