import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makePost } from './fixtures.js';
import { samplePercentile } from './match-ops.js';
import { matches } from './matcher.js';
import type { MatchPost, Product } from './types.js';
import { parseQuery } from './validate.js';

function m(rule: string, post: MatchPost, product: Product = 'stream', lists: Record<string, string[]> = {}): boolean {
  const r = parseQuery(rule, { product, maxLength: 4096 });
  assert.ok(r.ok, `"${rule}" should parse: ${r.ok ? '' : r.errors.join(' | ')}`);
  return matches(r.ast, post, { product, isListMember: (list, user) => lists[list]?.includes(user) ?? false });
}

const rt = (over: Partial<MatchPost> = {}) =>
  makePost('RT @nasa: launch day at the cape', {
    referenced_tweets: [{ type: 'retweeted', id: '900', author_id: '11348282', author_username: 'NASA' }],
    ...over,
  });

test('keywords are tokenized and case-insensitive (notes §4.3)', () => {
  const p = makePost('I like Coca-Cola!');
  assert.ok(m('coca', p));
  assert.ok(m('COLA like', p));
  assert.ok(m('coca-cola', p));
  assert.ok(!m('cocacola', p));
  assert.ok(!m('like -cola', p));
  assert.ok(m('pepsi OR cola', p));
});

test('phrases need adjacency; quoted punctuation must occur verbatim', () => {
  const p = makePost('I like Coca-Cola a lot');
  assert.ok(m('"coca cola"', p));
  assert.ok(m('"coca-cola"', p));
  assert.ok(!m('"coca-cola"', makePost('coca cola')));
  assert.ok(!m('"like lot"', p));
  assert.ok(m('"#thanku"', makePost('so #thanku')));
  assert.ok(!m('"#thanku"', makePost('so thanku')));
});

test('proximity: within N in order, N-2 reversed (notes §4.3)', () => {
  const p = makePost('social networks and modern media marketing');
  assert.ok(m('"social media"~3', p));
  assert.ok(!m('"social media"~2', p));
  assert.ok(m('"media social"~5', p));
  assert.ok(!m('"media social"~4', p));
});

test('emoji match as keywords, whatever the variant; quoted variants are exact', () => {
  assert.ok(m('Pizza OR 🍕', makePost('tonight 🍕🍕')));
  assert.ok(m('👍', makePost('great 👍🏽')));
  assert.ok(!m('"👍🏽" great', makePost('great 👍')));
  assert.ok(m('"👍🏽" great', makePost('great 👍🏽')));
});

test('accents: stream rules with accents only match accented text; search matches both', () => {
  const accented = makePost('una diacrítica');
  const plain = makePost('una diacritica');
  assert.ok(m('diacrítica', accented, 'stream'));
  assert.ok(!m('diacrítica', plain, 'stream'));
  assert.ok(m('diacritica', accented, 'stream'));
  assert.ok(m('diacritica', plain, 'stream'));
  assert.ok(m('diacrítica', plain, 'search'));
  assert.ok(m('diacritica', accented, 'search'));
  assert.ok(m('"una diacrítica"', accented, 'stream'));
  assert.ok(!m('"una diacrítica"', plain, 'stream'));
});

test('quote posts: the stream also matches the quoted text, search only the quote', () => {
  const q = makePost('look at this', {
    quoted_text: 'rocket launch',
    referenced_tweets: [{ type: 'quoted', id: '77' }],
  });
  assert.ok(m('rocket', q, 'stream'));
  assert.ok(!m('rocket', q, 'search'));
  assert.ok(m('look', q, 'search'));
  assert.ok(!m('"this rocket"', q, 'stream'));
});

test('keyword search excludes reposts; operators still see them (seed)', () => {
  assert.ok(m('launch', rt(), 'stream'));
  assert.ok(!m('launch', rt(), 'search'));
  assert.ok(m('from:someone is:retweet', rt(), 'search'));
});

test('#hashtag, @mention, $cashtag are exact entity matches', () => {
  const p = makePost('#thankunext @XDevelopers $TWTR', {
    entities: { hashtags: ['thankunext'], mentions: ['XDevelopers'], cashtags: ['TWTR'] },
  });
  assert.ok(m('#ThankUNext', p));
  assert.ok(!m('#thanku', p));
  assert.ok(m('@xdevelopers', p));
  assert.ok(m('$twtr', p));
  assert.ok(!m('$aapl', p));
});

test('from: and to: take usernames or ids', () => {
  const p = makePost('hi', {
    in_reply_to_user_id: '783214',
    in_reply_to_username: 'X',
    referenced_tweets: [{ type: 'replied_to', id: '5' }],
  });
  assert.ok(m('from:someone', p));
  assert.ok(m('from:SOMEONE', p));
  assert.ok(m('from:2244994945', p));
  assert.ok(!m('from:other', p));
  assert.ok(m('to:x', p));
  assert.ok(m('to:783214', p));
  assert.ok(!m('to:someone', p));
});

test('retweets_of:, retweets_of_tweet_id:, in_reply_to_tweet_id:, quotes_of_tweet_id:, conversation_id:', () => {
  assert.ok(m('retweets_of:nasa', rt()));
  assert.ok(m('retweets_of_user:11348282', rt()));
  assert.ok(!m('retweets_of:esa', rt()));
  assert.ok(m('retweets_of_tweet_id:900', rt()));
  assert.ok(m('retweets_of_status_id:900', rt(), 'search'));
  const reply = makePost('yes', {
    referenced_tweets: [
      { type: 'replied_to', id: '41' },
      { type: 'quoted', id: '42' },
    ],
    conversation_id: '40',
  });
  assert.ok(m('in_reply_to_tweet_id:41', reply));
  assert.ok(m('in_reply_to_status_id:41', reply, 'search'));
  assert.ok(m('quotes_of_tweet_id:42', reply, 'search'));
  assert.ok(!m('quotes_of_tweet_id:41', reply, 'search'));
  assert.ok(m('conversation_id:40', reply));
  assert.ok(!m('conversation_id:41', reply));
});

test('url: is tokenized on url and expanded_url; url_title/url_description/url_contains', () => {
  const p = makePost('read https://t.co/x', {
    entities: {
      urls: [
        {
          url: 'https://t.co/x',
          expanded_url: 'https://developer.x.com/en/docs',
          title: 'X Developer Platform',
          description: 'Build with the API',
        },
      ],
    },
  });
  assert.ok(m('url:developer', p));
  assert.ok(m('url:"https://developer.x.com"', p));
  assert.ok(m('url:t.co', p));
  assert.ok(!m('url:"https://example.com"', p));
  assert.ok(m('url_title:platform', p));
  assert.ok(m('within_url_description:"with the api"', p));
  assert.ok(m('url_contains:x.com/en', p));
  assert.ok(!m('url_contains:x.com/fr', p));
});

test('context: domain.entity, domain.* and *.entity; entity:', () => {
  const p = makePost('game', {
    context_annotations: [{ domain: { id: '10', name: 'Person' }, entity: { id: '799', name: 'Michael Jordan' } }],
    annotations: ['Chicago'],
  });
  assert.ok(m('context:10.799', p));
  assert.ok(m('context:10.*', p));
  assert.ok(m('context:*.799', p));
  assert.ok(!m('context:11.*', p));
  assert.ok(!m('context:10.800', p));
  assert.ok(m('entity:"michael  jordan"', p));
  assert.ok(m('entity:Chicago', p));
  assert.ok(!m('entity:Boston', p));
});

test('bio:, bio_name:, bio_location: (stream)', () => {
  const p = makePost('hi', {
    author: {
      id: '1',
      username: 'dev',
      name: 'Ada Lovelace',
      description: 'Software developer, coffee',
      location: 'London, UK',
    },
  });
  assert.ok(m('bio:developer', p));
  assert.ok(m('user_bio:"software developer"', p));
  assert.ok(!m('bio:designer', p));
  assert.ok(m('bio_name:ada', p));
  assert.ok(m('bio_location:london', p));
  assert.ok(m('user_bio_location:"london, uk"', p));
});

const placed = (over: Partial<MatchPost> = {}) =>
  makePost('view', {
    place: {
      id: '01a9a39529b27f36',
      full_name: 'Manhattan, NY',
      name: 'Manhattan',
      country_code: 'US',
      bbox: [-74.026675, 40.683935, -73.910408, 40.877483],
    },
    ...over,
  });

test('place:, place_country:, has:geo', () => {
  assert.ok(m('place:manhattan', placed()));
  assert.ok(m('place:"manhattan, ny"', placed()));
  assert.ok(m('place:01a9a39529b27f36', placed()));
  assert.ok(!m('place:seattle', placed()));
  assert.ok(m('place_country:us', placed()));
  assert.ok(!m('place_country:GB', placed()));
  assert.ok(m('view has:geo', placed()));
  assert.ok(!m('view has:geo', makePost('view')));
});

test('point_radius: and bounding_box: — point first, else a wholly contained place', () => {
  const at = makePost('view', { coordinates: [2.3522, 48.8566] });
  assert.ok(m('point_radius:[2.355128 48.861118 16km]', at));
  assert.ok(!m('point_radius:[2.355128 49.861118 16km]', at));
  assert.ok(m('bounding_box:[2.2 48.8 2.4 48.9]', at));
  assert.ok(m('geo_bounding_box:[2.2 48.8 2.4 48.9]', at));
  assert.ok(!m('bounding_box:[2.36 48.8 2.4 48.9]', at));
  assert.ok(m('point_radius:[-73.97 40.78 20mi]', placed()));
  assert.ok(!m('point_radius:[-73.97 40.78 5mi]', placed()));
  assert.ok(m('bounding_box:[-74.1 40.6 -73.8 40.9]', placed()));
  assert.ok(!m('bounding_box:[-74.0 40.6 -73.8 40.9]', placed()));
});

test('geo operators never match retweets (notes §4.3)', () => {
  const r = rt({ coordinates: [2.3522, 48.8566], place: placed().place! });
  assert.ok(!m('point_radius:[2.355128 48.861118 16km]', r));
  assert.ok(!m('bounding_box:[2.2 48.8 2.4 48.9]', r));
  assert.ok(!m('place:manhattan', r));
  assert.ok(!m('place_country:US', r));
});

test('is: retweet, reply, quote, verified, nullcast', () => {
  const quote = makePost('wow', {
    referenced_tweets: [{ type: 'quoted', id: '1' }],
    author: { id: '9', username: 'v', verified: true },
  });
  const reply = makePost('@a hi', { referenced_tweets: [{ type: 'replied_to', id: '2' }], is_nullcast: true });
  assert.ok(m('launch is:retweet', rt()));
  assert.ok(!m('wow is:retweet', quote));
  assert.ok(m('wow is:quote', quote));
  assert.ok(m('wow is:verified', quote));
  assert.ok(!m('hi is:verified', reply));
  assert.ok(m('hi is:reply', reply));
  assert.ok(!m('hi -is:reply', reply));
  assert.ok(!m('hi -is:nullcast', reply));
  assert.ok(m('wow -is:nullcast', quote));
});

test('has: hashtags, cashtags, links, mentions, media, images, video_link', () => {
  const rich = makePost('x', {
    entities: { hashtags: ['a'], cashtags: ['B'], mentions: ['c'], urls: [{ url: 'https://t.co/1' }] },
    media_types: ['photo'],
  });
  const plain = makePost('x');
  for (const f of ['hashtags', 'cashtags', 'mentions', 'links', 'media', 'media_link', 'images']) {
    assert.ok(m(`x has:${f}`, rich), f);
    assert.ok(!m(`x has:${f}`, plain), f);
  }
  assert.ok(!m('x has:video_link', rich));
  assert.ok(m('x has:videos', makePost('x', { media_types: ['video'] })));
  assert.ok(!m('x has:videos', makePost('x', { media_types: ['animated_gif'] })));
});

test('lang: (unclassified is und) and source:', () => {
  assert.ok(m('hola lang:es', makePost('hola', { lang: 'es' })));
  assert.ok(!m('hola lang:en', makePost('hola', { lang: 'es' })));
  assert.ok(m('hmm lang:und', makePost('hmm', { lang: undefined })));
  assert.ok(m('hi lang:zh-tw', makePost('hi', { lang: 'zh-TW' })));
  assert.ok(m('hi source:"Twitter for iPhone"', makePost('hi', { source: 'Twitter for iPhone' })));
  assert.ok(!m('hi source:web', makePost('hi', { source: 'Twitter for iPhone' })));
});

test('sample: is deterministic on the post id and roughly proportional', () => {
  const posts = Array.from({ length: 2000 }, (_, i) =>
    makePost('cat', { id: String(1600000000000000000n + BigInt(i) * 4096n) }),
  );
  const hits = posts.filter((p) => m('cat sample:10', p)).length;
  assert.ok(hits > 140 && hits < 260, `sample:10 kept ${hits} of 2000`);
  for (const p of posts.slice(0, 50)) {
    assert.equal(m('cat sample:37', p), samplePercentile(p.id) < 37);
    assert.equal(m('cat sample:37', p), m('cat sample:37', p));
  }
  assert.ok(posts.every((p) => m('cat sample:100', p)));
});

test('list: asks the context for membership (search)', () => {
  const p = makePost('hi');
  assert.ok(m('list:123', p, 'search', { '123': ['2244994945'] }));
  assert.ok(!m('list:124', p, 'search', { '123': ['2244994945'] }));
});

test('engagement and user-metric operators', () => {
  const p = makePost('hi', {
    public_metrics: { like_count: 10, reply_count: 2, retweet_count: 5, quote_count: 1 },
    author: { id: '1', username: 'u', followers_count: 1500, following_count: 10, tweet_count: 300, listed_count: 4 },
  });
  assert.ok(m('min_likes:10', p, 'search'));
  assert.ok(!m('min_likes:11', p, 'search'));
  assert.ok(m('min_replies:2 min_reposts:5', p, 'search'));
  assert.ok(!m('min_reposts:6', p, 'search'));
  assert.ok(m('followers_count:1000..2000', p));
  assert.ok(m('followers_count:1500', p));
  assert.ok(!m('followers_count:1501', p));
  assert.ok(!m('followers_count:1..1000', p));
  assert.ok(m('min_followers:1000', p));
  assert.ok(m('tweets_count:300 statuses_count:1..300', p));
  assert.ok(m('following_count:10 friends_count:0..10', p));
  assert.ok(m('listed_count:4 user_in_lists_count:4', p));
  assert.ok(!m('listed_count:5', p));
});

test('affiliates (stream)', () => {
  const p = makePost('hi', {
    author: { id: '1', username: 'u', affiliate_of: ['XDevelopers'] },
    in_reply_to_affiliate_of: ['nasa'],
  });
  assert.ok(m('from_affiliate_of:xdevelopers', p));
  assert.ok(!m('from_affiliate_of:nasa', p));
  assert.ok(m('to_affiliate_of:NASA', p));
});
