// Search and counts: the index proposes candidates newest first, the engine's matcher decides, so
// search returns exactly what evaluating the query over every stored post returns. Knows nothing
// of HTTP; throws problems.
import type { Deps } from '../../deps.js';
import type { QueryNode } from '../../engine/index.js';
import { problems } from '../../shared/problems.js';
import type { Selection, Viewer } from '../../shared/selection.js';
import { renderPostPage, type Envelope } from '../hydrate/index.js';
import { seqOf } from '../posts/index.js';
import { driveOf, ESTIMATE_CAP, type Drive, type Estimate } from './search.access.js';
import { letGo, openCandidates, postsOffering } from './search.candidates.js';
import { decodeCursor, encodeCursor, type Cursor } from './search.cursor.js';
import { drainIndex } from './search.indexer.js';
import { lookupsOf } from './search.keys.js';
import { isExact, planOf } from './search.plan.js';
import { compileQuery, hiddenAuthors, matching, resolve } from './search.match.js';
import { searchRepo, type Bounds, type Hit } from './search.repo.js';
import { bucketize, searchMeta, type Granularity } from './search.view.js';
import { resolveWindow, type Product, type Window } from './search.window.js';

/** What a search or count request asks, as plain data (routes parse the query string). */
export type SearchRequest = {
  product: Product;
  query: string;
  tier: string;
  startTime?: number;
  endTime?: number;
  sinceId?: string;
  untilId?: string;
  token?: string;
  tokenParam?: string;
};

/** A query ready to run: the bound tree, how to read candidates, and the bounds to read within. */
type Prepared = { ast: QueryNode; lists: string[]; drive: Drive; bounds: Bounds; window: Window; exact: boolean };

/** Candidates the matcher takes at once: some milliseconds of work, then other requests get a turn. */
const MATCH_BATCH = 250;
const P_FROM = 'f:';
/** Counts are app-only (SPEC security): nobody's protected posts are counted. */
const APP_ONLY: Viewer = { userId: null, appId: '' };

const unpad = (seq: string) => seq.replace(/^0+(?=\d)/, '');

function cursorOf(r: SearchRequest): Cursor | null {
  if (r.token === undefined) return null;
  const c = decodeCursor(r.token);
  if (!c)
    throw problems.invalidParam(
      r.tokenParam ?? 'next_token',
      r.token,
      `The \`${r.tokenParam ?? 'next_token'}\` query parameter value [${r.token}] is not valid`,
    );
  return c;
}

async function prepare(deps: Deps, r: SearchRequest): Promise<Prepared & { cursor: Cursor | null }> {
  const ast = compileQuery(r.query, r.product, r.tier);
  const cursor = cursorOf(r);
  const window = cursor?.window ?? resolveWindow(r.product, deps.clock.now(), r.startTime, r.endTime);
  const bounds: Bounds = {
    start: window.start,
    end: window.end,
    sinceSeq: r.sinceId === undefined ? undefined : seqOf(r.sinceId),
    untilSeq: r.untilId === undefined ? undefined : seqOf(r.untilId),
  };
  // Every write committed before this request is in the index once the queue is drained.
  await drainIndex(deps);
  const resolved = await resolve(deps, ast);
  const plan = planOf(ast, resolved);
  const drive = await driveOf(plan, estimator(deps, bounds));
  return { ast, lists: [...lookupsOf(ast).lists], drive, bounds, window, cursor, exact: isExact(ast, resolved) };
}

/** Bounded counts of postings in the bounds, each key counted once unless a larger cap is asked. */
function estimator(deps: Deps, bounds: Bounds): Estimate {
  const known = new Map<string | null, { n: number; cap: number }>();
  return async (key, cap) => {
    const k = known.get(key);
    if (k && (k.n < k.cap || cap <= k.cap)) return Math.min(k.n, cap);
    const capped = Math.min(cap, ESTIMATE_CAP);
    const n = await searchRepo.countUpTo(deps.runtime.searchIndex.reads, key, bounds, capped);
    known.set(key, { n, cap: capped });
    return n;
  };
}

/** Matching posts below `below`, newest first: up to `need`, and whether more exist. */
async function collect(
  deps: Deps,
  viewer: Viewer,
  q: Prepared,
  need: number,
  below?: Bounds['below'],
): Promise<{ hits: Hit[]; more: boolean }> {
  const hits: Hit[] = [];
  const stream = openCandidates(deps.runtime.searchIndex.reads, q.drive, { ...q.bounds, below });
  let batch = Math.min(MATCH_BATCH, need + 1);
  for (;;) {
    const candidates = await stream.next(batch);
    if (candidates.length === 0) return { hits, more: false };
    const ok = await matching(
      deps,
      viewer,
      q.ast,
      q.lists,
      candidates.map((c) => unpad(c.seq)),
    );
    for (const c of candidates) {
      if (!ok.has(unpad(c.seq))) continue;
      if (hits.length === need) return { hits, more: true };
      hits.push(c);
    }
    if (candidates.length < batch) return { hits, more: false };
    batch = Math.min(MATCH_BATCH, batch * 2);
    await letGo();
  }
}

/** GET /2/tweets/search/recent and /all: one page, newest first (notes §5). */
export async function searchPosts(
  deps: Deps,
  viewer: Viewer,
  r: SearchRequest & { limit: number },
  sel: Selection,
): Promise<Envelope> {
  const q = await prepare(deps, r);
  const below = q.cursor ? { createdAt: q.cursor.position.createdAt, seq: q.cursor.position.seq } : undefined;
  const { hits, more } = await collect(deps, viewer, q, r.limit, below);
  const last = hits[hits.length - 1];
  const next =
    more && last
      ? encodeCursor({ window: q.window, position: { createdAt: last.created_at, seq: last.seq } })
      : undefined;
  const ids = hits.map((h) => unpad(h.seq));
  return renderPostPage(deps, viewer, ids, searchMeta(ids, next), sel);
}

/** Creation times of the matching posts visible to app-only callers, each candidate checked by the matcher. */
async function verifiedTimes(deps: Deps, q: Prepared): Promise<number[]> {
  return (await collect(deps, APP_ONLY, q, Infinity)).hits.map((h) => h.created_at);
}

/** Beyond this many authors, exact counts read visibility per candidate like the others. */
const AUTHORS_MAX = 20_000;

/** The same for an exact plan: the index alone decides; then the posts of protected authors (found
 * by their `f:` keys, over the matches' time span only) are left out. */
async function exactTimes(deps: Deps, q: Prepared): Promise<number[] | null> {
  const authors = await searchRepo.authors(deps.runtime.searchIndex.reads);
  if (authors.length > AUTHORS_MAX) return null;
  const hits = await openCandidates(deps.runtime.searchIndex.reads, q.drive, q.bounds).next(Infinity);
  const hidden = [...(await hiddenAuthors(deps, APP_ONLY, authors))].map((id) => P_FROM + id);
  if (hits.length === 0 || hidden.length === 0) return hits.map((h) => h.created_at);
  const span = { ...q.bounds, start: hits[hits.length - 1]!.created_at, end: hits[0]!.created_at + 1 };
  const unseen = await postsOffering(deps.runtime.searchIndex.reads, hidden, span);
  return hits.filter((h) => !unseen.has(h.seq)).map((h) => h.created_at);
}

/** GET /2/tweets/counts/recent and /all: matching posts per time bucket over the window. */
export async function countPosts(deps: Deps, r: SearchRequest & { granularity: Granularity }): Promise<Envelope> {
  const q = await prepare(deps, r);
  const times = (q.exact ? await exactTimes(deps, q) : null) ?? (await verifiedTimes(deps, q));
  return bucketize(times, q.window, r.granularity);
}
