// What keyword insights (Ads API `GET insights/keywords/search`, notes §10.5) read from the search
// index: the posts of a window containing any of some keywords and none of others, and the keys
// those posts filed. Keywords are cut with search's own tokenizer (search.keys.ts keywordKeys), and
// posts are found through the postings, never by reading post text: volumes are counted per bucket
// in one statement (no row leaves the database), the sample read in ten small walks. Like counts,
// nothing of a protected author is counted (search.service.ts exactTimes).
import type { Deps } from '../../deps.js';
import type { Viewer } from '../../shared/selection.js';
import { ESTIMATE_CAP } from './search.access.js';
import { drainIndex } from './search.indexer.js';
import { hiddenAuthors } from './search.match.js';
import { searchRepo, type Bounds, type Hit, type KeywordWalk } from './search.repo.js';

export type KeywordQuery = {
  /** Each keyword as the keys a post must all offer (keywordKeys); a post matches any keyword. */
  keywords: string[][];
  /** The same for keywords a matching post must not contain. */
  negatives: string[][];
  /** A key every matching post must offer too (`pc:US`: a place in that country). */
  also?: string;
  start: number;
  end: number;
};

const AUTHORS_MAX = 20_000;
const APP_ONLY: Viewer = { userId: null, appId: '' };
const P_FROM = 'f:';

/** The walk for one keyword: its rarest key (or `also`'s, when rarer) drives, the others are probed. */
async function walkOf(deps: Deps, keys: string[], q: KeywordQuery, none: string[][], bounds: Bounds) {
  const candidates = q.also === undefined ? keys : [...keys, q.also];
  let drive = candidates[0]!;
  if (candidates.length > 1) {
    let least = Infinity;
    for (const k of candidates) {
      const n = await searchRepo.countUpTo(deps.runtime.searchIndex.reads, k, bounds, ESTIMATE_CAP);
      if (n < least) [least, drive] = [n, k];
    }
  }
  return { key: drive, all: candidates.filter((k) => k !== drive), none };
}

/** The `f:` keys of protected authors (app-only view), whose posts are left out like counts leave them out. */
async function hiddenKeys(deps: Deps): Promise<string[]> {
  const authors = await searchRepo.authors(deps.runtime.searchIndex.reads);
  if (authors.length > AUTHORS_MAX) return [];
  return [...(await hiddenAuthors(deps, APP_ONLY, authors))].map((id) => P_FROM + id);
}

export type KeywordPosts = {
  /** Matching posts per bucket of `size` ms from the window's start (the last one cut by its end). */
  volumes: number[];
  /** Up to `sample` matching posts (seqs), spread over the window: the newest of each of 10 slices. */
  sample: string[];
};

const SLICES = 10;

export async function keywordPosts(
  deps: Deps,
  q: KeywordQuery,
  o: { size: number; sample: number },
): Promise<KeywordPosts> {
  const n = Math.ceil((q.end - q.start) / o.size);
  const volumes = new Array<number>(n).fill(0);
  const keywords = q.keywords.filter((k) => k.length > 0);
  if (keywords.length === 0) return { volumes, sample: [] };
  // Every write committed before this request is in the index once the queue is drained.
  await drainIndex(deps);
  const bounds: Bounds = { start: q.start, end: q.end };
  const none = [...q.negatives.filter((k) => k.length > 0), ...(await hiddenKeys(deps)).map((k) => [k])];
  const walks: KeywordWalk[] = [];
  for (const keys of keywords) walks.push(await walkOf(deps, keys, q, none, bounds));
  for (const r of await searchRepo.keywordBuckets(deps.runtime.searchIndex.reads, walks, bounds, q.start, o.size))
    if (r.bucket >= 0 && r.bucket < n) volumes[r.bucket] = r.n;
  const sample: string[] = [];
  const per = Math.ceil(o.sample / SLICES);
  const span = (q.end - q.start) / SLICES;
  for (let i = 0; i < SLICES; i++) {
    const slice: Bounds = { start: Math.floor(q.start + i * span), end: Math.floor(q.start + (i + 1) * span) };
    const found = new Map<string, Hit>();
    for (const w of walks)
      for (const h of await searchRepo.keywordWalk(deps.runtime.searchIndex.reads, w, slice, per)) found.set(h.seq, h);
    const newest = [...found.values()].sort((a, b) => b.created_at - a.created_at || (a.seq < b.seq ? 1 : -1));
    sample.push(...newest.slice(0, per).map((h) => h.seq));
  }
  return { volumes, sample };
}

/** The keys each post filed (search.keys.ts docKeys), in the order given. */
export async function filedKeys(deps: Deps, seqs: string[]): Promise<string[][]> {
  const docs = new Map(
    (await searchRepo.docs(deps.runtime.searchIndex.reads, seqs)).map((d) => [d.seq, JSON.parse(d.keys) as string[]]),
  );
  return seqs.map((s) => docs.get(s) ?? []);
}

/** The keys filed by the newest `limit` posts of the window. */
export async function windowKeys(deps: Deps, start: number, end: number, limit: number): Promise<string[][]> {
  const hits = await searchRepo.walk(deps.runtime.searchIndex.reads, { key: null }, { start, end }, limit, true);
  return hits.map((h) => h.keys ?? []);
}
