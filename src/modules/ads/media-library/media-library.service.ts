// The media library (seed 001 "Creatives"; notes §9.6): uploads of /2/media/upload added to an
// account, described (name, file name; title, description and poster for videos), listed, updated and
// soft-deleted; and what other Ads resources (cards, poll cards, Ads posts) read of it.
import type { Queryable } from '../../../store/index.js';
import * as repo from './media-library.repo.js';
import type { LibraryRow } from './media-library.repo.js';

/** What other Ads resources read of a library entry (the contract of index.ts). */
export type LibraryMedia = {
  media_key: string;
  account_id: string;
  media_type: 'IMAGE' | 'VIDEO' | 'GIF';
  /** TWEET_IMAGE | TWEET_VIDEO | TWEET_GIF | AMPLIFY_VIDEO */
  media_category: string;
  media_url: string | null;
  width: number | null;
  height: number | null;
  duration_ms: number | null;
  /** Reduced width:height ("16:9") of videos and GIFs; null for images. */
  aspect_ratio: string | null;
  poster_media_key: string | null;
  poster_media_url: string | null;
};

function libraryMedia(r: LibraryRow): LibraryMedia {
  return {
    media_key: r.media_key,
    account_id: r.account_id,
    media_type: r.media_type,
    media_category: r.media_category,
    media_url: r.media_url,
    width: r.width,
    height: r.height,
    duration_ms: r.duration_ms,
    aspect_ratio: r.aspect_ratio,
    poster_media_key: r.poster_media_key,
    poster_media_url: r.poster_media_url,
  };
}

/** The account's library entries (not deleted) for these keys, in the order given; unknown keys are absent. */
export async function libraryMediaByKeys(db: Queryable, accountId: string, keys: string[]): Promise<LibraryMedia[]> {
  const rows = await repo.libraryByKeys(db, accountId, [...new Set(keys)]);
  const byKey = new Map(rows.map((r) => [r.media_key, r]));
  return keys.flatMap((k) => {
    const r = byKey.get(k);
    return r ? [libraryMedia(r)] : [];
  });
}

/** Sets `tweeted: true` on the account's entries for these keys (an Ads post used them). */
export async function markTweeted(db: Queryable, accountId: string, keys: string[]): Promise<void> {
  await repo.markTweeted(db, accountId, [...new Set(keys)]);
}
