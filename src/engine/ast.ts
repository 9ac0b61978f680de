// Two trees: the syntax tree the parser builds (what was written, with 1-based positions for error
// texts), and the bound query tree the validator produces from it (canonical operators, normalised
// tokens, parsed values) which the matcher and the rule index evaluate.

// ---- syntax tree -----------------------------------------------------------------------------

export type SyntaxNode =
  | { type: 'and'; children: SyntaxNode[]; pos: number }
  | { type: 'or'; children: SyntaxNode[]; pos: number }
  | { type: 'not'; child: SyntaxNode; pos: number }
  | { type: 'group'; child: SyntaxNode; pos: number }
  | { type: 'keyword'; value: string; pos: number }
  | { type: 'phrase'; value: string; proximity: number | null; pos: number }
  | { type: 'hashtag' | 'mention' | 'cashtag'; value: string; pos: number }
  | OperatorSyntax;

export interface OperatorSyntax {
  type: 'operator';
  /** As written (case kept); the registry looks it up case-insensitively. */
  name: string;
  value: string;
  /** `op:"quoted value"` */
  quoted: boolean;
  /** `op:[a b c]`: the value is the bracket's content. */
  bracket: boolean;
  pos: number;
}

/** Compact S-expression of a syntax tree, for golden tests and debugging. */
export function showSyntax(n: SyntaxNode): string {
  switch (n.type) {
    case 'and':
    case 'or':
      return `(${n.type} ${n.children.map(showSyntax).join(' ')})`;
    case 'not':
      return `(not ${showSyntax(n.child)})`;
    case 'group':
      return `(group ${showSyntax(n.child)})`;
    case 'keyword':
      return n.value;
    case 'phrase':
      return JSON.stringify(n.value) + (n.proximity === null ? '' : `~${n.proximity}`);
    case 'hashtag':
      return `#${n.value}`;
    case 'mention':
      return `@${n.value}`;
    case 'cashtag':
      return `$${n.value}`;
    case 'operator':
      return `${n.name}:${n.bracket ? `[${n.value}]` : n.quoted ? JSON.stringify(n.value) : n.value}`;
  }
}

// ---- bound query tree ------------------------------------------------------------------------

/** A keyword, phrase or text-valued operator, normalised for one product.
 * Tokens must appear consecutively (or within `proximity`); `literal`, when set, must also occur
 * verbatim (quoted values containing punctuation, notes §4.3 "quote to match punctuation"). */
export interface TextPattern {
  tokens: string[];
  literal: string | null;
  proximity: number | null;
}

export type UserField = 'from' | 'to' | 'retweets_of' | 'from_affiliate_of' | 'to_affiliate_of';
export type ProfileField = 'bio' | 'bio_name' | 'bio_location';
export type UrlField = 'url' | 'url_title' | 'url_description';
export type IdField = 'conversation_id' | 'in_reply_to_tweet_id' | 'retweets_of_tweet_id' | 'quotes_of_tweet_id';
export type IsFlag = 'retweet' | 'reply' | 'quote' | 'verified' | 'nullcast';
export type HasFeature = 'hashtags' | 'cashtags' | 'links' | 'mentions' | 'media' | 'images' | 'video_link' | 'geo';
export type MetricField =
  | 'like_count'
  | 'reply_count'
  | 'retweet_count'
  | 'followers_count'
  | 'following_count'
  | 'tweet_count'
  | 'listed_count';

export type QueryNode =
  | { kind: 'and'; children: QueryNode[] }
  | { kind: 'or'; children: QueryNode[] }
  | { kind: 'not'; child: QueryNode }
  | { kind: 'text'; pattern: TextPattern }
  | { kind: 'hashtag' | 'mention' | 'cashtag'; value: string }
  | { kind: 'user'; field: UserField; value: string }
  | { kind: 'profile'; field: ProfileField; pattern: TextPattern }
  | { kind: 'url'; field: UrlField; pattern: TextPattern }
  | { kind: 'url_contains'; value: string }
  | { kind: 'id'; field: IdField; value: string }
  | { kind: 'context'; domain: string; entity: string }
  | { kind: 'entity'; value: string }
  | { kind: 'place'; value: string; pattern: TextPattern }
  | { kind: 'place_country'; value: string }
  | { kind: 'point_radius'; lon: number; lat: number; radiusKm: number }
  | { kind: 'bounding_box'; west: number; south: number; east: number; north: number }
  | { kind: 'is'; flag: IsFlag }
  | { kind: 'has'; feature: HasFeature }
  | { kind: 'lang'; value: string }
  | { kind: 'sample'; percent: number }
  | { kind: 'source'; value: string }
  | { kind: 'list'; value: string }
  | { kind: 'metric'; field: MetricField; min: number; max: number };
