import { test } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { QueryNode } from './ast.js';
import { makePost } from './fixtures.js';
import { matches } from './matcher.js';
import { createKeySpace } from './key-table.js';
import { preparePost } from './prepare.js';
import { compareIds, createRuleIndex } from './rule-index.js';
import type { MatchContext, MatchPost, Product } from './types.js';
import { parseQuery } from './validate.js';

// A small world so that random rules and posts actually meet.
const WORDS = ['cat', 'dog', 'the', 'café', 'cafe', 'launch', 'rocket', 'a', 'pizza', '🍕', 'coca', 'cola'];
const USERS = ['alice', 'bob', '42'];
const LANGS = ['en', 'fr', 'und'];
const TAGS = ['space', 'cats'];

function parseFor(text: string, product: Product): QueryNode | null {
  const r = parseQuery(text, { product, maxLength: 4096 });
  return r.ok ? r.ast : null;
}

function naive(rules: Map<string, QueryNode>, post: MatchPost, ctx: MatchContext): string[] {
  return [...rules]
    .filter(([, ast]) => matches(ast, post, ctx))
    .map(([id]) => id)
    .sort(compareIds);
}

test('a rule is found under any of its required keys and verified', () => {
  const idx = createRuleIndex();
  const add = (id: string, q: string) => idx.add(id, parseFor(q, 'stream')!);
  add('1', 'cat dog');
  add('2', 'cat OR #space');
  add('3', 'from:alice -dog');
  add('4', 'bio:astronaut');
  add('10', '"coca-cola"');
  add('11', 'url_contains:x.com/docs');
  const post = makePost('My cat and dog drink coca-cola', {
    author: { id: '7', username: 'Alice', description: 'astronaut' },
    entities: { urls: [{ url: 'https://t.co/1', expanded_url: 'https://x.com/docs' }] },
  });
  assert.deepEqual(idx.match(post), ['1', '2', '4', '10', '11']);
  assert.deepEqual(idx.stats(), { rules: 6, alwaysChecked: 1, keys: 7 });
  assert.ok(idx.remove('2'));
  assert.ok(!idx.remove('2'));
  idx.add('1', parseFor('dog -cat', 'stream')!);
  assert.deepEqual(idx.match(post), ['4', '10', '11']);
  assert.equal(idx.size, 5);
});

test('ids sort numerically, as snowflakes do', () => {
  assert.deepEqual(['10', '9', '100', '11'].sort(compareIds), ['9', '10', '11', '100']);
});

test('out-of-order ids and many removals: answers stay exact and sorted across re-filing', () => {
  const ctx: MatchContext = { product: 'stream' };
  const idx = createRuleIndex(ctx);
  const rules = new Map<string, QueryNode>();
  const put = (id: string, q: string) => {
    const ast = parseFor(q, 'stream')!;
    rules.set(id, ast);
    idx.add(id, ast);
  };
  const cat = makePost('cat and dog');
  // Descending snowflake-like ids: every rule after the first arrives "late".
  for (let i = 2000; i >= 1; i--) put(String(1600000000000000000n + BigInt(i)), i % 3 ? 'cat' : 'dog OR fish');
  assert.deepEqual(idx.match(cat), naive(rules, cat, ctx));
  assert.equal(idx.match(cat).length, 2000);
  put('5', 'cat -dog');
  put('7', 'dog');
  assert.deepEqual(idx.match(cat), naive(rules, cat, ctx));
  // Thousands of removals leave holes that a later match compacts away.
  for (let i = 1; i <= 5000; i++) put(`9${i}`, 'dog');
  for (let i = 1; i <= 5000; i++) {
    idx.remove(`9${i}`);
    rules.delete(`9${i}`);
  }
  assert.deepEqual(idx.match(cat), naive(rules, cat, ctx));
  assert.equal(idx.size, rules.size);
});

// ---- property: the index answers exactly what checking every rule answers ----

const pick = <T>(xs: readonly T[]) => fc.constantFrom(...xs);

const atom: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: pick(WORDS) },
  pick(WORDS).chain((a) => pick(WORDS).map((b) => `"${a} ${b}"`)),
  pick(WORDS).chain((a) => pick(WORDS).chain((b) => fc.integer({ min: 1, max: 6 }).map((n) => `"${a} ${b}"~${n}`))),
  pick(['"coca-cola"', 'coca-cola', '"#space"']),
  pick(TAGS).map((t) => `#${t}`),
  pick(USERS).map((u) => `@${u}`),
  pick(USERS).map((u) => `from:${u}`),
  pick(USERS).map((u) => `to:${u}`),
  pick(USERS).map((u) => `retweets_of:${u}`),
  pick(LANGS).map((l) => `lang:${l}`),
  pick([
    'has:media',
    'has:images',
    'has:links',
    'has:hashtags',
    'has:mentions',
    'has:geo',
    'is:retweet',
    'is:reply',
    'is:quote',
    'is:verified',
  ]),
  pick([
    'context:10.1',
    'context:10.*',
    'context:*.2',
    'place_country:fr',
    'conversation_id:5',
    'in_reply_to_tweet_id:5',
    'retweets_of_tweet_id:6',
    'sample:50',
  ]),
  // Filed under keys derived on demand: profile, URL, place, entity and geo-cell keys.
  pick([
    'bio:astronaut',
    'bio:"space baker"',
    'bio_name:alice',
    'bio_location:paris',
    'url:example',
    'url:"example.com/cat"',
    'url_title:rocket',
    'place:paris',
    'place:p1',
    'place:"paris, france"',
    'entity:"Space Cat"',
    'entity:rocket',
    'point_radius:[2.35 48.85 10km]',
    'point_radius:[2.0 48.5 20mi]',
    'bounding_box:[2.2 48.8 2.4 48.9]',
    'bounding_box:[2.0 48.0 2.5 48.3]',
  ]),
  // Clauses with no index key at all.
  {
    weight: 2,
    arbitrary: pick(['followers_count:10..100', '"!!"', 'url_contains:example.com/c', 'from_affiliate_of:bob']),
  },
);

const clause: fc.Arbitrary<string> = fc.letrec<{ c: string }>((tie) => ({
  c: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 5, arbitrary: atom },
    { weight: 2, arbitrary: atom.map((a) => `-${a}`) },
    fc.array(tie('c'), { minLength: 2, maxLength: 3 }).map((cs) => `(${cs.join(' OR ')})`),
    fc.array(tie('c'), { minLength: 2, maxLength: 3 }).map((cs) => `(${cs.join(' ')})`),
  ),
})).c;

const generalRule = fc
  .array(clause, { minLength: 1, maxLength: 4 })
  .chain((cs) => fc.boolean().map((or) => cs.join(or && cs.length > 1 ? ' OR ' : ' ')));

// Rules whose only keys are conjunction operators (`bio:astronaut lang:en` is filed under lang:en).
const conjAtom = pick([
  'lang:en',
  'lang:fr',
  'lang:und',
  'has:media',
  'has:geo',
  'has:links',
  'has:hashtags',
  'has:images',
  'has:mentions',
  'is:retweet',
  'is:reply',
  'is:quote',
  'is:verified',
]);
const conjRule = fc
  .tuple(
    pick(['followers_count:10..100', 'url_contains:example.com/c', 'from_affiliate_of:bob']),
    fc.array(conjAtom, { minLength: 1, maxLength: 2 }),
    fc.option(atom.map((a) => `-${a}`)),
  )
  .map(([u, cs, neg]) => [u, ...cs, ...(neg ? [neg] : [])].join(' '));

const ruleText = fc.oneof({ weight: 4, arbitrary: generalRule }, conjRule);

const post: fc.Arbitrary<MatchPost> = fc
  .record({
    words: fc.array(pick(WORDS), { maxLength: 8 }),
    sep: pick([' ', ', ', '-', ' #']),
    user: pick([...USERS, 'carol']),
    replyTo: fc.option(pick(USERS)),
    lang: pick(LANGS),
    tags: fc.subarray(TAGS),
    mentions: fc.subarray(USERS),
    kind: pick(['plain', 'retweet', 'quote', 'reply'] as const),
    media: fc.subarray(['photo', 'video'] as const),
    geo: pick(['none', 'point', 'place', 'both'] as const),
    bbox: pick([
      [2.25, 48.82, 2.42, 48.9],
      [2.1, 48.1, 2.2, 48.2],
      [1.0, 47.0, 3.0, 49.0],
    ] as [number, number, number, number][]),
    ctx: fc.boolean(),
    url: pick([null, 'https://example.com/cat', 'https://news.example.org/rocket']),
    annotations: fc.subarray(['Space Cat', 'rocket', 'Paris']),
    verified: fc.boolean(),
    followers: fc.integer({ min: 0, max: 200 }),
    quoted: fc.array(pick(WORDS), { maxLength: 3 }),
    id: fc.bigInt({ min: 1n, max: 1n << 62n }),
  })
  .map((r) =>
    makePost(r.words.join(r.sep), {
      id: String(r.id),
      lang: r.lang,
      author: {
        id: r.user === '42' ? '42' : `9${r.user.length}`,
        username: r.user,
        name: `${r.user} Smith`,
        verified: r.verified,
        followers_count: r.followers,
        description: r.verified ? 'astronaut, space baker' : 'baker',
        location: r.tags.length ? 'Paris' : undefined,
        affiliate_of: r.mentions,
      },
      entities: {
        hashtags: r.tags,
        mentions: r.mentions,
        urls: r.url
          ? [
              {
                url: 'https://t.co/a',
                expanded_url: r.url,
                title: r.url.includes('rocket') ? 'Rocket news' : undefined,
              },
            ]
          : [],
      },
      annotations: r.annotations,
      referenced_tweets:
        r.kind === 'plain'
          ? []
          : [
              {
                type: r.kind === 'retweet' ? 'retweeted' : r.kind === 'quote' ? 'quoted' : 'replied_to',
                id: r.kind === 'retweet' ? '6' : '5',
                author_id: '42',
                author_username: r.replyTo ?? 'bob',
              },
            ],
      quoted_text: r.kind === 'quote' ? r.quoted.join(' ') : undefined,
      in_reply_to_username: r.kind === 'reply' ? (r.replyTo ?? undefined) : undefined,
      conversation_id: r.kind === 'reply' ? '5' : undefined,
      media_types: r.media,
      coordinates: r.geo === 'point' || r.geo === 'both' ? [2.3522, 48.8566] : undefined,
      place:
        r.geo === 'place' || r.geo === 'both'
          ? { id: 'P1', full_name: 'Paris, France', name: 'Paris', country_code: 'FR', bbox: r.bbox }
          : undefined,
      context_annotations: r.ctx ? [{ domain: { id: '10' }, entity: { id: '2', name: 'Space Cat' } }] : [],
    }),
  );

for (const product of ['stream', 'search'] as const) {
  test(`indexed matching equals checking every rule (${product}, random rules and posts)`, () => {
    const ctx: MatchContext = { product };
    fc.assert(
      fc.property(
        fc.array(ruleText, { minLength: 1, maxLength: 40 }),
        fc.array(post, { minLength: 1, maxLength: 8 }),
        (texts, posts) => {
          const rules = new Map<string, QueryNode>();
          const idx = createRuleIndex(ctx);
          texts.forEach((t, i) => {
            const ast = parseFor(t, product);
            if (ast) {
              rules.set(String(i + 1), ast);
              idx.add(String(i + 1), ast);
            }
          });
          for (const p of posts) assert.deepEqual(idx.match(p), naive(rules, p, ctx));
        },
      ),
      { numRuns: 400 },
    );
  });
}

test('equivalence holds across live adds, replacements and removals', () => {
  const ctx: MatchContext = { product: 'stream' };
  const op = fc.oneof(
    fc.record({ t: fc.constant('add' as const), id: fc.integer({ min: 1, max: 12 }), text: ruleText }),
    fc.record({ t: fc.constant('remove' as const), id: fc.integer({ min: 1, max: 12 }) }),
    fc.record({ t: fc.constant('match' as const), post }),
  );
  fc.assert(
    fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
      const rules = new Map<string, QueryNode>();
      const idx = createRuleIndex(ctx);
      for (const o of ops) {
        if (o.t === 'add') {
          const ast = parseFor(o.text, 'stream');
          if (!ast) continue;
          rules.set(String(o.id), ast);
          idx.add(String(o.id), ast);
        } else if (o.t === 'remove') {
          assert.equal(idx.remove(String(o.id)), rules.delete(String(o.id)));
        } else {
          assert.deepEqual(idx.match(o.post), naive(rules, o.post, ctx));
        }
        assert.equal(idx.size, rules.size);
      }
    }),
    { numRuns: 300 },
  );
});

test('indexes sharing a key space answer exactly, each prepared post stamped once for them all', () => {
  // A stream's post is matched against every app's index in turn, its keys stamped once in the
  // shared space (key-table.ts): stamps must stay right across rule changes between matches, posts
  // matched again, and indexes of their own space beside them.
  const ctx: MatchContext = { product: 'stream' };
  const op = fc.oneof(
    fc.record({
      t: fc.constant('add' as const),
      at: fc.integer({ min: 0, max: 3 }),
      id: fc.integer({ min: 1, max: 12 }),
      text: ruleText,
    }),
    fc.record({
      t: fc.constant('remove' as const),
      at: fc.integer({ min: 0, max: 3 }),
      id: fc.integer({ min: 1, max: 12 }),
    }),
    fc.record({
      t: fc.constant('match' as const),
      at: fc.integer({ min: 0, max: 3 }),
      post: fc.integer({ min: 0, max: 3 }),
    }),
    fc.record({ t: fc.constant('matchAll' as const), post: fc.integer({ min: 0, max: 3 }) }),
  );
  fc.assert(
    fc.property(fc.array(post, { minLength: 4, maxLength: 4 }), fc.array(op, { maxLength: 80 }), (posts, ops) => {
      // Fresh spaces, so that keys come and go with the rules (the process's shared one holds the
      // keys of other tests' indexes until they are collected).
      const shared = createKeySpace();
      const other = createKeySpace();
      const idxs = [shared, shared, shared, other].map((space) => createRuleIndex(ctx, space));
      const rules = idxs.map(() => new Map<string, QueryNode>());
      const prepared = posts.map((p) => preparePost(p, 'stream'));
      const check = (i: number, n: number) =>
        assert.deepEqual(idxs[i]!.matchPrepared(prepared[n]!), naive(rules[i]!, posts[n]!, ctx));
      for (const o of ops) {
        if (o.t === 'add') {
          const ast = parseFor(o.text, 'stream');
          if (!ast) continue;
          rules[o.at]!.set(String(o.id), ast);
          idxs[o.at]!.add(String(o.id), ast);
        } else if (o.t === 'remove') {
          assert.equal(idxs[o.at]!.remove(String(o.id)), rules[o.at]!.delete(String(o.id)));
        } else if (o.t === 'match') check(o.at, o.post);
        else for (let i = 0; i < idxs.length; i++) check(i, o.post);
      }
    }),
    { numRuns: 300 },
  );
});

test('an index dropped whole gives its keys back to the space once collected', async () => {
  const space = createKeySpace();
  const kept = createRuleIndex({ product: 'stream' }, space);
  kept.add('1', parseFor('cat', 'stream')!);
  (() => {
    const dropped = createRuleIndex({ product: 'stream' }, space);
    dropped.add('1', parseFor('cat dog', 'stream')!);
    dropped.add('2', parseFor('#space rocket', 'stream')!);
  })();
  assert.equal(space.size, 4);
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  for (let i = 0; i < 20 && space.size > 1; i++) {
    gc();
    await new Promise((r) => setTimeout(r, 10));
  }
  assert.equal(space.size, 1);
  assert.deepEqual(kept.match(makePost('a cat')), ['1']);
});

test('the random rules exercise the index (most are valid and many match)', () => {
  const texts = fc.sample(ruleText, { numRuns: 500, seed: 7 });
  const valid = texts.map((t) => parseFor(t, 'stream')).filter((a): a is QueryNode => a !== null);
  assert.ok(valid.length > 150, `only ${valid.length} of 500 random rules were valid`);
  const posts = fc.sample(post, { numRuns: 200, seed: 7 });
  const hits = posts.reduce((n, p) => n + valid.filter((a) => matches(a, p, { product: 'stream' })).length, 0);
  assert.ok(hits > 1000, `only ${hits} matches`);
});
