// The media library (seed 001 "Creatives"; notes §9.6): uploads of /2/media/upload added to an
// account, described (name, file name; title, description and poster for videos), listed, updated and
// soft-deleted; and what other Ads resources (cards, poll cards, Ads posts) read of it.
import type { Deps } from '../../../deps.js';
import { Problem } from '../../../shared/problems.js';
import type { Queryable } from '../../../store/index.js';
import { mediaByKeys, type MediaRow } from '../../media/index.js';
import { addAccountMedia } from '../account-media/index.js';
import type { AdsAccount } from '../kit/account.js';
import { adsError, adsErrors, notFound, type AdsError } from '../kit/errors.js';
import { newId36 } from '../kit/ids.js';
import { pageOf, type ListQuery } from '../kit/list.js';
import { isPromotableUser } from '../promotable-users/index.js';
import * as repo from './media-library.repo.js';
import type { LibraryEdit, LibraryRow } from './media-library.repo.js';
import { libraryView } from './media-library.view.js';

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

// ---- list, get

export async function listLibrary(
  deps: Deps,
  account: AdsAccount,
  p: { media_type?: string; q?: string },
  q: ListQuery,
) {
  const f = { accountId: account.id, mediaType: p.media_type, q: p.q };
  const { rows, total } = await repo.listLibrary(deps.db, f, q);
  return pageOf(rows, q, (r) => r.created_at, libraryView, total);
}

/**
 * A deleted entry is 404 like an unknown one: the seed gives the single GET no `with_deleted`. NOT_FOUND
 * with the real `Line Item gsmga was not found for Account xxxx` pattern (notes §3.2).
 */
async function requireEntry(db: Queryable, accountId: string, key: string): Promise<LibraryRow> {
  const row = await repo.libraryByKey(db, accountId, key);
  if (!row) throw notFound('Media', key, accountId, 'media_key');
  return row;
}

export async function getLibraryMedia(deps: Deps, account: AdsAccount, key: string) {
  return libraryView(await requireEntry(deps.db, account.id, key));
}

// ---- the rules of POST and PUT

/** What POST and PUT take besides the media key (seed 001: the PUT fields, with their limits). */
export type LibraryFields = {
  name?: string;
  file_name?: string;
  title?: string;
  description?: string;
  poster_media_key?: string;
};
/** title, description and poster_media_key are "video only" (seed 001). */
const VIDEO_ONLY = ['title', 'description', 'poster_media_key'] as const;

const MEDIA_TYPES = { photo: 'IMAGE', video: 'VIDEO', animated_gif: 'GIF' } as const;
/** The library's categories (seed 001 "media_category (seen)"); DM media and subtitles are not creatives. */
const CATEGORIES = ['tweet_image', 'tweet_video', 'tweet_gif', 'amplify_video'];

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** "16:9" from 1280x720: the frame's width and height reduced (notes §9.6 shows "16:9"). */
export function aspectRatio(width: number | null, height: number | null): string | null {
  if (!width || !height) return null;
  const d = gcd(width, height);
  return `${width / d}:${height / d}`;
}

/**
 * An upload the caller may put in this account's library: uploaded by the caller or by a promotable
 * user of the account (whose posts the account promotes; Aviary's choice, the docs do not say), and
 * finished. Unknown uploads and other users' answer alike, so no upload is revealed.
 */
async function usableUpload(
  deps: Deps,
  account: AdsAccount,
  userId: string,
  key: string,
  parameter: string,
): Promise<MediaRow | AdsError> {
  const [m] = await mediaByKeys(deps, [key]);
  const mine = m && (m.owner_id === userId || (await isPromotableUser(deps.db, account.id, m.owner_id)));
  if (!m || !mine) return { code: 'INVALID_MEDIA_ID', message: `Media key ${key} is not valid`, parameter };
  if (m.state !== 'succeeded')
    return { code: 'INVALID_MEDIA', message: `Media ${key} has not finished processing`, parameter };
  return m;
}

const isError = (x: MediaRow | AdsError): x is AdsError => 'code' in x && 'parameter' in x;

/** The poster of a video: an image upload the caller may use; "" resets it to the first frame. */
async function posterOf(
  deps: Deps,
  account: AdsAccount,
  userId: string,
  media: MediaRow,
  key: string | undefined,
): Promise<LibraryEdit | AdsError | null> {
  if (key === undefined) return null;
  if (key === '') return { poster_media_key: `3_${media.id}`, poster_media_url: media.preview_image_url };
  const m = await usableUpload(deps, account, userId, key, 'poster_media_key');
  if (isError(m)) return m;
  if (m.type !== 'photo')
    return { code: 'INVALID_MEDIA', message: `Poster ${key} must be an image`, parameter: 'poster_media_key' };
  return { poster_media_key: m.media_key, poster_media_url: m.url };
}

/** Every failure of the text fields for this media type, and the edit they make ("" un-sets, notes §1). */
async function editOf(
  deps: Deps,
  account: AdsAccount,
  userId: string,
  media: MediaRow,
  p: LibraryFields,
): Promise<{ errors: AdsError[]; edit: LibraryEdit }> {
  const errors: AdsError[] = [];
  const edit: LibraryEdit = {};
  const video = media.type === 'video';
  for (const f of VIDEO_ONLY) {
    if (p[f] !== undefined && !video)
      errors.push({
        code: 'INVALID_PARAMETER',
        message: `${f} is only allowed for media of media_type VIDEO, got ${MEDIA_TYPES[media.type]}`,
        parameter: f,
      });
  }
  for (const f of ['name', 'file_name', 'title', 'description'] as const)
    if (p[f] !== undefined && (video || !(VIDEO_ONLY as readonly string[]).includes(f))) edit[f] = p[f] || null;
  if (video) {
    const poster = await posterOf(deps, account, userId, media, p.poster_media_key);
    if (poster && 'code' in poster) errors.push(poster as AdsError);
    else if (poster) Object.assign(edit, poster);
  }
  return { errors, edit };
}

// ---- POST, PUT, DELETE

/**
 * Adds an upload of /2/media/upload to the account's library (seed 001): its type, category, size,
 * duration, URL and aspect ratio come from the upload; the poster of a video defaults to its first
 * frame, named `3_<media id>` (notes §9.6 shows poster `3_909110614026444802` for video
 * `13_909110614026444802`) with the upload's preview image as its URL. An AMPLIFY_VIDEO also becomes a
 * PREROLL account media. A media already in the library (not deleted) is refused with INVALID_MEDIA:
 * the real answer is not documented and the table's only DUPLICATE code, DUPLICATE_TWEET, names posts.
 */
export async function addLibraryMedia(
  deps: Deps,
  account: AdsAccount,
  userId: string,
  p: LibraryFields & { media_key: string },
) {
  const media = await usableUpload(deps, account, userId, p.media_key, 'media_key');
  if (isError(media)) throw adsErrors([media]);
  if (!CATEGORIES.includes(media.media_category))
    throw adsError(
      'INVALID_MEDIA',
      `Media ${p.media_key} of media_category ${media.media_category} cannot be added to the media library`,
      'media_key',
    );
  const { errors, edit } = await editOf(deps, account, userId, media, p);
  if (errors.length) throw adsErrors(errors);
  const video = media.type === 'video';
  const now = deps.clock.now();
  const row: LibraryRow = {
    id: newId36(deps.ids),
    account_id: account.id,
    media_key: media.media_key,
    media_id: media.id,
    media_type: MEDIA_TYPES[media.type],
    media_category: media.media_category.toUpperCase(),
    media_url: media.url,
    width: media.width,
    height: media.height,
    duration_ms: video ? media.duration_ms : null,
    aspect_ratio: media.type === 'photo' ? null : aspectRatio(media.width, media.height),
    name: null,
    file_name: null,
    title: null,
    description: null,
    poster_media_key: video ? `3_${media.id}` : null,
    poster_media_url: video ? media.preview_image_url : null,
    tweeted: 0,
    created_at: now,
    updated_at: now,
    deleted: 0,
    ...edit,
  };
  const already = () =>
    adsError(
      'INVALID_MEDIA',
      `Media ${media.media_key} is already in the media library of Account ${account.id}`,
      'media_key',
    );
  await deps.db
    .tx(async (tx) => {
      if (await repo.libraryByKey(tx, account.id, media.media_key)) throw already();
      await repo.insertLibrary(tx, row);
      if (row.media_category === 'AMPLIFY_VIDEO') {
        const m = { accountId: account.id, creativeType: 'PREROLL', mediaKey: row.media_key, video: true } as const;
        await addAccountMedia(tx, deps.ids, { ...m, mediaUrl: null, at: now });
      }
    })
    .catch(async (e: unknown) => {
      // Two additions racing on PostgreSQL: the partial unique index (migration 0016) refuses the second.
      if (!(e instanceof Problem) && (await repo.libraryByKey(deps.db, account.id, media.media_key))) throw already();
      throw e;
    });
  return libraryView(row);
}

/** Updates the fields given (seed 001 PUT); "" un-sets a text and resets the poster to the first frame. */
export async function updateLibraryMedia(
  deps: Deps,
  account: AdsAccount,
  userId: string,
  key: string,
  p: LibraryFields,
) {
  const before = await requireEntry(deps.db, account.id, key);
  const [media] = await mediaByKeys(deps, [before.media_key]);
  if (!media) throw notFound('Media', key, account.id, 'media_key');
  const { errors, edit } = await editOf(deps, account, userId, media, p);
  if (errors.length) throw adsErrors(errors);
  const now = deps.clock.now();
  return deps.db.tx(async (tx) => {
    const row = await requireEntry(tx, account.id, key);
    await repo.updateLibrary(tx, row.id, edit, now);
    return libraryView({ ...row, ...edit, updated_at: now });
  });
}

/** Soft delete (seed: `deleted` true); the entry is then unknown, so a repeated delete is 404. */
export async function deleteLibraryMedia(deps: Deps, account: AdsAccount, key: string) {
  return deps.db.tx(async (tx) => {
    const row = await requireEntry(tx, account.id, key);
    const now = deps.clock.now();
    await repo.markDeleted(tx, row.id, now);
    return libraryView({ ...row, deleted: 1, updated_at: now });
  });
}
