// The query parameters v2 reads share, as http/input.ts specs: field lists and expansions per object
// kind, paging and time windows (wire notes §1.3, §8.2), and their reading into the plain data
// services take (Selection, a page position, a time window). Routes spread these shapes in the
// spec's order, which the real "is not one of [...]" message for an unknown parameter lists.
import { decodeToken, type Position } from '../shared/cursor.js';
import { problems } from '../shared/problems.js';
import { EMPTY_SELECTION, type Selection } from '../shared/selection.js';
import { FIELD_ENUMS as F } from './field-enums.js';
import { id, int, list, str, time } from './input.js';

/** SPEC 2.167 renamed `tweet.fields` to `post.fields` and XDK 0.6.6 sends that name: both are read. */
const POST_FIELDS = { 'post.fields': list(F.TweetFieldsParameter) };

export const TWEET_SELECTION = {
  'tweet.fields': list(F.TweetFieldsParameter),
  expansions: list(F.TweetExpansionsParameter),
  'media.fields': list(F.MediaFieldsParameter),
  'poll.fields': list(F.PollFieldsParameter),
  'user.fields': list(F.UserFieldsParameter),
  'place.fields': list(F.PlaceFieldsParameter),
  ...POST_FIELDS,
};
export const USER_SELECTION = {
  'user.fields': list(F.UserFieldsParameter),
  expansions: list(F.UserExpansionsParameter),
  'tweet.fields': list(F.TweetFieldsParameter),
  ...POST_FIELDS,
};
export const LIST_SELECTION = {
  'list.fields': list(F.ListFieldsParameter),
  expansions: list(F.ListExpansionsParameter),
  'user.fields': list(F.UserFieldsParameter),
};
export const DM_SELECTION = {
  'dm_event.fields': list(F.DmEventFieldsParameter),
  expansions: list(F.DmEventExpansionsParameter),
  'media.fields': list(F.MediaFieldsParameter),
  'user.fields': list(F.UserFieldsParameter),
  'tweet.fields': list(F.TweetFieldsParameter),
  ...POST_FIELDS,
};
export const MEDIA_SELECTION = { 'media.fields': list(F.MediaFieldsParameter) };

/** `max_results` within the spec's range for the endpoint, and `pagination_token`. */
export function paging(min: number, max: number) {
  return { max_results: int({ min, max }), pagination_token: str() };
}
export const TIME_WINDOW = { since_id: id(), until_id: id(), start_time: time(), end_time: time() };
export const EXCLUDE = { exclude: list(['replies', 'retweets']) };

/** What a read's query holds of a selection: any of the lists above, read. */
export type SelectionQuery = {
  'tweet.fields'?: readonly string[];
  'post.fields'?: readonly string[];
  'user.fields'?: readonly string[];
  'media.fields'?: readonly string[];
  'poll.fields'?: readonly string[];
  'place.fields'?: readonly string[];
  'list.fields'?: readonly string[];
  'dm_event.fields'?: readonly string[];
  expansions?: readonly string[];
};

const SELECTION_KEYS: readonly (keyof SelectionQuery)[] = [
  'tweet.fields',
  'post.fields',
  'user.fields',
  'media.fields',
  'poll.fields',
  'place.fields',
  'list.fields',
  'dm_event.fields',
  'expansions',
];
const NONE: readonly string[] = [];

export function selectionOf(q: SelectionQuery): Selection {
  // Most reads ask for no fields at all: one shared empty selection (its lists are read-only).
  if (SELECTION_KEYS.every((k) => q[k] === undefined)) return EMPTY_SELECTION;
  const tweet = q['tweet.fields'] ?? NONE;
  const post = q['post.fields'] ?? NONE;
  return {
    tweet: post.length ? [...new Set([...tweet, ...post])] : tweet,
    user: q['user.fields'] ?? NONE,
    media: q['media.fields'] ?? NONE,
    poll: q['poll.fields'] ?? NONE,
    place: q['place.fields'] ?? NONE,
    list: q['list.fields'] ?? NONE,
    dm_event: q['dm_event.fields'] ?? NONE,
    expansions: q.expansions ?? NONE,
  };
}

export type PageRequest = { limit: number; position: Position | null };

/** The page asked for; an unreadable token is a 400 naming it. */
export function pageOf(q: { max_results?: number; pagination_token?: string }, defaultMax: number): PageRequest {
  const token = q.pagination_token;
  const position = token === undefined ? null : decodeToken(token);
  if (token !== undefined && !position) {
    throw problems.invalidParam(
      'pagination_token',
      token,
      `The \`pagination_token\` query parameter value [${token}] is not valid`,
    );
  }
  return { limit: q.max_results ?? defaultMax, position };
}

export type TimeWindow = { sinceId?: string; untilId?: string; startTime?: number; endTime?: number };

export function windowOf(q: {
  since_id?: string;
  until_id?: string;
  start_time?: number;
  end_time?: number;
}): TimeWindow {
  return { sinceId: q.since_id, untilId: q.until_id, startTime: q.start_time, endTime: q.end_time };
}
