import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Product } from './types.js';
import { parseQuery } from './validate.js';

const STREAM = { product: 'stream', maxLength: 1024 } as const;
const SEARCH = { product: 'search', maxLength: 512 } as const;

function errorsOf(text: string, product: Product = 'stream'): string[] {
  const r = parseQuery(text, product === 'stream' ? STREAM : SEARCH);
  assert.ok(!r.ok, `expected "${text}" to be refused for ${product}`);
  return r.errors;
}

function accepts(text: string, product: Product = 'stream'): void {
  const r = parseQuery(text, product === 'stream' ? STREAM : SEARCH);
  assert.ok(r.ok, `expected "${text}" to be accepted for ${product}: ${r.ok ? '' : r.errors.join(' | ')}`);
}

const invalidOp = (name: string, pos: number) =>
  `Reference to invalid operator '${name}'. Operator is not available in current product or product packaging. ` +
  `Please refer to complete available operator list at http://t.co/operators. (at position ${pos})`;
const standalone = (pos: number) => `is/has/lang cannot be used as a standalone operator (at position ${pos})`;
const ambiguous = (pos: number) =>
  `Ambiguous use of and as a keyword. Use a space to logically join two clauses, or "and" to find occurrences of and in text (at position ${pos})`;

test('rules of negations only get both real texts (OBS --b, -follow)', () => {
  const both = [
    'Rules must contain a non-negation term (at position 1)',
    'Rules must contain at least one positive, non-stopword clause (at position 1)',
  ];
  assert.deepEqual(errorsOf('--b'), both);
  assert.deepEqual(errorsOf('-follow'), both);
  assert.deepEqual(errorsOf('-cat -dog'), both);
});

test('a stopword-only rule is refused (OBS search query "a")', () => {
  assert.deepEqual(errorsOf('a', 'search'), [
    'Rules must contain at least one positive, non-stopword clause (at position 1)',
  ]);
  assert.deepEqual(errorsOf('you'), ['Rules must contain at least one positive, non-stopword clause (at position 1)']);
  accepts('the cat');
});

test('and as a keyword is ambiguous, in either case (OBS positions 11 and 17)', () => {
  assert.deepEqual(errorsOf('streaming AND lang:en'), [ambiguous(11)]);
  assert.deepEqual(errorsOf('Hillary Clinton and millennials', 'search'), [ambiguous(17)]);
  accepts('"and" cat');
});

test('conjunction-required operators cannot stand alone (notes §4.3)', () => {
  assert.deepEqual(errorsOf('has:media'), [standalone(1)]);
  assert.deepEqual(errorsOf('has:links OR is:retweet'), [standalone(1), standalone(14)]);
  assert.deepEqual(errorsOf('lang:en'), [standalone(1)]);
  assert.deepEqual(errorsOf('cat OR sample:10'), [standalone(8)]);
  assert.deepEqual(errorsOf('-cat source:web'), [standalone(6)]);
  accepts('"X data" has:mentions (has:media OR has:links)');
  accepts('(grumpy cat) OR (#meme has:images)');
  accepts('cat has:media lang:en sample:50 -is:retweet');
});

test('unknown values of is:/has: are unknown operators (OBS has:polls)', () => {
  assert.deepEqual(errorsOf('has:polls'), [standalone(1), invalidOp('has:polls', 1)]);
  assert.deepEqual(errorsOf('cat is:polls'), [invalidOp('is:polls', 5)]);
});

test('unknown and unavailable operators are refused with the real text', () => {
  assert.deepEqual(errorsOf('cat filter:replies'), [invalidOp('filter', 5)]);
  // Seed: min_faves/min_retweets are rejected since the search-index migration; min_likes replaces them.
  assert.deepEqual(errorsOf('cat min_faves:10', 'search'), [invalidOp('min_faves', 5)]);
  assert.deepEqual(errorsOf('cat min_retweets:10', 'search'), [invalidOp('min_retweets', 5)]);
  // Notes §4.2: embedding is an unavailable operator on this tier.
  assert.deepEqual(errorsOf('cat embedding:"dogs playing"'), [invalidOp('embedding', 5)]);
  assert.deepEqual(errorsOf('cat embedding_threshold:0.45'), [invalidOp('embedding_threshold', 5)]);
});

test('stream and search offer different operators (notes §5)', () => {
  for (const q of [
    'cat bio:developer',
    'cat bio_name:jo',
    'cat bio_location:paris',
    'cat followers_count:10..20',
    'cat from_affiliate_of:xdevelopers',
    'cat tweets_count:5',
    '"cat dog"~3',
  ]) {
    accepts(q, 'stream');
    assert.match(errorsOf(q, 'search')[0]!, /^Reference to invalid operator/);
  }
  for (const q of ['list:123', 'cat min_likes:10', 'cat min_replies:1', 'cat min_reposts:2', 'quotes_of_tweet_id:1']) {
    accepts(q, 'search');
    assert.match(errorsOf(q, 'stream')[0]!, /^Reference to invalid operator/);
  }
  accepts('in_reply_to_tweet_id:1 OR retweets_of_tweet_id:2', 'search');
  assert.deepEqual(errorsOf('"cat dog"~3', 'search'), [invalidOp('proximity', 1)]);
});

test('negation rules: groups, sample, nullcast, lone negations', () => {
  assert.deepEqual(errorsOf('skiing -(snow OR day)'), ["no viable alternative at input '-(' (at position 8)"]);
  assert.deepEqual(errorsOf('cat -sample:10'), ["Operator 'sample' cannot be negated (at position 6)"]);
  assert.deepEqual(errorsOf('cat is:nullcast'), ["Operator 'is:nullcast' must be negated (at position 5)"]);
  assert.deepEqual(errorsOf('cat OR -dog'), ['Rules must contain a non-negation term (at position 8)']);
  accepts('cat -is:nullcast');
  accepts('skiing -snow -day');
});

test('one value per operator, and values are checked', () => {
  assert.deepEqual(errorsOf('cat from:a,b'), [
    "Operator 'from' accepts a single value; repeat the operator to match several values (at position 5)",
  ]);
  assert.deepEqual(errorsOf('cat lang:en,fr'), [
    "Operator 'lang' accepts a single value; repeat the operator to match several values (at position 5)",
  ]);
  assert.deepEqual(errorsOf('cat lang:xx'), ["Invalid value 'xx' for operator 'lang' (at position 5)"]);
  assert.deepEqual(errorsOf('cat sample:0'), ["Invalid value '0' for operator 'sample' (at position 5)"]);
  assert.deepEqual(errorsOf('cat point_radius:[1 2 30mi]'), [
    "Invalid value '1 2 30mi' for operator 'point_radius' (at position 5)",
  ]);
  assert.deepEqual(errorsOf('cat bounding_box:[0 0 1 1]'), [
    "Invalid value '0 0 1 1' for operator 'bounding_box' (at position 5)",
  ]);
  assert.deepEqual(errorsOf('context:*.*'), ["Invalid value '*.*' for operator 'context' (at position 1)"]);
  assert.deepEqual(errorsOf('conversation_id:abc'), [
    "Invalid value 'abc' for operator 'conversation_id' (at position 1)",
  ]);
  assert.deepEqual(errorsOf('"a b"~7'), ['Proximity distance must be between 1 and 6 (at position 1)']);
  accepts('from:1234567 OR from:XDevelopers');
  accepts('cat point_radius:[2.355128 48.861118 16km] OR bounding_box:[-105.301758 39.964069 -105.178505 40.09455]');
  accepts('context:10.799022225751871488 OR context:10.* OR context:*.799022225751871488');
  accepts('cat lang:zh-CN followers_count:1000..10000');
});

test("length limits are the caller's number, counted in characters", () => {
  assert.deepEqual(parseQuery('cat '.repeat(130), SEARCH), {
    ok: false,
    errors: ['Rule length 520 exceeds the maximum of 512 characters (at position 513)'],
    tooLong: true,
  });
  assert.ok(parseQuery('🍕'.repeat(500) + ' cat', SEARCH).ok);
  assert.deepEqual(parseQuery('', STREAM), {
    ok: false,
    errors: [`Invalid 'query':''. 'query' must be a non-empty string`],
  });
});

test('the doc examples are accepted', () => {
  for (const q of [
    'cat has:media',
    'meme has:images',
    'from:twitterdev from:twitterapi has:links',
    '#nowplaying has:mentions',
    'place:"new york city" OR place:seattle OR place:fd70c22040963ac7',
    'conversation_id:1334987486343299072 (from:twitterdev OR from:twitterapi)',
    '(happy OR happiness) place_country:GB -birthday -is:retweet',
    'Pizza OR 🍕',
    'url:"https://developer.x.com"',
    'entity:"Michael Jordan"',
    'retweets_of:twitterdev OR retweets_of_user:twitterapi',
    'has:geo (from:NWSNHC OR from:NHC_Atlantic)',
  ]) {
    accepts(q, 'stream');
  }
});
