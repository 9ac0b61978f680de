import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Problem } from '../../shared/problems.js';
import { claimOpinionScore, parsePostSelection, ratingStatus, RATING_DELAY_MS, scoreBucket } from './notes.rules.js';

test('a sourced factual note scores higher than an opinionated one, the same every time', () => {
  const fact = 'The photo was taken in 2015 in Lisbon, not this week: https://example.com/archive/2015';
  const opinion = 'I think this is obviously ridiculous!! https://example.com';
  assert.ok(claimOpinionScore(fact) > claimOpinionScore(opinion));
  assert.equal(claimOpinionScore(fact), claimOpinionScore(fact));
  for (const t of [fact, opinion, '', 'YOU MUST STOP!!!', 'a'.repeat(1000)]) {
    const s = claimOpinionScore(t);
    assert.ok(s >= 0 && s <= 1, `${s} in [0, 1]`);
  }
  assert.equal(scoreBucket(0.9), 'High');
  assert.equal(scoreBucket(0.4), 'Medium');
  assert.equal(scoreBucket(0.1), 'Low');
});

test('rating status moves a day after writing; test notes stay unrated', () => {
  const n = { test_mode: 0, score: 0.8, created_at: 1000 };
  assert.equal(ratingStatus(n, 1000), 'needs_more_ratings');
  assert.equal(ratingStatus(n, 1000 + RATING_DELAY_MS), 'currently_rated_helpful');
  assert.equal(ratingStatus({ ...n, score: 0.1 }, 1000 + RATING_DELAY_MS), 'currently_rated_not_helpful');
  assert.equal(ratingStatus({ ...n, test_mode: 1 }, 1000 + RATING_DELAY_MS), 'needs_more_ratings');
});

test('post_selection: defaults, sizes, languages, and refusals', () => {
  assert.deepEqual(parsePostSelection(undefined), { size: 100, lang: 'en' });
  assert.deepEqual(parsePostSelection('feed_size: large, feed_lang: all'), { size: 500, lang: null });
  assert.deepEqual(parsePostSelection('feed_lang:es'), { size: 100, lang: 'es' });
  const names = (e: unknown) =>
    e instanceof Problem && e.status === 400 && JSON.stringify(e.body).includes('post_selection');
  assert.throws(() => parsePostSelection('feed_size: huge'), names);
  assert.throws(() => parsePostSelection('colour: red'), names);
});
