// Pure pieces of posts: entities from twitter-text in code points, t.co wrapping, language, the
// summoned-reply rule and the edit window.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildPost } from './posts.build.js';
import { detectLang } from './posts.lang.js';
import { checkEdit, checkReply, replyLookups, summoned } from './posts.rules.js';
import { extractEntities, shortenLinks } from './posts.text.js';
import { EDIT_WINDOW_MS } from './posts.view.js';

const post = (over: Partial<Parameters<typeof buildPost>[0]> = {}) =>
  buildPost({
    id: '1800000000000000000',
    authorId: '1',
    authorUsername: 'author',
    text: 'hello',
    createdAt: 0,
    source: 't',
    appId: null,
    resolve: () => undefined,
    ...over,
  });
const user = (id: string, username: string, premium = 0) =>
  ({ id, username, username_lower: username.toLowerCase(), premium, verified: 0 }) as never;
const actor = (tier: string) =>
  ({ userId: '2', app: { id: 'a', name: 'a', tier, client_id: 'c', permission: 'read-write-dm' } }) as never;

test('entity indices count code points, not UTF-16 units', () => {
  const e = extractEntities('👋🏽 hi @jack #tag $TSLA');
  assert.deepEqual(e.mentions, [{ start: 6, end: 11, username: 'jack' }]);
  assert.deepEqual(e.hashtags, [{ start: 12, end: 16, tag: 'tag' }]);
  assert.deepEqual(e.cashtags, [{ start: 17, end: 22, tag: 'TSLA' }]);
});

test('links become 23-character t.co links that expand to the original', () => {
  const { text, links } = shortenLinks('see example.com/a and https://x.org', 'seed');
  const [a, b] = [...links.keys()];
  assert.equal(text, `see ${a} and ${b}`);
  assert.equal(a!.length, 23);
  assert.deepEqual([...links.values()], ['http://example.com/a', 'https://x.org']);
  assert.equal(shortenLinks('see example.com/a', 'seed').text, `see ${a}`, 'deterministic');
});

test('language: scripts, function words, and the special codes', () => {
  assert.equal(detectLang('今日は東京で勉強会があります'), 'ja');
  assert.equal(detectLang('Me encanta el café de la mañana'), 'es');
  assert.equal(detectLang('just setting up my twttr'), 'en');
  assert.equal(detectLang('#only #tags'), 'qht');
  assert.equal(detectLang('@only @mentions'), 'qam');
  assert.equal(detectLang('https://example.com'), 'zxx');
});

test('a reply on a self-serve tier needs the original to mention or quote the replier', () => {
  const replier = user('2', 'replier');
  const mentioning = post({ text: 'hey @Replier', resolve: (u) => (u === 'replier' ? '2' : undefined) });
  assert.equal(summoned(mentioning, undefined, replier), true);
  assert.equal(summoned(post(), post({ id: '1800000000000000001', authorId: '2' }), replier), true);
  assert.throws(() => checkReply(actor('free'), post(), undefined, replier, false), /not allowed/);
  assert.doesNotThrow(() => checkReply(actor('enterprise'), post(), undefined, replier, false));
});

test("replyLookups names every lookup that can change checkReply's answer", () => {
  const replier = user('2', 'replier');
  const outcome = (...a: Parameters<typeof checkReply>) => {
    try {
      checkReply(...a);
      return 'allowed';
    } catch {
      return 'refused';
    }
  };
  const quotedByReplier = post({ id: '1800000000000000001', authorId: '2' });
  const quotedByOther = post({ id: '1800000000000000002', authorId: '3' });
  let skipped = 0;
  for (const tier of ['free', 'pro', 'enterprise'])
    for (const settings of ['everyone', 'following', 'mentionedUsers', 'verified'])
      for (const quotes of [false, true])
        for (const mentions of [false, true])
          for (const own of [false, true]) {
            const original = post({
              authorId: own ? '2' : '1',
              text: mentions ? 'hey @replier' : 'hello',
              resolve: (u) => (u === 'replier' ? '2' : undefined),
              quoteOf: quotes ? quotedByOther : undefined,
              replySettings: settings,
            });
            const needs = replyLookups(actor(tier), original, replier);
            const quoted = [quotes ? quotedByOther : undefined, quotes ? quotedByReplier : undefined];
            const follows = [false, true];
            // A lookup left out must not matter: every value it could have gives the same answer.
            const answers = new Set(
              (needs.quoted ? [quoted[0]] : quoted).flatMap((q) =>
                (needs.follows ? [false] : follows).map((f) => outcome(actor(tier), original, q, replier, f)),
              ),
            );
            assert.equal(answers.size, 1, `${tier} ${settings} quotes=${quotes} mentions=${mentions} own=${own}`);
            if (!needs.quoted && !needs.follows) skipped++;
          }
  assert.ok(skipped > 0);
  assert.deepEqual(replyLookups(actor('enterprise'), post(), replier), { quoted: false, follows: false });
});

test('edits: owner, Premium, one hour', () => {
  const p = post({ createdAt: 1_000 });
  assert.doesNotThrow(() => checkEdit(p, user('1', 'author', 1), 1_000 + EDIT_WINDOW_MS - 1));
  assert.throws(() => checkEdit(p, user('1', 'author', 1), 1_000 + EDIT_WINDOW_MS), /1 hour/);
  assert.throws(() => checkEdit(p, user('1', 'author', 0), 2_000), /Premium/);
  assert.throws(() => checkEdit(p, user('9', 'other', 1), 2_000), /not permitted/);
});
