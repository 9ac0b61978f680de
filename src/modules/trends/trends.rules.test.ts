import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { PostRow } from '../posts/index.js';
import { countTrends, inWoeid, trendingSince } from './trends.rules.js';

const post = (id: number, tags: string[], at = id, ctx: string[] = []) =>
  ({
    id: String(id),
    created_at: at,
    entities: JSON.stringify({ hashtags: tags.map((tag) => ({ start: 0, end: 1, tag })) }),
    context_annotations: JSON.stringify(ctx.map((name) => ({ domain: { name: 'Sport' }, entity: { name } }))),
  }) as unknown as PostRow;

test('trends count posts per hashtag and entity, keep the common spelling, rank by count', () => {
  const t = countTrends(
    [post(1, ['AI']), post(2, ['ai']), post(3, ['AI', 'coffee'], 3, ['Soccer']), post(4, ['coffee'], 4, ['Soccer'])],
    2,
  );
  assert.deepEqual(
    t.map((x) => [x.trend_name, x.post_count]),
    [
      ['#AI', 3],
      ['#coffee', 2],
      ['Soccer', 2],
    ],
  );
  assert.equal(t[2]!.category, 'Sport');
  assert.deepEqual(countTrends([post(1, ['once'])], 2), []);
});

test('WOEIDs: the world holds all; countries and cities by place or profile location', () => {
  assert.ok(inWoeid(1, { location: null }));
  assert.ok(inWoeid(23424977, { location: 'Brooklyn, New York' }));
  assert.ok(inWoeid(2459115, { location: 'NYC' }));
  assert.ok(!inWoeid(2459115, { location: 'London' }));
  assert.ok(inWoeid(23424975, { place: { country_code: 'GB', full_name: 'Manchester, England' }, location: null }));
  assert.ok(!inWoeid(44418, { place: { country_code: 'GB', full_name: 'Manchester, England' }, location: null }));
  assert.ok(!inWoeid(23424977, { location: 'Bruxelles' }));
});

test('trending_since', () => {
  assert.equal(trendingSince(0, 10 * 60_000), 'Trending now');
  assert.equal(trendingSince(0, 5 * 3_600_000), 'Trending since 5 hours ago');
});
