// Parameters of posts made through the Ads API, shared by POST tweet, scheduled and draft posts
// (seed "Creatives"; notes §9.1–§9.3): lists read from csv or repeated keys (Python repeats
// `media_keys`, notes §4).
import { bool, id, required, str, withDefault, type Spec } from '../../../http/input.js';
import { MEDIA_KEY, NAME_MAX } from './ads-tweets.rules.js';

/** Up to 4 media keys; an empty value unsets them on PUT (notes §9.1). */
export const mediaKeys = (): Spec<string[]> => ({ kind: 'ids', pattern: MEDIA_KEY, min: 0, max: 4 });

export const CONTENT = {
  text: str(),
  card_uri: str(),
  media_keys: mediaKeys(),
  name: str({ max: NAME_MAX }),
};

/** POST of a post, scheduled post or draft: as whom, and promoted-only unless told (default true). */
export const NEW_CONTENT = {
  ...CONTENT,
  as_user_id: required(id()),
  nullcast: withDefault(bool(), true),
};

/** PUT: every content field optional; `nullcast` too. */
export const CHANGED_CONTENT = { ...CONTENT, nullcast: bool() };
