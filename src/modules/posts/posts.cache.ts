// Rows of recently read posts kept in the server's memory, so hot lookups (GET /2/tweets?ids=…) skip reading and
// parsing full rows. Freshness comes from the store, so several processes on one database stay
// correct: every update or deletion of posts replaces a generation token in the same transaction
// (posts.repo.ts `touch`). A row checked under the current token is served as is; otherwise one
// covering read of versions says which rows to read again.
import { createRowCache, momentRows, type RowCache } from '../../shared/row-cache.js';
import type { Queryable } from '../../store/index.js';
import { postsRepo, type PostRow } from './posts.repo.js';

declare module '../../deps.js' {
  interface Runtime {
    /** This server's post rows (rows with the same id on another server are another post). */
    postRows: RowCache<PostRow>;
  }
}

export const createPostRows = () => createRowCache<PostRow>(100_000);
/** Rows a background step read (`oneMoment`), for its later lookups. */
const stepRows = momentRows<PostRow>();

/** Posts by id (order not kept; missing ids absent), as fresh as a read of the store. */
export async function cachedByIds(cache: RowCache<PostRow>, db: Queryable, ids: readonly string[]): Promise<PostRow[]> {
  if (ids.length === 0) return [];
  const { rows: out, rest } = stepRows.take(db, ids);
  if (!rest.length) return out;
  // Rows never checked (just written, or not held) need their versions read whatever the token says:
  // where the token would cost a round trip first, it comes with them.
  if (rest.some((id) => !cache.get(id)?.checked) && postsRepo.tokenWithVersions(db)) {
    const versions = await postsRepo.checkedVersions(db, rest);
    return out.concat(await settle(cache, db, versions, postsRepo.tokenOf));
  }
  const generation = await postsRepo.generation(db);
  const { hits, unsure } = cache.split(rest, generation);
  stepRows.keep(db, hits);
  out.push(...hits);
  if (!unsure.length) return out;
  // One covering read of versions says which unsure rows changed; only those are read again.
  const versions = await postsRepo.versions(db, unsure);
  return out.concat(await settle(cache, db, versions, () => generation));
}

/** Rows of `versions` from the cache, those whose version moved read again, each checked under its token. */
async function settle<V extends { id: string; version: number }>(
  cache: RowCache<PostRow>,
  db: Queryable,
  versions: V[],
  tokenOf: (v: V) => string | null,
): Promise<PostRow[]> {
  const stale = versions.filter((v) => cache.get(v.id)?.row.version !== v.version).map((v) => v.id);
  if (stale.length) for (const r of await postsRepo.byIds(db, stale)) cache.remember(r, null);
  const checked: PostRow[] = [];
  for (const v of versions) {
    const e = cache.get(v.id);
    if (!e) continue;
    e.checked = tokenOf(v);
    checked.push(e.row);
  }
  stepRows.keep(db, checked);
  return checked;
}

/**
 * Posts this server has just written, remembered in their stored form (issue #23): the streams, the
 * fan-out and the search indexer read each new post moments after its commit, a whole row each.
 * Remembered unchecked, so a read still checks their version first (`cachedByIds`: one covering read),
 * whatever happened to them since.
 */
export function rememberWritten(cache: RowCache<PostRow>, rows: readonly PostRow[]): void {
  for (const r of rows) cache.remember(storedForm(r), null);
}

/**
 * The row as the store gives it back: every column (POST_COLUMNS), null where nothing was written,
 * version 0. Written out as one literal: set key by key, the row turned into a dictionary-mode object
 * on Node 20 (5 µs to build, and every later read of it a hash lookup: 130 against 52 ns for four
 * reads; bench/NOTES.md "twenty-first pass"); the literal takes 0.1 µs and stays a fast object.
 */
function storedForm(r: PostRow): PostRow {
  return {
    id: r.id,
    seq: r.seq,
    author_id: r.author_id,
    text: r.text,
    created_at: r.created_at,
    conversation_id: r.conversation_id,
    reply_to_id: r.reply_to_id ?? null,
    reply_to_user_id: r.reply_to_user_id ?? null,
    quote_of_id: r.quote_of_id ?? null,
    repost_of_id: r.repost_of_id ?? null,
    lang: r.lang,
    source: r.source,
    possibly_sensitive: r.possibly_sensitive,
    reply_settings: r.reply_settings,
    paid_partnership: r.paid_partnership,
    community_id: r.community_id ?? null,
    share_with_followers: r.share_with_followers,
    nullcast: r.nullcast,
    place_id: r.place_id ?? null,
    coordinates: r.coordinates ?? null,
    media_keys: r.media_keys ?? null,
    poll_id: r.poll_id ?? null,
    entities: r.entities ?? null,
    context_annotations: r.context_annotations ?? null,
    display_end: r.display_end,
    edit_root_id: r.edit_root_id,
    edit_history: r.edit_history,
    superseded_by: r.superseded_by ?? null,
    edits_remaining: r.edits_remaining,
    retweet_count: r.retweet_count,
    reply_count: r.reply_count,
    like_count: r.like_count,
    quote_count: r.quote_count,
    bookmark_count: r.bookmark_count,
    impression_count: r.impression_count,
    app_id: r.app_id ?? null,
    version: 0,
  };
}
