import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  baseString,
  baseUri,
  formPairs,
  hmacSha1,
  parameterString,
  parseOAuthHeader,
  percentEncode,
  signatureBase,
  signRequest,
} from './oauth1.signature.js';

// The documented example (DOCS creating-a-signature; wire notes §11.1, re-verified there by RUN).
const VECTOR = {
  params: [
    ['include_entities', 'true'],
    ['status', 'Hello Ladies + Gentlemen, a signed OAuth request!'],
    ['oauth_consumer_key', 'xvz1evFS4wEEPTGEFPHBog'],
    ['oauth_nonce', 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg'],
    ['oauth_signature_method', 'HMAC-SHA1'],
    ['oauth_timestamp', '1318622958'],
    ['oauth_token', '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb'],
    ['oauth_version', '1.0'],
  ] as [string, string][],
  consumerSecret: 'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw',
  tokenSecret: 'LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE',
};

test('the documented signature vector: api.x.com and api.twitter.com', () => {
  const ps = parameterString(VECTOR.params);
  assert.equal(
    ps,
    'include_entities=true&oauth_consumer_key=xvz1evFS4wEEPTGEFPHBog&oauth_nonce=kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg' +
      '&oauth_signature_method=HMAC-SHA1&oauth_timestamp=1318622958&oauth_token=370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb' +
      '&oauth_version=1.0&status=Hello%20Ladies%20%2B%20Gentlemen%2C%20a%20signed%20OAuth%20request%21',
  );
  const sign = (host: string) =>
    hmacSha1(
      baseString('post', baseUri('https', host, '/1.1/statuses/update.json'), ps),
      VECTOR.consumerSecret,
      VECTOR.tokenSecret,
    );
  assert.equal(sign('api.x.com'), 'Ls93hJiZbQ3akF3HF3x1Bz8/zU4=');
  assert.equal(sign('API.Twitter.com'), 'hCtSmYh+iHYCEqBWrE7C7hYmtUk=');
});

test('a form body with + for spaces signs the same as %20', () => {
  const body = 'include_entities=true&status=Hello+Ladies+%2B+Gentlemen%2C+a+signed+OAuth+request%21';
  const pairs = [...formPairs(body), ...VECTOR.params.filter(([k]) => k.startsWith('oauth_'))];
  assert.equal(parameterString(pairs), parameterString(VECTOR.params));
});

test('formPairs reads a query or form body as URLSearchParams does', () => {
  for (const text of ['a=1&b=2', 'a&b=&&c=x=y', '=v&k', 'a=%41+b&c=%zz', 'user.fields=id,name&x=~']) {
    assert.deepEqual(formPairs(text), [...new URLSearchParams(text)], text);
  }
  assert.deepEqual(formPairs(''), []);
});

test('percent-encoding: unreserved kept, reserved and UTF-8 upper-case hex', () => {
  assert.equal(percentEncode("Aa0-._~ !*'()"), 'Aa0-._~%20%21%2A%27%28%29');
  assert.equal(percentEncode('☃'), '%E2%98%83');
});

test('default ports are dropped from the base URI, others kept', () => {
  assert.equal(baseUri('HTTP', 'Example.com:80', '/r'), 'http://example.com/r');
  assert.equal(baseUri('https', 'example.com:443', '/r'), 'https://example.com/r');
  assert.equal(baseUri('http', '127.0.0.1:8080', '/r'), 'http://127.0.0.1:8080/r');
});

test('header parsing decodes values, drops realm, refuses repeats and garbage', () => {
  const h = parseOAuthHeader('OAuth realm="x", oauth_consumer_key="a%20b", oauth_signature="c%2Bd%3D"');
  assert.deepEqual(
    [...h!],
    [
      ['oauth_consumer_key', 'a b'],
      ['oauth_signature', 'c+d='],
    ],
  );
  assert.equal(parseOAuthHeader('Bearer x'), null);
  assert.equal(parseOAuthHeader('OAuth oauth_nonce="a", oauth_nonce="b"'), null);
  assert.equal(parseOAuthHeader('OAuth oauth_nonce=a'), null);
  assert.equal(parseOAuthHeader('OAuth oauth_nonce="a",'), null);
  assert.equal(parseOAuthHeader('OAuth oauth_nonce="a" oauth_token="b"'), null);
  assert.equal(parseOAuthHeader('OAuth oauth_nonce="a'), null);
  assert.equal(parseOAuthHeader('OAuth oauth_nonce="%E0%A4%A"'), null);
  assert.equal(parseOAuthHeader('OAuthoauth_nonce="a"'), null);
  assert.deepEqual(
    [...parseOAuthHeader(' oauth\toauth_nonce = "a" ,oauth_token="b",realm="r"  ')!],
    [
      ['oauth_nonce', 'a'],
      ['oauth_token', 'b'],
    ],
  );
  assert.deepEqual([...parseOAuthHeader('OAuth ')!], []);
});

test('signatureBase is the base string of the parameter string, for any characters', () => {
  const pairs: [string, string][] = [...VECTOR.params, ['a b', '%41+~*'], ['☃', ''], ['a b', '=&'], ['x', "!'()"]];
  const uri = baseUri('https', 'api.x.com', '/1.1/statuses/update.json');
  assert.equal(signatureBase('post', uri, pairs), baseString('post', uri, parameterString(pairs)));
  const byLocale = (a: string, b: string) => a.localeCompare(b);
  assert.equal(signatureBase('GET', uri, pairs, byLocale), baseString('GET', uri, parameterString(pairs, byLocale)));
  assert.equal(
    hmacSha1(signatureBase('post', uri, VECTOR.params), VECTOR.consumerSecret, VECTOR.tokenSecret),
    'Ls93hJiZbQ3akF3HF3x1Bz8/zU4=',
  );
});

test('signRequest round-trips through the header parser and the base string', () => {
  const header = signRequest({
    method: 'GET',
    url: 'http://127.0.0.1:9/2/users/me?user.fields=id%2Cname',
    consumerKey: 'ck',
    consumerSecret: 'cs',
    token: '12-t',
    tokenSecret: 'ts',
    nonce: 'n',
    timestamp: 1,
  });
  const p = parseOAuthHeader(header)!;
  const sig = p.get('oauth_signature')!;
  p.delete('oauth_signature');
  const base = baseString('GET', 'http://127.0.0.1:9/2/users/me', parameterString([['user.fields', 'id,name'], ...p]));
  assert.equal(hmacSha1(base, 'cs', 'ts'), sig);
});
