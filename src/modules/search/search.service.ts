// Search and counts: the index proposes candidates newest first, the engine's matcher decides, so
// search returns exactly what evaluating the query over every stored post returns. Knows nothing
// of HTTP; throws problems.
import type { Deps } from '../../deps.js';
import type { QueryNode } from '../../engine/index.js';
import { problems } from '../../shared/problems.js';
import type { Selection, Viewer } from '../../shared/selection.js';
import { renderPostPage, type Envelope } from '../hydrate/index.js';
import { seqOf } from '../posts/index.js';
import { accessOf, excluding } from './search.access.js';
import { decodeCursor, encodeCursor, type Cursor } from './search.cursor.js';
import { drainIndex } from './search.indexer.js';
import { lookupsOf } from './search.keys.js';
import { isExact, planOf } from './search.plan.js';
import { compileQuery, hiddenAuthors, matching, resolve } from './search.match.js';
import { searchRepo, type Access, type Bounds, type Hit } from './search.repo.js';
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
type Prepared = { ast: QueryNode; lists: string[]; access: Access; bounds: Bounds; window: Window; exact: boolean };

const ESTIMATE_CAP = 1000;
const MAX_BATCH = 2000;
const COUNT_PAGE = 10_000;
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
  const sizes = new Map<string | null, Promise<number>>();
  const estimate = (key: string | null) => {
    if (!sizes.has(key)) sizes.set(key, searchRepo.countUpTo(deps.db, key, bounds, ESTIMATE_CAP));
    return sizes.get(key)!;
  };
  const access = await accessOf(plan, estimate);
  return { ast, lists: [...lookupsOf(ast).lists], access, bounds, window, cursor, exact: isExact(ast, resolved) };
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
  let batch = Math.min(MAX_BATCH, need + 1);
  for (;;) {
    const candidates = await searchRepo.candidates(deps.db, q.access, { ...q.bounds, below }, batch);
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
    const last = candidates[candidates.length - 1]!;
    below = { createdAt: last.created_at, seq: last.seq };
    batch = Math.min(MAX_BATCH, batch * 2);
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
  const times: number[] = [];
  let below: Bounds['below'];
  for (;;) {
    const { hits, more } = await collect(deps, APP_ONLY, q, MAX_BATCH, below);
    for (const h of hits) times.push(h.created_at);
    if (!more) return times;
    const last = hits[hits.length - 1]!;
    below = { createdAt: last.created_at, seq: last.seq };
  }
}

/** Beyond this many authors, exact counts read visibility per candidate like the others. */
const AUTHORS_MAX = 20_000;

/** The same for an exact plan: the index alone decides; protected authors are excluded in SQL. */
async function exactTimes(deps: Deps, q: Prepared): Promise<number[] | null> {
  const authors = await searchRepo.authors(deps.db);
  if (authors.length > AUTHORS_MAX) return null;
  const hidden = [...(await hiddenAuthors(deps, APP_ONLY, authors))].map((id) => P_FROM + id);
  const access = excluding(q.access, hidden);
  const times: number[] = [];
  let below: Bounds['below'];
  for (;;) {
    const rows = await searchRepo.candidates(deps.db, access, { ...q.bounds, below }, COUNT_PAGE);
    for (const r of rows) times.push(r.created_at);
    if (rows.length < COUNT_PAGE) return times;
    below = { createdAt: rows[rows.length - 1]!.created_at, seq: rows[rows.length - 1]!.seq };
  }
}

/** GET /2/tweets/counts/recent and /all: matching posts per time bucket over the window. */
export async function countPosts(deps: Deps, r: SearchRequest & { granularity: Granularity }): Promise<Envelope> {
  const q = await prepare(deps, r);
  const times = (q.exact ? await exactTimes(deps, q) : null) ?? (await verifiedTimes(deps, q));
  return bucketize(times, q.window, r.granularity);
}
