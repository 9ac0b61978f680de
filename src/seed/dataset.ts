// The demo dataset: ≥ 50 users with profiles and a follow graph, and N posts over the 7 days before
// the service clock's now, with hashtags, mentions, links, replies, quotes, reposts, media, polls,
// places and several languages. Deterministic: the same ids every run (snowflakes minted at fixed
// anchors by a reserved worker); only created_at follows the clock. Bulk inserts, one transaction.
import type { Deps } from '../deps.js';
import { edgesRepo, type EdgeRow } from '../modules/edges/index.js';
import { insertMediaMany, type MediaRow } from '../modules/media/index.js';
import { PLACES } from '../modules/places/index.js';
import {
  buildPost,
  insertSeedPosts,
  type AnalysisMemo,
  postExists,
  seqOf,
  type PollRow,
  type PostRow,
} from '../modules/posts/index.js';
import { createUser, findUserById, setPinnedPost, setUserCounters, type Counter } from '../modules/users/index.js';
import { TWITTER_EPOCH } from '../shared/ids.js';
import type { Queryable } from '../store/index.js';
import { ADJECTIVES, BIOS, LANG_WEIGHTS, LINKS, NOUNS, POLL_OPTIONS, QUOTES, REPLIES, TEMPLATES } from './words.js';
import { mulberry32 } from '../shared/prng.js';

const DAY = 86_400_000;
export const SPAN_MS = 7 * DAY;
/** Fixed instants the dataset's ids are minted at (ids never depend on the clock). */
const ANCHOR = {
  users: Date.UTC(2016, 0, 1),
  posts: Date.UTC(2025, 0, 1),
  edges: Date.UTC(2024, 0, 1),
  media: Date.UTC(2024, 6, 1),
};
const WORKER = { users: 1023n, posts: 1023n, follows: 1022n, likes: 1021n, media: 1020n, polls: 1019n };
const BATCH = 10_000;
const WINDOW = 400;
/** Posts whose likes are seeded as edges; bigger datasets keep like_count at zero (seeding speed). */
const LIKES_UP_TO = 20_000;

export function fixedId(ms: number, worker: bigint, seq = 0): string {
  return ((BigInt(ms - TWITTER_EPOCH) << 22n) | (worker << 12n) | BigInt(seq)).toString();
}

type Rand = ReturnType<typeof mulberry32>;
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

export type SeedUser = { id: string; username: string; premium: boolean };
export type DatasetSummary = {
  users: number;
  posts: number;
  follows: number;
  likes: number;
  media: number;
  polls: number;
  ms: number;
  skipped?: boolean;
};

const FIXED: SeedUser[] = [
  { id: '12', username: 'jack', premium: true },
  { id: '2244994945', username: 'XDevelopers', premium: true },
  { id: '783214', username: 'X', premium: true },
];

async function seedUsers(deps: Deps, r: Rand, count: number): Promise<SeedUser[]> {
  const users = [...FIXED];
  for (let i = 0; i < count; i++) {
    const adj = ADJECTIVES[i % ADJECTIVES.length]!;
    const noun = NOUNS[Math.floor(i / ADJECTIVES.length) % NOUNS.length]!;
    const id = fixedId(ANCHOR.users + i * 3 * DAY, WORKER.users, i % 4096);
    const username = `${adj}${noun}${i}`.slice(0, 15);
    const place = pick(r, PLACES);
    const premium = r() < 0.3;
    const bio = pick(r, BIOS).replace('{place}', place.name).replace('{link}', pick(r, LINKS));
    if (!(await findUserById(deps, id))) {
      await createUser(deps, {
        id,
        username,
        name: `${adj[0]!.toUpperCase()}${adj.slice(1)} ${noun[0]!.toUpperCase()}${noun.slice(1)}`,
        description: bio,
        location: place.full_name.slice(0, 30),
        url: r() < 0.4 ? `https://${username}.example.com` : undefined,
        verified: r() < 0.2,
        protected: i % 25 === 24,
        premium,
        created_at: ANCHOR.users + i * 3 * DAY,
      });
    }
    users.push({ id, username, premium });
  }
  return users;
}

type Counters = Map<string, Partial<Record<Counter, number>>>;
const bump = (c: Counters, id: string, k: Counter, d = 1) => {
  const x = c.get(id) ?? {};
  x[k] = (x[k] ?? 0) + d;
  c.set(id, x);
};

function followGraph(r: Rand, users: SeedUser[], counters: Counters): EdgeRow[] {
  const edges: EdgeRow[] = [];
  let n = 0;
  const add = (s: SeedUser, t: SeedUser) => {
    if (s.id === t.id || edges.some((e) => e.source_id === s.id && e.target_id === t.id)) return;
    const ms = ANCHOR.edges + n++ * 60_000;
    edges.push({ source_id: s.id, target_id: t.id, id: fixedId(ms, WORKER.follows), created_at: ms });
    bump(counters, s.id, 'following_count');
    bump(counters, t.id, 'followers_count');
  };
  for (const u of users.slice(FIXED.length)) {
    add(u, FIXED[0]!);
    add(u, FIXED[1]!);
    const k = 5 + Math.floor(r() * 15);
    for (let j = 0; j < k; j++) add(u, pick(r, users));
  }
  add(FIXED[0]!, FIXED[1]!);
  add(FIXED[1]!, FIXED[0]!);
  return edges;
}

/** Everything one batch writes, flushed together. */
type Batch = { rows: PostRow[]; polls: PollRow[]; media: MediaRow[]; likes: EdgeRow[] };

/** Generates posts one at a time, keeping the counters every action moves (notes: metrics true). */
class PostGenerator {
  batch: Batch = { rows: [], polls: [], media: [], likes: [] };
  counters: Counters = new Map();
  totals = { posts: 0, media: 0, polls: 0, likes: 0 };
  private quoters = new Map<string, Set<string>>();
  private reposted = new Set<string>();
  private byName: Map<string, string>;
  private resolve = (u: string) => this.byName.get(u);
  /** Analyses of the texts seen so far: this run's only (it ends with the generator). */
  private memo: AnalysisMemo = new Map();

  constructor(
    private r: Rand,
    private users: SeedUser[],
    private now: number,
    private n: number,
  ) {
    this.byName = new Map(users.map((u) => [u.username.toLowerCase(), u.id]));
  }

  private author(): SeedUser {
    // XDevelopers and jack post more than anyone; the rest share evenly.
    const x = this.r();
    return x < 0.08 ? this.users[1]! : x < 0.12 ? this.users[0]! : pick(this.r, this.users);
  }

  private recent(): PostRow | undefined {
    const rows = this.batch.rows;
    if (!rows.length) return undefined;
    const p = rows[rows.length - 1 - Math.floor(this.r() * Math.min(WINDOW / 2, rows.length))]!;
    return p.repost_of_id ? undefined : p;
  }

  private plainText(): string {
    let x = this.r() * 100;
    const lang = LANG_WEIGHTS.find(([, w]) => (x -= w) < 0)?.[0] ?? 'en';
    return pick(this.r, TEMPLATES[lang]!)
      .replace('{user}', pick(this.r, this.users).username)
      .replace('{link}', pick(this.r, LINKS));
  }

  add(i: number): void {
    const offset = Math.floor(((i + 0.5) * SPAN_MS) / this.n);
    const id = fixedId(ANCHOR.posts - SPAN_MS + offset, WORKER.posts, i % 4096);
    const createdAt = this.now - SPAN_MS + offset;
    const author = this.author();
    const base = {
      id,
      authorId: author.id,
      authorUsername: author.username,
      createdAt,
      source: 'Aviary Demo App',
      appId: null,
      resolve: this.resolve,
      memo: this.memo,
    };
    const kind = this.r();
    const target = kind < 0.23 ? this.recent() : undefined;
    let row: PostRow;
    if (target && kind < 0.1 && target.author_id !== author.id) {
      const username = this.users.find((u) => u.id === target.author_id)!.username;
      row = buildPost({ ...base, text: `@${username} ${pick(this.r, REPLIES)}`, replyTo: target });
      target.reply_count++;
    } else if (target && kind < 0.15) {
      row = buildPost({ ...base, text: pick(this.r, QUOTES), quoteOf: target, ...this.extras(id, author, createdAt) });
      const q = this.quoters.get(target.id) ?? new Set<string>();
      if (!q.has(author.id)) target.quote_count++;
      this.quoters.set(target.id, q.add(author.id));
    } else if (target && !this.reposted.has(`${author.id}|${target.id}`) && target.author_id !== author.id) {
      const username = this.users.find((u) => u.id === target.author_id)!.username;
      row = buildPost({ ...base, text: '', repostOf: { post: target, username } });
      this.reposted.add(`${author.id}|${target.id}`);
      target.retweet_count++;
    } else {
      row = buildPost({ ...base, text: this.plainText(), ...this.extras(id, author, createdAt) });
    }
    row.impression_count = Math.floor(this.r() ** 3 * 50_000);
    this.batch.rows.push(row);
    this.account(row, author, i);
  }

  /** Media (6%), a poll (1%), a place (5%), paid partnership (1%) for an original post. */
  private extras(id: string, author: SeedUser, createdAt: number): Partial<Parameters<typeof buildPost>[0]> {
    const x = this.r();
    const out: Partial<Parameters<typeof buildPost>[0]> = {};
    if (x < 0.06) out.mediaKeys = [this.mediaRow(author, createdAt)];
    else if (x < 0.07) out.pollId = this.pollRow(id, createdAt);
    if (this.r() < 0.05) out.placeId = pick(this.r, PLACES).id;
    if (this.r() < 0.01) out.paidPartnership = true;
    return out;
  }

  private mediaRow(author: SeedUser, createdAt: number): string {
    const n = this.totals.media++;
    const id = fixedId(ANCHOR.media + n * 1000, WORKER.media);
    const x = this.r();
    const type: MediaRow['type'] = x < 0.8 ? 'photo' : x < 0.95 ? 'video' : 'animated_gif';
    const key = `${type === 'photo' ? 3 : type === 'video' ? 7 : 16}_${id}`;
    const [width, height] = pick(this.r, [
      [1200, 675],
      [1080, 1080],
      [1920, 1080],
      [640, 480],
    ] as const);
    this.batch.media.push({
      id,
      media_key: key,
      owner_id: author.id,
      type,
      media_category: type === 'photo' ? 'tweet_image' : type === 'video' ? 'tweet_video' : 'tweet_gif',
      mime_type: type === 'photo' ? 'image/jpeg' : type === 'video' ? 'video/mp4' : 'image/gif',
      total_bytes: 100_000,
      received_bytes: 100_000,
      segments: '[]',
      state: 'succeeded',
      width,
      height,
      duration_ms: type === 'video' ? 5_000 + Math.floor(this.r() * 55_000) : null,
      alt_text: null,
      url:
        type === 'photo'
          ? `https://pbs.twimg.com/media/seed${n}.jpg`
          : `https://video.twimg.com/ext_tw_video/${id}/pu/vid/${width}x${height}/seed${n}.mp4`,
      preview_image_url: type === 'photo' ? null : `https://pbs.twimg.com/ext_tw_video_thumb/${id}/pu/img/seed${n}.jpg`,
      view_count: type === 'video' ? Math.floor(this.r() * 10_000) : 0,
      created_at: createdAt,
      expires_at: createdAt + DAY,
    });
    return key;
  }

  private pollRow(postId: string, createdAt: number): string {
    const id = fixedId(ANCHOR.media + this.totals.polls++ * 1000, WORKER.polls);
    const options = pick(this.r, POLL_OPTIONS).map((label, i) => ({
      position: i + 1,
      label,
      votes: Math.floor(this.r() * 500),
    }));
    const duration = pick(this.r, [60, 1440, 4320, 10080]);
    this.batch.polls.push({
      id,
      post_id: postId,
      options: JSON.stringify(options),
      duration_minutes: duration,
      end_at: createdAt + duration * 60_000,
    });
    return id;
  }

  /** Author counters, and likes for small datasets (each like moves both counters). */
  private account(row: PostRow, author: SeedUser, i: number): void {
    this.totals.posts++;
    bump(this.counters, author.id, 'tweet_count');
    if (row.media_keys) bump(this.counters, author.id, 'media_count');
    if (this.n > LIKES_UP_TO || row.repost_of_id) return;
    const k = Math.floor(this.r() ** 2 * 6);
    const likers = new Set<string>();
    for (let j = 0; j < k; j++) likers.add(pick(this.r, this.users).id);
    for (const liker of likers) {
      const ms = ANCHOR.edges + DAY * 30 + this.totals.likes++ * 1000;
      this.batch.likes.push({
        source_id: liker,
        target_id: row.id,
        id: fixedId(ms, WORKER.likes, i % 4096),
        created_at: row.created_at,
      });
      bump(this.counters, liker, 'like_count');
      row.like_count++;
    }
  }

  /** Rows old enough that no later post will reference them, with what was generated meanwhile. */
  take(all = false): Batch {
    const keep = all ? 0 : WINDOW;
    const rows = this.batch.rows.splice(0, Math.max(0, this.batch.rows.length - keep));
    const out: Batch = { rows, polls: this.batch.polls, media: this.batch.media, likes: this.batch.likes };
    this.batch = { rows: this.batch.rows, polls: [], media: [], likes: [] };
    return out;
  }
}

async function flush(tx: Queryable, b: Batch): Promise<void> {
  await insertSeedPosts(tx, b.rows, b.polls);
  await insertMediaMany(tx, b.media);
  await edgesRepo.insertMany(tx, 'likes', b.likes);
}

/** The first post: jack, 2006 (public client test suites assume id 20). */
function firstPost(): PostRow {
  const row = buildPost({
    id: '20',
    authorId: '12',
    authorUsername: 'jack',
    text: 'just setting up my twttr',
    createdAt: Date.parse('2006-03-21T20:50:14.000Z'),
    source: 'Twitter Web Client',
    appId: null,
    resolve: () => undefined,
  });
  return { ...row, seq: seqOf('20'), like_count: 0, retweet_count: 0, impression_count: 1_000_000 };
}

/** Seeds the dataset unless its first post is already there (start and reseed are idempotent). */
export async function seedDataset(deps: Deps, o: { posts: number; users?: number }): Promise<DatasetSummary> {
  const t0 = deps.clock.wall();
  const empty = { users: 0, posts: 0, follows: 0, likes: 0, media: 0, polls: 0 };
  if (await postExists(deps, '20')) return { ...empty, ms: 0, skipped: true };
  const r = mulberry32(20060321);
  const users = await seedUsers(deps, r, o.users ?? 60);
  const counters: Counters = new Map();
  const follows = followGraph(r, users, counters);
  const gen = new PostGenerator(r, users, deps.clock.now(), o.posts);
  gen.counters = counters;
  await deps.db.tx(async (tx) => {
    await edgesRepo.insertMany(tx, 'follows', follows);
    await insertSeedPosts(tx, [firstPost()], []);
    bump(counters, '12', 'tweet_count');
    for (let i = 0; i < o.posts; i++) {
      gen.add(i);
      if (gen.batch.rows.length >= BATCH + WINDOW) await flush(tx, gen.take());
    }
    await flush(tx, gen.take(true));
    for (const [id, c] of counters) await setUserCounters(tx, id, c);
    await setPinnedPost(tx, '12', '20');
  });
  return {
    users: users.length,
    posts: gen.totals.posts + 1,
    follows: follows.length,
    likes: gen.totals.likes,
    media: gen.totals.media,
    polls: gen.totals.polls,
    ms: deps.clock.wall() - t0,
  };
}
