import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { PostRow } from '../posts/index.js';
import { clusterPosts, storyId, storyMatches, storyOf } from './news.clusters.js';

const post = (id: string, text: string, tags: string[], entity?: string, likes = 0) =>
  ({
    id,
    seq: id.padStart(20, '0'),
    author_id: `a${id}`,
    text,
    created_at: Number(id),
    like_count: likes,
    retweet_count: 0,
    reply_count: 0,
    quote_count: 0,
    entities: JSON.stringify({ hashtags: tags.map((tag) => ({ start: 0, end: 1, tag })) }),
    context_annotations: entity
      ? JSON.stringify([{ domain: { id: '47', name: 'Brand' }, entity: { id: entity, name: `Brand ${entity}` } }])
      : null,
  }) as unknown as PostRow;

test('topics shared by two posts or more become stories; one story per group of posts', () => {
  const posts = [
    post('1', 'Acme ships the new rocket today', ['launch'], '9', 5),
    post('2', 'The Acme rocket launch slipped a day', ['launch'], '9'),
    post('3', 'Unrelated coffee thoughts', ['coffee']),
    post('4', 'More coffee #coffee', ['coffee']),
    post('5', 'Only once #solo', ['solo']),
  ];
  const clusters = clusterPosts(posts);
  assert.deepEqual(
    clusters.map((c) => c.key).sort(),
    ['e:9', 'h:coffee'],
    'the hashtag of the Acme posts is that story',
  );
  const acme = storyOf(
    clusters.find((c) => c.key === 'e:9')!,
    (ms) => new Date(ms).toISOString(),
  );
  assert.equal(acme.rest_id, storyId('e:9'));
  assert.equal(acme.name, 'Brand 9: Acme ships the new rocket today', 'the most engaged post leads');
  assert.equal(acme.category, 'Business');
  assert.deepEqual(acme.contexts.entities, { organizations: ['Brand 9'] });
  assert.deepEqual(
    acme.cluster_posts_results.map((p) => p.post_id),
    ['1', '2'],
  );
  assert.ok(acme.keywords.includes('acme') && acme.keywords.includes('rocket'));
  assert.ok(storyMatches(acme, 'acme ROCKET'));
  assert.ok(!storyMatches(acme, 'acme banana'));
  assert.match(storyId('anything'), /^[0-9]{1,19}$/);
  assert.equal(storyId('x'), storyId('x'));
});
