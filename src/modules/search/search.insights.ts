// What keyword insights (Ads API `GET insights/keywords/search`, notes §10.5) read from the search
// index: the posts of a window containing any of some keywords and none of others, and the keys
// those posts filed. Keywords are cut with search's own tokenizer (search.keys.ts keywordKeys), and
// posts are found through the postings, never by reading post text: one statement of a fixed shape
// per READ_MAX rows, newest first, the event loop let go between reads (as search.candidates.ts).
// Like counts, nothing of a protected author is counted (search.service.ts exactTimes).
import type { Deps } from '../../deps.js';
import type { Viewer } from '../../shared/selection.js';
import { ESTIMATE_CAP } from './search.access.js';
import { letGo, postsOffering } from './search.candidates.js';
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

const READ_MAX = 5000;
const AUTHORS_MAX = 20_000;
const APP_ONLY: Viewer = { userId: null, appId: '' };
const P_FROM = 'f:';

/** Every post of a walk in the bounds, newest first, read READ_MAX rows at a time. */
async function walkAll(deps: Deps, w: KeywordWalk, bounds: Bounds): Promise<Hit[]> {
  const out: Hit[] = [];
  let below: Bounds['below'];
  for (;;) {
    const rows = await searchRepo.keywordWalk(deps.db, w, { ...bounds, below }, READ_MAX);
    out.push(...rows);
    if (rows.length < READ_MAX) return out;
    const last = rows[rows.length - 1]!;
    below = { createdAt: last.created_at, seq: last.seq };
    await letGo();
  }
}

/** The walk for one keyword: its rarest key drives, the others (and `also`) are probed. */
async function walkOf(deps: Deps, keys: string[], also: string | undefined, none: string[], bounds: Bounds) {
  let drive = keys[0]!;
  if (keys.length > 1) {
    let least = Infinity;
    for (const k of keys) {
      const n = await searchRepo.countUpTo(deps.db, k, bounds, ESTIMATE_CAP);
      if (n < least) [least, drive] = [n, k];
    }
  }
  const all = keys.filter((k) => k !== drive);
  if (also !== undefined) all.push(also);
  return { key: drive, all, none };
}

/** Posts of protected authors in the bounds (app-only view), left out like counts leave them out. */
async function hiddenPosts(deps: Deps, bounds: Bounds): Promise<Set<string>> {
  const authors = await searchRepo.authors(deps.db);
  if (authors.length > AUTHORS_MAX) return new Set();
  const hidden = [...(await hiddenAuthors(deps, APP_ONLY, authors))].map((id) => P_FROM + id);
  return hidden.length ? postsOffering(deps.db, hidden, bounds) : new Set();
}

/** The matching posts of the window, each once, newest first. */
export async function postsWithKeywords(deps: Deps, q: KeywordQuery): Promise<Hit[]> {
  // Every write committed before this request is in the index once the queue is drained.
  await drainIndex(deps);
  const bounds: Bounds = { start: q.start, end: q.end };
  const keywords = q.keywords.filter((k) => k.length > 0);
  if (keywords.length === 0) return [];
  // One-key negatives are probed in SQL; a several-word one is excluded when all its words are there.
  const none = q.negatives.filter((n) => n.length === 1).map((n) => n[0]!);
  const excluded = new Set<string>();
  for (const n of q.negatives.filter((x) => x.length > 1))
    for (const h of await walkAll(deps, await walkOf(deps, n, undefined, [], bounds), bounds)) excluded.add(h.seq);
  for (const seq of await hiddenPosts(deps, bounds)) excluded.add(seq);
  const found = new Map<string, Hit>();
  for (const keys of keywords)
    for (const h of await walkAll(deps, await walkOf(deps, keys, q.also, none, bounds), bounds))
      if (!excluded.has(h.seq)) found.set(h.seq, h);
  const hits = [...found.values()];
  if (keywords.length > 1) hits.sort((a, b) => b.created_at - a.created_at || (a.seq < b.seq ? 1 : -1));
  return hits;
}

/** The keys each post filed (search.keys.ts docKeys), in the order given. */
export async function filedKeys(deps: Deps, seqs: string[]): Promise<string[][]> {
  const docs = new Map((await searchRepo.docs(deps.db, seqs)).map((d) => [d.seq, JSON.parse(d.keys) as string[]]));
  return seqs.map((s) => docs.get(s) ?? []);
}

/** The keys filed by the newest `limit` posts of the window. */
export async function windowKeys(deps: Deps, start: number, end: number, limit: number): Promise<string[][]> {
  const hits = await searchRepo.walk(deps.db, { key: null }, { start, end }, limit, true);
  return hits.map((h) => h.keys ?? []);
}
