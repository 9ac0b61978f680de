// Plain data the engine consumes. The posts/users modules adapt their rows to these shapes; the
// engine never reads a store, a clock or the environment.

/** Which product a query belongs to: filtered-stream rules and search queries differ in operators,
 * accent handling and which texts keywords see (notes §4.3, §5). */
export type Product = 'stream' | 'search';

/** What the validator needs besides the text. `maxLength` is chosen by the caller: 512 / 1,024 / 4,096
 * for search, 1,024 / 2,048 for rules (notes §4.2, §5). */
export interface ParseContext {
  product: Product;
  maxLength: number;
}

/** What the matcher needs besides the post. */
export interface MatchContext {
  product: Product;
  /** `list:` (search only) asks whether the author belongs to the list; absent ⇒ never a member. */
  isListMember?: (listId: string, userId: string) => boolean;
}

export interface MatchUser {
  id: string;
  username: string;
  name?: string;
  description?: string;
  location?: string;
  verified?: boolean;
  followers_count?: number;
  following_count?: number;
  tweet_count?: number;
  listed_count?: number;
  /** Ids and/or usernames of the organisations the user is affiliated with (`from_affiliate_of:`). */
  affiliate_of?: string[];
}

export interface MatchUrl {
  url: string;
  expanded_url?: string;
  display_url?: string;
  title?: string;
  description?: string;
}

export interface MatchReference {
  type: 'retweeted' | 'quoted' | 'replied_to';
  id: string;
  author_id?: string;
  author_username?: string;
}

export interface MatchPlace {
  id: string;
  full_name: string;
  name: string;
  country_code: string;
  /** [west_long, south_lat, east_long, north_lat], the order of `bounding_box:`. */
  bbox?: [number, number, number, number];
}

export interface MatchContextAnnotation {
  domain: { id: string; name?: string };
  entity: { id: string; name?: string };
}

export interface MatchMetrics {
  like_count?: number;
  reply_count?: number;
  retweet_count?: number;
  quote_count?: number;
}

export type MediaType = 'photo' | 'video' | 'animated_gif';

/** One post as the matcher sees it. Absent optional fields read as empty / false / zero. */
export interface MatchPost {
  id: string;
  text: string;
  /** BCP-47-ish code as the API reports it; absent means unclassified (`und`). */
  lang?: string;
  author: MatchUser;
  entities?: {
    /** Tags without the leading `#`. */
    hashtags?: string[];
    /** Usernames without the leading `@`. */
    mentions?: string[];
    /** Symbols without the leading `$`. */
    cashtags?: string[];
    urls?: MatchUrl[];
  };
  referenced_tweets?: MatchReference[];
  /** Text of the quoted post, when this post quotes one; the stream matches keywords against it too. */
  quoted_text?: string;
  in_reply_to_user_id?: string;
  in_reply_to_username?: string;
  /** Affiliations of the replied-to user (`to_affiliate_of:`). */
  in_reply_to_affiliate_of?: string[];
  conversation_id?: string;
  media_types?: MediaType[];
  place?: MatchPlace;
  /** Exact location, GeoJSON order: [longitude, latitude]. */
  coordinates?: [number, number];
  context_annotations?: MatchContextAnnotation[];
  /** Named-entity annotation texts (`entities.annotations[].normalized_text`). */
  annotations?: string[];
  public_metrics?: MatchMetrics;
  is_nullcast?: boolean;
  /** Name of the posting application. */
  source?: string;
}
