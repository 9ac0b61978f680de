import assert from 'node:assert/strict';
import { test } from 'node:test';
import { baseOf, shapeOf, slotsOf } from './oauth1.shapes.js';
import { baseUri, formPairs, oauthHeaderPairs, signatureBase, signRequest, type Pair } from './oauth1.signature.js';

/** A deterministic PRNG, so a failure names a case that can be run again. */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const UNRESERVED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';
const ANY = UNRESERVED + ' !*\'();:@&=+$,/?#[]%"é☃';
const pick = (rnd: () => number, chars: string, n: number) => Array.from({ length: n }, () => chars[Math.floor(rnd() * chars.length)]).join('');

/** The shape of a header the way the verifier makes one: parse, then the RFC base string. */
function shapeFor(request: string, header: string, method: string, uri: string, query: Pair[], compare?: (a: string, b: string) => number) {
  const params = oauthHeaderPairs(header)!;
  const signed = params.filter(([k]) => k !== 'oauth_signature');
  const pairs = [...query, ...signed];
  const nonce = signed.find(([k]) => k === 'oauth_nonce')!;
  const timestamp = signed.find(([k]) => k === 'oauth_timestamp')!;
  const base = signatureBase(method, uri, pairs, compare);
  const shape = shapeOf({
    method, uri, pairs, compare, nonce, timestamp, base, consumerKey: 'ck', token: 't', consumerSecret: 'cs', tokenSecret: 'ts',
    signingKey: 'cs&ts', withToken: true, params,
  });
  return { shape, slots: slotsOf(request, header) };
}

test('slotsOf: the three values out of the header, the rest as the key', () => {
  const h = 'OAuth oauth_consumer_key="ck", oauth_nonce="n0nce", oauth_signature="a%2Bb%3D", oauth_signature_method="HMAC-SHA1", oauth_timestamp="1700000000", oauth_token="1-x", oauth_version="1.0"';
  const s = slotsOf('GET http h /p', h)!;
  assert.deepEqual({ nonce: s.nonce, timestamp: s.timestamp, signature: s.signature }, { nonce: 'n0nce', timestamp: '1700000000', signature: 'a%2Bb%3D' });
  assert.equal(s.key, 'GET http h /p\nOAuth oauth_consumer_key="ck", oauth_nonce="", oauth_signature="", oauth_signature_method="HMAC-SHA1", oauth_timestamp="", oauth_token="1-x", oauth_version="1.0"');
  // Another nonce, timestamp and signature: the same shape.
  assert.equal(slotsOf('GET http h /p', h.replace('n0nce', 'other').replace('1700000000', '1700000123').replace('a%2Bb%3D', 'zz'))!.key, s.key);
  // Anything else changed: another shape.
  assert.notEqual(slotsOf('GET http h /p', h.replace('1-x', '1-y'))!.key, s.key);
  assert.notEqual(slotsOf('GET http h /p?a=1', h)!.key, s.key);
});

test('slotsOf: values that need decoding, or a name inside another, are left to the parser', () => {
  const h = (nonce: string, ts = '1700000000', sig = 'abc%3D') => `OAuth oauth_consumer_key="ck", oauth_nonce="${nonce}", oauth_signature="${sig}", oauth_timestamp="${ts}"`;
  assert.equal(slotsOf('r', h('a%20b')), null);
  assert.equal(slotsOf('r', h('a b')), null);
  assert.equal(slotsOf('r', h('')), null);
  assert.equal(slotsOf('r', h('x'.repeat(256))), null);
  assert.equal(slotsOf('r', h('n', '17e8')), null);
  assert.equal(slotsOf('r', h('n', '1'.repeat(13))), null);
  assert.equal(slotsOf('r', h('n', '1', 'a b')), null);
  assert.equal(slotsOf('r', 'OAuth oauth_consumer_key="ck", oauth_nonce="n", oauth_signature="s"'), null);
  assert.equal(slotsOf('r', undefined), null);
  // `xoauth_nonce` is not `oauth_nonce`; the real one follows.
  const s = slotsOf('r', 'OAuth xoauth_nonce="fake", oauth_nonce="real", oauth_signature="s", oauth_timestamp="1"')!;
  assert.equal(s.nonce, 'real');
});

test('a shape gives the base string of every request like it, for random requests, orders and encodings', () => {
  for (let seed = 1; seed <= 300; seed++) {
    const rnd = prng(seed);
    const method = rnd() < 0.7 ? 'GET' : 'DELETE';
    const query: Pair[] = Array.from({ length: Math.floor(rnd() * 4) }, () => [pick(rnd, ANY, 1 + Math.floor(rnd() * 6)), pick(rnd, ANY, Math.floor(rnd() * 8))]);
    const qs = query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
    const url = `http://api.example:8080/2/x/${pick(rnd, UNRESERVED, 4)}${qs ? `?${qs}` : ''}`;
    const u = new URL(url);
    const uri = baseUri('http', u.host, u.pathname);
    const parsedQuery = formPairs(u.search.slice(1));
    const creds = { consumerKey: pick(rnd, UNRESERVED, 25), consumerSecret: 'cs', token: `1-${pick(rnd, UNRESERVED, 20)}`, tokenSecret: 'ts' };
    const header = (nonce: string, timestamp: number) => signRequest({ method, url, ...creds, nonce, timestamp });
    const request = `${method} http ${u.host} ${u.pathname}${u.search}`;
    const compare = rnd() < 0.5 ? undefined : (a: string, b: string) => a.localeCompare(b);
    const first = shapeFor(request, header(pick(rnd, UNRESERVED, 1 + Math.floor(rnd() * 40)), 1_700_000_000), method, uri, parsedQuery, compare);
    // A query parameter named like a slot could move in the sort: no shape then.
    if (parsedQuery.some(([k]) => k === 'oauth_nonce' || k === 'oauth_timestamp')) { assert.equal(first.shape, null); continue; }
    assert.ok(first.shape && first.slots, `seed ${seed}`);
    for (let i = 0; i < 3; i++) {
      const nonce = pick(rnd, UNRESERVED, 1 + Math.floor(rnd() * 60));
      const ts = 1_600_000_000 + Math.floor(rnd() * 1e9);
      const next = shapeFor(request, header(nonce, ts), method, uri, parsedQuery, compare);
      assert.equal(next.slots!.key, first.slots.key, `seed ${seed}`);
      const pairs = [...parsedQuery, ...oauthHeaderPairs(header(nonce, ts))!.filter(([k]) => k !== 'oauth_signature')];
      assert.equal(baseOf(first.shape, nonce, String(ts)), signatureBase(method, uri, pairs, compare), `seed ${seed}`);
    }
  }
});

test('shapeOf refuses a request whose open values could read as other text', () => {
  const uri = 'http://h/p';
  const nonce: Pair = ['oauth_nonce', 'n'];
  const timestamp: Pair = ['oauth_timestamp', '1'];
  const withMark: Pair = ['q', '\u0001'];
  const pairs = [withMark, nonce, timestamp];
  const base = signatureBase('GET', uri, pairs);
  assert.equal(shapeOf({
    method: 'GET', uri, pairs, compare: undefined, nonce, timestamp, base, consumerKey: 'ck', token: undefined, consumerSecret: 'cs', tokenSecret: '',
    signingKey: 'cs&', withToken: false, params: [],
  }), null);
});
