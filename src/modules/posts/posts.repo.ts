// Every SQL statement for posts, their mentions, polls and the monthly post usage.
import { generationToken, readWithTokens } from '../../shared/row-cache.js';
import {
  ONE_SHOT,
  askAll,
  atCommit,
  marks,
  type Param,
  type Queryable,
  replaceAtCommit,
  writeLater,
  writeWaiting,
} from '../../store/index.js';
import { insertRow, insertRowIf, insertRows } from '../../store/insert.js';
import { chunks, flatten } from '../../shared/arrays.js';

export type PostRow = {
  id: string;
  seq: string;
  author_id: string;
  text: string;
  created_at: number;
  conversation_id: string;
  reply_to_id: string | null;
  reply_to_user_id: string | null;
  quote_of_id: string | null;
  repost_of_id: string | null;
  lang: string;
  source: string;
  possibly_sensitive: number;
  reply_settings: string;
  paid_partnership: number;
  community_id: string | null;
  /** A community post its author also broadcast to their followers (migration 0027). */
  share_with_followers: number;
  nullcast: number;
  place_id: string | null;
  coordinates: string | null;
  media_keys: string | null;
  poll_id: string | null;
  entities: string | null;
  context_annotations: string | null;
  display_end: number;
  edit_root_id: string;
  edit_history: string;
  superseded_by: string | null;
  edits_remaining: number;
  retweet_count: number;
  reply_count: number;
  like_count: number;
  quote_count: number;
  bookmark_count: number;
  impression_count: number;
  app_id: string | null;
  /** Moved by every update (posts.cache.ts checks it); 0 on insert. */
  version?: number;
};
export type PollRow = { id: string; post_id: string; options: string; duration_minutes: number; end_at: number };
export type Metric =
  'retweet_count' | 'reply_count' | 'like_count' | 'quote_count' | 'bookmark_count' | 'impression_count';

export const POST_COLUMNS = [
  'id',
  'seq',
  'author_id',
  'text',
  'created_at',
  'conversation_id',
  'reply_to_id',
  'reply_to_user_id',
  'quote_of_id',
  'repost_of_id',
  'lang',
  'source',
  'possibly_sensitive',
  'reply_settings',
  'paid_partnership',
  'community_id',
  'share_with_followers',
  'nullcast',
  'place_id',
  'coordinates',
  'media_keys',
  'poll_id',
  'entities',
  'context_annotations',
  'display_end',
  'edit_root_id',
  'edit_history',
  'superseded_by',
  'edits_remaining',
  'retweet_count',
  'reply_count',
  'like_count',
  'quote_count',
  'bookmark_count',
  'impression_count',
  'app_id',
] as const satisfies readonly (keyof PostRow)[];

const generation = generationToken('posts_generation', 1);

/**
 * Replaces the store-wide generation token: every update and deletion of posts calls it
 * (posts.cache.ts). Inserts only make sure a token exists (ensureToken).
 */
async function touch(db: Queryable): Promise<void> {
  await replaceAtCommit(db, 'posts_generation', generation);
}

/**
 * An insert leaves every cached row as fresh as it was (a new id was in no cache), so it keeps the
 * token; it only writes one when the store has none (a store that held no posts, or was reset), so a
 * store holding posts always has one. Replacing it on every insert made every process read each
 * cached row's version again after each group of creations (issue #23). Its own key, after
 * `posts_generation`: an update in the same transaction still replaces the token. A reader that read
 * no token reads it again in its next turn or step, so a token written here needs no `changed()`.
 */
async function ensureToken(db: Queryable): Promise<void> {
  await atCommit(db, 'posts_generation_exists', generation.ensureSql());
}

/** Ids padded to 19 digits sort as numbers in text order. */
export const seqOf = (id: string) => id.padStart(19, '0');
const POLL_COLUMNS = [
  'id',
  'post_id',
  'options',
  'duration_minutes',
  'end_at',
] as const satisfies readonly (keyof PollRow)[];

/** Filters of a timeline read; every one optional. */
export type TimelineFilter = {
  limit: number;
  afterId?: string;
  beforeId?: string;
  sinceId?: string;
  untilId?: string;
  startTime?: number;
  endTime?: number;
  excludeReplies?: boolean;
  excludeReposts?: boolean;
  /** Only organic posts (0) or only promoted-only ones (1): nullcast posts stay off organic timelines. */
  nullcast?: 0 | 1;
};

function filterSql(f: TimelineFilter, params: Param[]): string {
  let sql = ' AND p.superseded_by IS NULL';
  const add = (cond: string, v?: Param) => {
    sql += ` AND ${cond}`;
    if (v !== undefined) params.push(v);
  };
  if (f.afterId !== undefined) add('p.seq < ?', seqOf(f.afterId));
  if (f.beforeId !== undefined) add('p.seq > ?', seqOf(f.beforeId));
  if (f.sinceId !== undefined) add('p.seq > ?', seqOf(f.sinceId));
  if (f.untilId !== undefined) add('p.seq < ?', seqOf(f.untilId));
  if (f.startTime !== undefined) add('p.created_at >= ?', f.startTime);
  if (f.endTime !== undefined) add('p.created_at < ?', f.endTime);
  if (f.excludeReplies) add('p.reply_to_id IS NULL');
  if (f.excludeReposts) add('p.repost_of_id IS NULL');
  if (f.nullcast !== undefined) add('p.nullcast = ?', f.nullcast);
  return sql;
}

function order(f: TimelineFilter): string {
  return f.beforeId !== undefined ? ' ORDER BY p.seq ASC LIMIT ?' : ' ORDER BY p.seq DESC LIMIT ?';
}

async function timeline(
  db: Queryable,
  from: string,
  where: string,
  head: Param[],
  f: TimelineFilter,
): Promise<PostRow[]> {
  await writeWaiting(db, NEW_POSTS);
  const params = [...head];
  const sql = `SELECT p.* FROM ${from} WHERE ${where}${filterSql(f, params)}${order(f)}`;
  params.push(f.limit + 1);
  return db.all<PostRow>(sql, params);
}

type Counted = { appId: string; month: string; check: (total: number) => void };

async function countPosts(db: Queryable, rows: Counted[]): Promise<void> {
  const byApp = new Map<string, Counted[]>();
  for (const r of rows) {
    const key = `${r.appId} ${r.month}`;
    const same = byApp.get(key);
    if (same) same.push(r);
    else byApp.set(key, [r]);
  }
  const keys = [...byApp.keys()].sort();
  const totals = await askAll(keys, (key) => {
    const counted = byApp.get(key)!;
    const { appId, month } = counted[0]!;
    return db.get<{ posts: number }>(
      'INSERT INTO post_usage (app_id, month, posts) VALUES (?, ?, ?) ON CONFLICT (app_id, month) DO UPDATE SET posts = post_usage.posts + excluded.posts RETURNING posts',
      [appId, month, counted.length],
    );
  });
  keys.forEach((key, i) => {
    for (const c of byApp.get(key)!) c.check(Number(totals[i]?.posts ?? 0));
  });
}

type QuoteMove = { target: string; author: string; change: number };
/** After the run's new posts (`post_rows` sorts first): its moves read the posts as the run leaves them. */
const QUOTE_MOVES = 'posts quote_count';

/**
 * quote_count counts the accounts with a live quote of the post (seed, Post object). A run's quote
 * moves are settled together once its posts are written: one read of each (target, author) pair's live
 * quotes as the run leaves them, from which the pair's moves in the run give the count before it. A
 * quote counts when the pair's count went from zero, a removal when it went to zero. Each job read
 * its author's quotes of the target before its own write instead, a statement in the write lane per
 * quote (issue #23: ~6 a firehose group, a quarter of the lane's time). Each job's move is
 * [after > 0] − [before > 0], and those of one run add up to the run's: the counts of one job after
 * another.
 */
async function settleQuotes(db: Queryable, moves: QuoteMove[]): Promise<void> {
  const net = new Map<string, QuoteMove>();
  for (const m of moves) {
    const key = `${m.target} ${m.author}`;
    const pair = net.get(key);
    if (pair) pair.change += m.change;
    else net.set(key, { ...m });
  }
  const pairs = [...net.values()].filter((p) => p.change !== 0);
  const deltas: { id: string; delta: number }[] = [];
  for (let i = 0; i < pairs.length; i += 500) {
    const part = pairs.slice(i, i + 500);
    const counts = await db.all<{ target: string; author: string; n: number }>(
      `SELECT v.column1 AS target, v.column2 AS author,
         (SELECT COUNT(*) FROM posts WHERE author_id = v.column2 AND quote_of_id = v.column1 AND superseded_by IS NULL) AS n
       FROM (VALUES ${part.map(() => '(?, ?)').join(', ')}) AS v`,
      flatten(part, (p) => [p.target, p.author]),
    );
    for (const c of counts) {
      const after = Number(c.n);
      const before = after - net.get(`${c.target} ${c.author}`)!.change;
      const delta = (after > 0 ? 1 : 0) - (before > 0 ? 1 : 0);
      if (delta !== 0) deltas.push({ id: c.target, delta });
    }
  }
  await bumpMetrics(db, 'quote_count', deltas);
}

/**
 * The summed moves of one counter, each post's chain found by its root (`edit_root_id`) in the same
 * statement. Ids in order, as users.repo.ts `bumpMany`.
 */
async function bumpMetrics(db: Queryable, metric: Metric, rows: { id: string; delta: number }[]): Promise<void> {
  const sums = new Map<string, number>();
  for (const r of rows) sums.set(r.id, (sums.get(r.id) ?? 0) + r.delta);
  const ids = [...sums.keys()].filter((id) => sums.get(id) !== 0).sort();
  if (ids.length === 0) return;
  if (ids.length === 1) {
    await db.run(
      `UPDATE posts SET ${metric} = ${metric} + ?, version = version + 1
       WHERE edit_root_id = (SELECT edit_root_id FROM posts WHERE id = ?)`,
      [sums.get(ids[0]!)!, ids[0]!],
    );
  } else {
    await askAll(chunks(ids, 1000), (part) =>
      db.run(
        `UPDATE posts SET ${metric} = ${metric} + d.delta, version = version + 1
         FROM (SELECT r.edit_root_id AS root, SUM(v.column2) AS delta
               FROM (VALUES ${part.map(() => '(?, CAST(? AS INTEGER))').join(', ')}) AS v
               JOIN posts r ON r.id = v.column1 GROUP BY r.edit_root_id) AS d
         WHERE posts.edit_root_id = d.root`,
        flatten(part, (id) => [id, sums.get(id)!]),
      ),
    );
  }
  await touch(db);
}

// The text of the author's latest live post that is not a repost, the author an SQL expression (a
// placeholder, or a column of the query around it): read through `posts_author`, or on PostgreSQL the
// partial index made for this read (migration 0041).
const latestOriginal = (author: string) =>
  `SELECT text FROM posts WHERE author_id = ${author} AND superseded_by IS NULL AND repost_of_id IS NULL ORDER BY seq DESC LIMIT 1`;
const insertUnlessRepeat = insertRowIf<PostRow>(
  'posts',
  POST_COLUMNS,
  `NOT EXISTS (SELECT 1 FROM (${latestOriginal('?')}) latest WHERE latest.text = ?)`,
);

/**
 * The key new posts wait under (writeLater). A run's kinds are written in key order: this one sorts
 * before `post_usage`, so that a duplicate is refused before the monthly cap is counted (as when the
 * check rode on each post's INSERT: ADR 0020), and before the counters' kinds (`posts <metric>`, `users …`).
 */
const NEW_POSTS = 'post_rows';

/**
 * Writes the run's waiting new posts before a statement that reads or updates posts matching `wanted`
 * (a post by id, a chain by its root, an author's reposts of a post), and only then: the run's other
 * posts keep waiting, to be written together at its end (issue #23: on PostgreSQL the firehose's
 * replies and quotes each read their target in the write lane, and each such read wrote the run's
 * posts so far in a statement of its own, ~7 INSERTs a group).
 */
const waitingNeeded = (db: Queryable, wanted: (p: PostRow) => boolean) =>
  writeWaiting<NewPost>(db, NEW_POSTS, (p) => wanted(p.row));

/** Versions just deleted, oldest first; the token replaced when there were any. */
async function deletedVersions(db: Queryable, versions: PostRow[]): Promise<PostRow[]> {
  if (versions.length) await touch(db);
  return versions.sort((a, b) => (a.seq < b.seq ? -1 : 1));
}

/** A new post waiting in its transaction's run (insertNew). */
type NewPost = {
  row: PostRow;
  /** Its stored text when the duplicate check applies. */
  unlessRepeat: string | undefined;
  /** The error that refuses it as a duplicate. */
  repeated: () => Error;
};

/**
 * Writes a run's new posts: one statement for one post (the duplicate check rides on its INSERT),
 * else one INSERT for all of them (400 a statement) where each author's first post to check in the
 * run is checked against the author's latest post before it in the same statement, and the later
 * ones against the run's post before them here. A duplicate throws its refusal: the run is undone and
 * run again a job at a time (store/group.ts), where each post is written alone, so the refusal
 * reaches the job that asked for it. (The latest texts were a read of their own before the INSERT: a
 * round trip of the write lane a group on PostgreSQL, issue #23.)
 */
async function writeNewPosts(db: Queryable, posts: NewPost[]): Promise<void> {
  if (posts.length === 1) {
    const p = posts[0]!;
    if (p.unlessRepeat === undefined) await insertRow(db, 'posts', POST_COLUMNS, p.row);
    else if (!(await insertUnlessRepeat(db, p.row, [p.row.author_id, p.unlessRepeat]))) throw p.repeated();
  } else {
    // Each post with its text to check against the store (its author's first in the run), or null.
    const checked: { p: NewPost; check: string | null }[] = [];
    const previous = new Map<string, string>();
    for (const p of posts) {
      const author = p.row.author_id;
      const before = previous.get(author);
      if (p.unlessRepeat !== undefined && before === p.unlessRepeat) throw p.repeated();
      checked.push({ p, check: p.unlessRepeat !== undefined && before === undefined ? p.unlessRepeat : null });
      if (p.row.repost_of_id === null) previous.set(author, p.row.text);
    }
    const parts = chunks(checked, 400);
    const written = await askAll(parts, (part) => {
      const params = new Array<Param>(part.length * (POST_COLUMNS.length + 1));
      let k = 0;
      for (const { p, check } of part) {
        for (const c of POST_COLUMNS) params[k++] = p.row[c] as Param;
        params[k++] = check;
      }
      return db.run(insertCheckedSql(part.length, part[0]!.p.row), params);
    });
    parts.forEach((part, i) => {
      if (written[i]!.changes !== part.length) throw part.find((x) => x.check !== null)!.p.repeated();
    });
  }
  await ensureToken(db);
}

const checkedInserts = new Map<string, string>();
/**
 * The INSERT of `n` posts, each with its text to check after its columns (null: none). A VALUES list's
 * parameters are typed as text on PostgreSQL, so the columns holding numbers in `sample` are cast
 * (every post has numbers in the same columns: the integer ones; SQLite takes the casts as they are).
 */
function insertCheckedSql(n: number, sample: PostRow): string {
  const numeric = POST_COLUMNS.map((c) => typeof sample[c] === 'number');
  const key = `${n} ${numeric.map(Number).join('')}`;
  let sql = checkedInserts.get(key);
  if (sql !== undefined) return sql;
  const row = `(${numeric.map((cast) => (cast ? 'CAST(? AS BIGINT)' : '?')).join(', ')}, ?)`;
  const check = `v.column${POST_COLUMNS.length + 1}`;
  const author = `v.column${POST_COLUMNS.indexOf('author_id') + 1}`;
  sql = `INSERT INTO posts (${POST_COLUMNS.join(', ')})
    SELECT ${POST_COLUMNS.map((_, i) => `v.column${i + 1}`).join(', ')}
    FROM (VALUES ${Array.from({ length: n }, () => row).join(', ')}) AS v
    WHERE ${check} IS NULL OR NOT EXISTS (SELECT 1 FROM (${latestOriginal(author)}) latest WHERE latest.text = ${check})`;
  if (checkedInserts.size < 64) checkedInserts.set(key, sql);
  return sql;
}

export const postsRepo = {
  async insert(db: Queryable, p: PostRow): Promise<void> {
    await writeWaiting(db, NEW_POSTS);
    await insertRow(db, 'posts', POST_COLUMNS, p);
    await ensureToken(db);
  },
  /**
   * A new post, refused with `repeated()` when `unlessRepeat` is given and its author's latest live
   * post that is not a repost has that text (the duplicate check). In a transaction the posts of a run
   * of grouped writes are written together at its end (`writeLater`, writeNewPosts): on PostgreSQL one
   * INSERT a post was the write lane's one round trip a post (issue #23); so the refusal may come then.
   * Every other statement of this file that transactions run on posts writes the waiting ones first
   * (`writeWaiting`); the caches' reads by id (`versions`, `byIds`, `latestBy`) run outside them.
   */
  insertNew: (db: Queryable, row: PostRow, unlessRepeat: string | undefined, repeated: () => Error): Promise<void> =>
    writeLater(db, NEW_POSTS, { row, unlessRepeat, repeated }, writeNewPosts, ONE_SHOT),
  /** Bulk insert (seeding): up to 400 rows a statement, inside the caller's transaction. */
  async insertMany(db: Queryable, rows: PostRow[]): Promise<void> {
    await writeWaiting(db, NEW_POSTS);
    await insertRows(db, 'posts', POST_COLUMNS, rows, 400);
    await ensureToken(db);
  },
  /** The condition that post `id` exists, for a statement that writes only if it does (edgesRepo.addIf). */
  async existsCondition(db: Queryable, id: string): Promise<{ sql: string; params: Param[] }> {
    await waitingNeeded(db, (p) => p.id === id);
    return { sql: 'EXISTS (SELECT 1 FROM posts WHERE id = ?)', params: [id] };
  },
  async byId(db: Queryable, id: string): Promise<PostRow | undefined> {
    await waitingNeeded(db, (p) => p.id === id);
    return db.get<PostRow>('SELECT * FROM posts WHERE id = ?', [id]);
  },
  /** The table's generation token (see touch). */
  generation: (db: Queryable) => generation.read(db),
  /** Current versions of the given ids (a covering-index read). */
  async versions(db: Queryable, ids: readonly string[]): Promise<{ id: string; version: number }[]> {
    if (ids.length === 0) return [];
    if (ids.length === 1) return db.all('SELECT id, version FROM posts WHERE id = ?', [ids[0]!]);
    return db.all(`SELECT id, version FROM posts WHERE id IN (${marks(ids.length)})`, [...ids]);
  },
  /** Whether a lookup that must read versions anyway should read the token with them (`checkedVersions`). */
  tokenWithVersions: (db: Queryable) => generation.withRows(db),
  /** Current versions of the given ids, each with the tokens as of the same statement (`readWithTokens`). */
  checkedVersions: (db: Queryable, ids: readonly string[]) =>
    readWithTokens(db, (tokens) =>
      db.all<{ id: string; version: number }>(
        `SELECT id, version, ${tokens} FROM posts WHERE id IN (${marks(ids.length)})`,
        [...ids],
      ),
    ),
  /** The posts' token in a row of `checkedVersions`. */
  tokenOf: (row: object) => generation.of(row),
  async byIds(db: Queryable, ids: readonly string[]): Promise<PostRow[]> {
    if (ids.length === 0) return [];
    if (ids.length === 1) return db.all<PostRow>('SELECT * FROM posts WHERE id = ?', [ids[0]!]);
    return db.all<PostRow>(`SELECT * FROM posts WHERE id IN (${marks(ids.length)})`, [...ids]);
  },
  byAuthor: (db: Queryable, authorId: string, f: TimelineFilter) =>
    timeline(db, 'posts p', 'p.author_id = ?', [authorId], f),
  mentioning: (db: Queryable, userId: string, f: TimelineFilter) =>
    timeline(
      db,
      'post_mentions m JOIN posts p ON p.id = m.post_id',
      'm.user_id = ? AND p.author_id <> ?',
      [userId, userId],
      f,
    ),
  /**
   * The home timeline: the user's own posts and those of everyone they follow; a followed author's
   * community post only when they shared it with their followers (seed "Post creation").
   */
  home: (db: Queryable, userId: string, f: TimelineFilter) =>
    timeline(
      db,
      'posts p',
      `(p.author_id = ? OR (p.author_id IN (SELECT target_id FROM follows WHERE source_id = ?)
        AND (p.community_id IS NULL OR p.share_with_followers = 1)))`,
      [userId, userId],
      f,
    ),
  /** A list's timeline: posts by its members. */
  byList: (db: Queryable, listId: string, f: TimelineFilter) =>
    timeline(db, 'posts p', 'p.author_id IN (SELECT target_id FROM list_members WHERE source_id = ?)', [listId], f),
  quotesOf: (db: Queryable, postId: string, f: TimelineFilter) =>
    timeline(db, 'posts p', 'p.quote_of_id = ?', [postId], f),
  repostsOf: (db: Queryable, postId: string, f: TimelineFilter) =>
    timeline(db, 'posts p', 'p.repost_of_id = ?', [postId], f),
  /** Reposts by others of the user's posts (GET /2/users/reposts_of_me). */
  repostsOfAuthor: (db: Queryable, userId: string, f: TimelineFilter) =>
    timeline(
      db,
      'posts p JOIN posts o ON o.id = p.repost_of_id',
      'o.author_id = ? AND p.author_id <> ?',
      [userId, userId],
      f,
    ),
  /** Posts that link to a Space (`…/i/spaces/<id>` among their expanded URLs); Space ids are `[a-zA-Z0-9]`. */
  linkingSpace: (db: Queryable, spaceId: string, f: TimelineFilter) =>
    timeline(db, 'posts p', 'p.entities LIKE ?', [`%/i/spaces/${spaceId.replace(/[^A-Za-z0-9]/g, '')}%`], f),
  /** Live posts created at or after `since`, newest first (news, trends, notes read the recent posts). */
  recent: (db: Queryable, f: TimelineFilter & { since: number }) =>
    timeline(db, 'posts p', 'p.created_at >= ?', [f.since], f),
  async repostBy(db: Queryable, authorId: string, postId: string): Promise<PostRow | undefined> {
    await waitingNeeded(db, (p) => p.author_id === authorId && p.repost_of_id === postId);
    return db.get<PostRow>('SELECT * FROM posts WHERE author_id = ? AND repost_of_id = ?', [authorId, postId]);
  },
  /** Deletes the author's repost of `postId` and answers it (none when there was none). */
  async deleteRepost(db: Queryable, authorId: string, postId: string): Promise<PostRow[]> {
    await waitingNeeded(db, (p) => p.author_id === authorId && p.repost_of_id === postId);
    const rows = await db.all<PostRow>('DELETE FROM posts WHERE author_id = ? AND repost_of_id = ? RETURNING *', [
      authorId,
      postId,
    ]);
    if (rows.length) await touch(db);
    return rows;
  },
  /**
   * A live quote of `target` by `author` made (+1) or removed (-1): quote_count moves when the author's
   * count of live quotes of it leaves or reaches zero (settleQuotes).
   */
  quoteMoved: (db: Queryable, target: string, author: string, change: 1 | -1): Promise<void> =>
    writeLater(db, QUOTE_MOVES, { target, author, change }, settleQuotes),
  latestBy: (db: Queryable, authorIds: string[]) =>
    authorIds.length === 0
      ? Promise.resolve([])
      : db.all<{ author_id: string; id: string }>(
          `SELECT author_id, MAX(seq) AS id FROM posts WHERE author_id IN (${marks(authorIds.length)}) AND superseded_by IS NULL GROUP BY author_id`,
          authorIds,
        ),
  /**
   * Moves a post's counter on every version of its edit chain (where its metrics live), the post named
   * by any version's id; a post that is gone moves nothing. In a transaction the moves of a run are
   * summed and written at its end, a statement a counter (`writeLater`; no job reads a counter back):
   * on PostgreSQL a like was two round trips in the write lane, the chain's root read and the update.
   */
  bumpMetric: (db: Queryable, postId: string, metric: Metric, delta: number): Promise<void> =>
    writeLater(db, `posts ${metric}`, { id: postId, delta }, (q, rows) => bumpMetrics(q, metric, rows), ONE_SHOT),
  /** Every version of an edited post lists the whole chain, oldest first. */
  async setHistory(db: Queryable, rootId: string, history: string): Promise<void> {
    await waitingNeeded(db, (p) => p.edit_root_id === rootId);
    await db.run('UPDATE posts SET edit_history = ?, version = version + 1 WHERE edit_root_id = ?', [history, rootId]);
    await touch(db);
  },
  /** Marks `id` superseded by `by`, if it is still the latest version; whether it was. */
  async supersede(db: Queryable, id: string, by: string): Promise<boolean> {
    await waitingNeeded(db, (p) => p.id === id);
    const { changes } = await db.run(
      'UPDATE posts SET superseded_by = ?, version = version + 1 WHERE id = ? AND superseded_by IS NULL',
      [by, id],
    );
    if (changes) await touch(db);
    return changes > 0;
  },
  async setAnnotations(db: Queryable, rootId: string, entities: string | null, context: string | null): Promise<void> {
    await waitingNeeded(db, (p) => p.edit_root_id === rootId);
    await db.run(
      'UPDATE posts SET entities = ?, context_annotations = ?, version = version + 1 WHERE edit_root_id = ?',
      [entities, context, rootId],
    );
    await touch(db);
  },
  /**
   * Deletes every version of a post (its root's chain) and answers them, oldest first: none when they
   * were gone already. One statement reads and deletes (issue #23: the chain's read was a round trip
   * of its own): of two removals at once, the second waits for the first's row locks and finds nothing.
   */
  async deleteChain(db: Queryable, rootId: string): Promise<PostRow[]> {
    await waitingNeeded(db, (p) => p.edit_root_id === rootId);
    return deletedVersions(db, await db.all<PostRow>('DELETE FROM posts WHERE edit_root_id = ? RETURNING *', [rootId]));
  },
  /**
   * `deleteChain` for the post holding version `id`, if `authorId` wrote it: none when it is someone
   * else's or not there (the caller tells which). A waiting version of the chain is either `id` or an
   * edit (a version not its own root), so those are written first.
   */
  async deleteChainOf(db: Queryable, id: string, authorId: string): Promise<PostRow[]> {
    await waitingNeeded(db, (p) => p.id === id || p.edit_root_id !== p.id);
    return deletedVersions(
      db,
      await db.all<PostRow>(
        'DELETE FROM posts WHERE edit_root_id = (SELECT edit_root_id FROM posts WHERE id = ?) AND author_id = ? RETURNING *',
        [id, authorId],
      ),
    );
  },
  deleteMentions: (db: Queryable, ids: string[]) =>
    db.run(`DELETE FROM post_mentions WHERE post_id IN (${marks(ids.length)})`, ids),
  deletePolls: (db: Queryable, ids: string[]) =>
    db.run(`DELETE FROM polls WHERE post_id IN (${marks(ids.length)})`, ids),

  /** In a transaction, a run of grouped writes' mentions are written together at its end (`writeLater`). */
  async insertMentions(db: Queryable, postId: string, userIds: string[]): Promise<void> {
    for (const u of new Set(userIds))
      await writeLater(db, 'post_mentions', [u, postId] as [string, string], postsRepo.insertMentionsMany, ONE_SHOT);
  },
  async insertMentionsMany(db: Queryable, rows: [string, string][]): Promise<void> {
    await askAll(chunks(rows, 1000), (chunk) =>
      db.run(
        `INSERT INTO post_mentions (user_id, post_id) VALUES ${chunk.map(() => '(?, ?)').join(', ')} ON CONFLICT (user_id, post_id) DO NOTHING`,
        chunk.flat(),
      ),
    );
  },

  insertPoll: (db: Queryable, p: PollRow) => insertRow(db, 'polls', POLL_COLUMNS, p),
  insertPollsMany: (db: Queryable, rows: PollRow[]) => insertRows(db, 'polls', POLL_COLUMNS, rows, 500),
  pollsByIds: (db: Queryable, ids: string[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db.all<PollRow>(`SELECT * FROM polls WHERE id IN (${marks(ids.length)})`, ids),

  /**
   * Counts one more post this month for the app and calls `check` with the new total, which may refuse
   * the post by throwing. In a transaction a run of grouped writes' posts are counted together at its
   * end, one statement an app (`writeLater`); a refusal then undoes the run, whose jobs run again one
   * by one (store/group.ts), each counting and checking its own post as before.
   */
  countPost: (db: Queryable, appId: string, month: string, check: (total: number) => void): Promise<void> =>
    writeLater(db, 'post_usage', { appId, month, check }, countPosts, ONE_SHOT),
  async setUsage(db: Queryable, appId: string, month: string, posts: number): Promise<void> {
    await db.run(
      'INSERT INTO post_usage (app_id, month, posts) VALUES (?, ?, ?) ON CONFLICT (app_id, month) DO UPDATE SET posts = excluded.posts',
      [appId, month, posts],
    );
  },
};
