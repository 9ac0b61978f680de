import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mulberry32 } from '../shared/prng.js';
import {
  baseOf,
  cutHeader,
  encodedEquals,
  openBase,
  valuesIn,
  type HeaderCut,
  type OpenBase,
} from './oauth1.shapes.js';
import { baseUri, formPairs, oauthHeaderPairs, signatureBase, signRequest, type Pair } from './oauth1.signature.js';

const UNRESERVED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';
const ANY = UNRESERVED + ' !*\'();:@&=+$,/?#[]%"é☃';
const pick = (rnd: () => number, chars: string, n: number) =>
  Array.from({ length: n }, () => chars[Math.floor(rnd() * chars.length)]).join('');

/** What the verifier keeps of a header: parse, the RFC base string, then its text and open base string. */
function shapeFor(
  header: string,
  method: string,
  uri: string,
  query: Pair[],
  compare?: (a: string, b: string) => number,
): { cut: HeaderCut; base: OpenBase } | null {
  const signed = oauthHeaderPairs(header)!.filter(([k]) => k !== 'oauth_signature');
  const pairs = [...query, ...signed];
  const nonce = signed.find(([k]) => k === 'oauth_nonce')!;
  const timestamp = signed.find(([k]) => k === 'oauth_timestamp')!;
  const base = openBase({
    method,
    uri,
    pairs,
    compare,
    nonce,
    timestamp,
    base: signatureBase(method, uri, pairs, compare),
  });
  return base && { cut: cutHeader(header)!, base };
}

const H =
  'OAuth oauth_consumer_key="ck", oauth_nonce="n0nce", oauth_signature="a%2Bb%3D", oauth_signature_method="HMAC-SHA1", oauth_timestamp="1700000000", oauth_token="1-x", oauth_version="1.0"';

test('cutHeader: the three values out of the header, and the text around them', () => {
  const c = cutHeader(H)!;
  assert.deepEqual(
    { nonce: c.nonce, timestamp: c.timestamp, signature: c.signature },
    { nonce: 'n0nce', timestamp: '1700000000', signature: 'a%2Bb%3D' },
  );
  assert.deepEqual(c.segments, [
    'OAuth oauth_consumer_key="ck", oauth_nonce="',
    '", oauth_signature="',
    '", oauth_signature_method="HMAC-SHA1", oauth_timestamp="',
    '", oauth_token="1-x", oauth_version="1.0"',
  ]);
  assert.deepEqual(c.order, ['nonce', 'signature', 'timestamp']);
});

test('cutHeader: values that need decoding, or a name inside another, are left to the parser', () => {
  const h = (nonce: string, ts = '1700000000', sig = 'abc%3D') =>
    `OAuth oauth_consumer_key="ck", oauth_nonce="${nonce}", oauth_signature="${sig}", oauth_timestamp="${ts}"`;
  for (const bad of [
    h('a%20b'),
    h('a b'),
    h(''),
    h('x'.repeat(256)),
    h('n', '17e8'),
    h('n', '1'.repeat(13)),
    h('n', '1', 'a b'),
    h('n', '1', 'a,b'),
  ])
    assert.equal(cutHeader(bad), null, bad);
  assert.equal(cutHeader('OAuth oauth_consumer_key="ck", oauth_nonce="n", oauth_signature="s"'), null);
  assert.equal(cutHeader(undefined), null);
  // `xoauth_nonce` is not `oauth_nonce`; the real one follows.
  assert.equal(
    cutHeader('OAuth xoauth_nonce="fake", oauth_nonce="real", oauth_signature="s", oauth_timestamp="1"')!.nonce,
    'real',
  );
});

test('valuesIn: the same header with other values, and nothing else', () => {
  const uri = 'http://h/p';
  const made = shapeFor(H, 'GET', uri, []);
  assert.ok(made);
  const { cut } = made;
  const other = H.replace('n0nce', 'other-nonce').replace('1700000000', '1700000123').replace('a%2Bb%3D', 'zz%3D');
  assert.deepEqual(valuesIn(cut, other), { nonce: 'other-nonce', timestamp: '1700000123', signature: 'zz%3D' });
  for (const bad of [
    H.replace('1-x', '1-y'),
    H + ' ',
    ` ${H}`,
    H.replace('n0nce', 'a b'),
    H.replace('n0nce', 'a%20b'),
    H.replace('1700000000', '17e8'),
    H.replace('n0nce', 'x", oauth_nonce="y'),
    H.replace('", oauth_token', '" , oauth_token'),
    H.slice(0, -1),
  ])
    assert.equal(valuesIn(cut, bad), null, bad);
});

test('encodedEquals: a percent-encoded value against the decoded one', () => {
  assert.ok(encodedEquals('a+b=', 'a%2Bb%3D'));
  assert.ok(encodedEquals('a+b=', 'a%2bb%3d'));
  assert.ok(encodedEquals('a+b=', 'a+b='));
  for (const w of ['a%2Bb%3', 'a%2Bb%3D%3D', 'a%2Bb', 'a%ZZb=', '', 'a%2Cb%3D'])
    assert.equal(encodedEquals('a+b=', w), false, w);
  for (let i = 0; i < 500; i++) {
    const raw = String.fromCharCode(...Array.from({ length: i % 40 }, (_, j) => 33 + ((i * 7 + j * 13) % 90)));
    assert.ok(encodedEquals(raw, encodeURIComponent(raw)), raw);
  }
});

test('a shape gives the base string of every request like it, for random requests, orders and encodings', () => {
  for (let seed = 1; seed <= 300; seed++) {
    const rnd = mulberry32(seed);
    const method = rnd() < 0.7 ? 'GET' : 'DELETE';
    const query: Pair[] = Array.from({ length: Math.floor(rnd() * 4) }, () => [
      pick(rnd, ANY, 1 + Math.floor(rnd() * 6)),
      pick(rnd, ANY, Math.floor(rnd() * 8)),
    ]);
    const qs = query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
    const url = `http://api.example:8080/2/x/${pick(rnd, UNRESERVED, 4)}${qs ? `?${qs}` : ''}`;
    const u = new URL(url);
    const uri = baseUri('http', u.host, u.pathname);
    const parsedQuery = formPairs(u.search.slice(1));
    const creds = {
      consumerKey: pick(rnd, UNRESERVED, 25),
      consumerSecret: 'cs',
      token: `1-${pick(rnd, UNRESERVED, 20)}`,
      tokenSecret: 'ts',
    };
    const header = (nonce: string, timestamp: number) => signRequest({ method, url, ...creds, nonce, timestamp });
    const compare = rnd() < 0.5 ? undefined : (a: string, b: string) => a.localeCompare(b);
    const first = shapeFor(
      header(pick(rnd, UNRESERVED, 1 + Math.floor(rnd() * 40)), 1_700_000_000),
      method,
      uri,
      parsedQuery,
      compare,
    );
    // A query parameter named like a slot could move in the sort: no shape then.
    if (parsedQuery.some(([k]) => k === 'oauth_nonce' || k === 'oauth_timestamp')) {
      assert.equal(first, null);
      continue;
    }
    assert.ok(first, `seed ${seed}`);
    for (let i = 0; i < 3; i++) {
      const nonce = pick(rnd, UNRESERVED, 1 + Math.floor(rnd() * 60));
      const ts = 1_600_000_000 + Math.floor(rnd() * 1e9);
      const next = header(nonce, ts);
      assert.deepEqual(
        valuesIn(first.cut, next),
        { nonce, timestamp: String(ts), signature: cutHeader(next)!.signature },
        `seed ${seed}`,
      );
      const pairs = [...parsedQuery, ...oauthHeaderPairs(header(nonce, ts))!.filter(([k]) => k !== 'oauth_signature')];
      assert.equal(baseOf(first.base, nonce, String(ts)), signatureBase(method, uri, pairs, compare), `seed ${seed}`);
    }
  }
});

test('openBase refuses a request whose open values could read as other text', () => {
  const uri = 'http://h/p';
  const nonce: Pair = ['oauth_nonce', 'n'];
  const timestamp: Pair = ['oauth_timestamp', '1'];
  const withMark: Pair = ['q', '\u0001'];
  const pairs = [withMark, nonce, timestamp];
  const base = signatureBase('GET', uri, pairs);
  assert.equal(openBase({ method: 'GET', uri, pairs, compare: undefined, nonce, timestamp, base }), null);
});
