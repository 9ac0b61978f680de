// The operator table: every `name:value` operator, its aliases, the products offering it, whether it
// may stand alone or be negated, and how its value binds. Sources: notes §4.3 (stream) and §5 (search =
// the stream set minus proximity, bio*, affiliate, embedding and user-metric operators, plus `list:`,
// `quotes_of_tweet_id:` and the `min_*` engagement operators).
import type { HasFeature, IsFlag, MetricField, OperatorSyntax, QueryNode, UrlField } from './ast.js';
import { messages } from './messages.js';
import type { Product } from './types.js';
import * as v from './values.js';

export interface OperatorSpec {
  /** Canonical name, used in error texts. */
  name: string;
  products: readonly Product[];
  /** False ⇒ conjunction-required: needs a standalone clause beside it. */
  standalone: boolean;
  negatable: boolean;
  /** The bound node, or an error text. */
  bind(op: OperatorSyntax, product: Product): QueryNode | string;
}

const BOTH: readonly Product[] = ['stream', 'search'];
const STREAM: readonly Product[] = ['stream'];
const SEARCH: readonly Product[] = ['search'];

type Bind = OperatorSpec['bind'];

const invalid = (op: OperatorSyntax): string => messages.invalidValue(op.name.toLowerCase(), op.value, op.pos);

/** A single plain value (no brackets, no comma lists: "one value per operator", notes §4.3). */
function single<T>(parse: (s: string) => T | null, make: (x: T) => QueryNode): Bind {
  return (op) => {
    if (op.bracket) return invalid(op);
    if (!op.quoted && op.value.includes(',')) return messages.oneValue(op.name.toLowerCase(), op.pos);
    const x = parse(op.value);
    return x === null ? invalid(op) : make(x);
  };
}

function textOp(make: (op: OperatorSyntax, product: Product) => QueryNode): Bind {
  return (op, product) => (op.bracket || op.value.trim() === '' ? invalid(op) : make(op, product));
}

function enumOp<T extends string>(prefix: string, values: Record<string, T>, make: (x: T) => QueryNode): Bind {
  return (op) => {
    const x = values[op.value.toLowerCase()];
    // Unknown values are unknown operators to the real API: "Reference to invalid operator 'has:polls'".
    return x === undefined || op.bracket || op.quoted
      ? messages.invalidOperator(`${prefix}:${op.value}`, op.pos)
      : make(x);
  };
}

const IS_FLAGS: Record<string, IsFlag> = {
  retweet: 'retweet',
  reply: 'reply',
  quote: 'quote',
  verified: 'verified',
  nullcast: 'nullcast',
};
const HAS_FEATURES: Record<string, HasFeature> = {
  hashtags: 'hashtags',
  cashtags: 'cashtags',
  links: 'links',
  mentions: 'mentions',
  media: 'media',
  media_link: 'media',
  images: 'images',
  video_link: 'video_link',
  videos: 'video_link',
  geo: 'geo',
};

function spec(
  name: string,
  products: readonly Product[],
  bind: Bind,
  opts: { conj?: boolean; negatable?: boolean } = {},
): OperatorSpec {
  return { name, products, bind, standalone: !opts.conj, negatable: opts.negatable ?? true };
}

const user = (field: 'from' | 'to' | 'retweets_of' | 'from_affiliate_of' | 'to_affiliate_of') =>
  single(v.userValue, (value) => ({ kind: 'user', field, value }));
const id = (field: 'conversation_id' | 'in_reply_to_tweet_id' | 'retweets_of_tweet_id' | 'quotes_of_tweet_id') =>
  single(v.idValue, (value) => ({ kind: 'id', field, value }));
const metric = (field: MetricField, range: boolean) =>
  single(range ? v.rangeValue : v.atLeastValue, (r) => ({ kind: 'metric', field, min: r.min, max: r.max }));
const profile = (field: 'bio' | 'bio_name' | 'bio_location') =>
  textOp((op, p) => ({ kind: 'profile', field, pattern: v.textPattern(op.value, op.quoted, p) }));
const url = (field: UrlField) =>
  textOp((op, p) => ({ kind: 'url', field, pattern: v.textPattern(op.value, op.quoted, p) }));
// Known to the real API but refused here: embedding needs an Enterprise + Embedding tier (notes §4.2).
const unavailable: Bind = (op) => messages.invalidOperator(op.name.toLowerCase(), op.pos);
const geo =
  <T>(parse: (s: string) => T | null, make: (x: T) => QueryNode): Bind =>
  (op) => {
    const x = op.bracket ? parse(op.value) : null;
    return x === null ? invalid(op) : make(x);
  };

const TABLE: [string[], OperatorSpec][] = [
  [['from'], spec('from', BOTH, user('from'))],
  [['to'], spec('to', BOTH, user('to'))],
  [['retweets_of', 'retweets_of_user'], spec('retweets_of', BOTH, user('retweets_of'))],
  [['from_affiliate_of'], spec('from_affiliate_of', STREAM, user('from_affiliate_of'))],
  [['to_affiliate_of'], spec('to_affiliate_of', STREAM, user('to_affiliate_of'))],
  [['url'], spec('url', BOTH, url('url'))],
  [['url_title', 'within_url_title'], spec('url_title', BOTH, url('url_title'))],
  [['url_description', 'within_url_description'], spec('url_description', BOTH, url('url_description'))],
  [
    ['url_contains'],
    spec(
      'url_contains',
      BOTH,
      textOp((op) => ({ kind: 'url_contains', value: op.value.toLowerCase() })),
    ),
  ],
  [
    ['context'],
    spec(
      'context',
      BOTH,
      single(v.contextValue, (c) => ({ kind: 'context', ...c })),
    ),
  ],
  [
    ['entity'],
    spec(
      'entity',
      BOTH,
      textOp((op) => ({ kind: 'entity', value: v.normaliseEntity(op.value) })),
    ),
  ],
  [['conversation_id'], spec('conversation_id', BOTH, id('conversation_id'))],
  [['in_reply_to_tweet_id', 'in_reply_to_status_id'], spec('in_reply_to_tweet_id', BOTH, id('in_reply_to_tweet_id'))],
  [['retweets_of_tweet_id', 'retweets_of_status_id'], spec('retweets_of_tweet_id', BOTH, id('retweets_of_tweet_id'))],
  [['quotes_of_tweet_id'], spec('quotes_of_tweet_id', SEARCH, id('quotes_of_tweet_id'))],
  [['bio', 'user_bio'], spec('bio', STREAM, profile('bio'))],
  [['bio_name'], spec('bio_name', STREAM, profile('bio_name'))],
  [['bio_location', 'user_bio_location'], spec('bio_location', STREAM, profile('bio_location'))],
  [
    ['place'],
    spec(
      'place',
      BOTH,
      textOp((op, p) => ({
        kind: 'place',
        value: op.value.toLowerCase(),
        pattern: v.textPattern(op.value, op.quoted, p),
      })),
    ),
  ],
  [
    ['place_country'],
    spec(
      'place_country',
      BOTH,
      single(
        (s) => (/^[A-Za-z]{2}$/.test(s) ? s.toUpperCase() : null),
        (value) => ({ kind: 'place_country', value }),
      ),
    ),
  ],
  [
    ['point_radius'],
    spec(
      'point_radius',
      BOTH,
      geo(v.pointRadiusValue, (g) => ({ kind: 'point_radius', ...g })),
    ),
  ],
  [
    ['bounding_box', 'geo_bounding_box'],
    spec(
      'bounding_box',
      BOTH,
      geo(v.boundingBoxValue, (g) => ({ kind: 'bounding_box', ...g })),
    ),
  ],
  [
    ['is'],
    spec(
      'is',
      BOTH,
      enumOp('is', IS_FLAGS, (flag) => ({ kind: 'is', flag })),
      { conj: true },
    ),
  ],
  [
    ['has'],
    spec(
      'has',
      BOTH,
      enumOp('has', HAS_FEATURES, (feature) => ({ kind: 'has', feature })),
      { conj: true },
    ),
  ],
  [
    ['lang'],
    spec(
      'lang',
      BOTH,
      single(v.langValue, (value) => ({ kind: 'lang', value })),
      { conj: true },
    ),
  ],
  [
    ['sample'],
    spec(
      'sample',
      BOTH,
      single(
        (s) => v.intValue(s, 1, 100),
        (percent) => ({ kind: 'sample', percent }),
      ),
      { conj: true, negatable: false },
    ),
  ],
  [
    ['source'],
    spec(
      'source',
      BOTH,
      textOp((op) => ({ kind: 'source', value: op.value.toLowerCase() })),
      { conj: true },
    ),
  ],
  [
    ['list'],
    spec(
      'list',
      SEARCH,
      single(v.idValue, (value) => ({ kind: 'list', value })),
    ),
  ],
  [['min_likes'], spec('min_likes', SEARCH, metric('like_count', false))],
  [['min_replies'], spec('min_replies', SEARCH, metric('reply_count', false))],
  [['min_reposts'], spec('min_reposts', SEARCH, metric('retweet_count', false))],
  [['followers_count'], spec('followers_count', STREAM, metric('followers_count', true))],
  [['min_followers'], spec('min_followers', STREAM, metric('followers_count', false))],
  [['tweets_count', 'statuses_count'], spec('tweets_count', STREAM, metric('tweet_count', true))],
  [['following_count', 'friends_count'], spec('following_count', STREAM, metric('following_count', true))],
  [['listed_count', 'user_in_lists_count'], spec('listed_count', STREAM, metric('listed_count', true))],
  [['embedding'], spec('embedding', [], unavailable, { negatable: false })],
  [['embedding_threshold'], spec('embedding_threshold', [], unavailable, { conj: true })],
  // `min_faves:` / `min_retweets:` are deliberately absent: refused with 400 since the search-index
  // migration (notes §5, seed "Other v2 endpoints"), like any unknown operator.
];

const REGISTRY = new Map<string, OperatorSpec>(TABLE.flatMap(([names, s]) => names.map((n) => [n, s] as const)));

export function lookupOperator(name: string): OperatorSpec | undefined {
  return REGISTRY.get(name.toLowerCase());
}

/** Whether a bound `is:`/`has:` value, rather than the operator, must be negated (`-is:nullcast`). */
export function mustBeNegated(node: QueryNode): boolean {
  return node.kind === 'is' && node.flag === 'nullcast';
}
