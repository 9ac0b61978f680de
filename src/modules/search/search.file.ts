// Filing posts in the index: each post's keys derived, compared with the document filed for it, and
// only what changed written. Pure of the runtime, so that it runs where the index is written: on the
// event loop for PostgreSQL's tables, in the side file's writer thread on SQLite (search.store.ts),
// which takes the keying and the postings off the event loop (issue #23).
import type { MatchPost } from '../../engine/index.js';
import type { Queryable } from '../../store/db.js';
import { flatten } from '../../shared/arrays.js';
import { docKeys } from './search.keys.js';
import { searchRepo, type DocRow, type Posting } from './search.repo.js';

/** A queued post to file: `post` null removes its document. Plain data (it crosses to a thread). */
export type FileItem = { seq: string; id: string; created_at: number; post: MatchPost | null };

type Entry = { doc: DocRow; keys: string[] } | null;

function postings(doc: DocRow, keys: Iterable<string>): Posting[] {
  return [...keys].map((term) => ({ term, created_at: doc.created_at, seq: doc.seq }));
}

function entryOf(item: FileItem, post: MatchPost): Entry {
  const keys = docKeys(post);
  return { doc: { seq: item.seq, id: item.id, created_at: item.created_at, keys: JSON.stringify(keys) }, keys };
}

/** Files `items` through `q` (the index's tables, in one transaction of the caller's). */
export async function fileItems(q: Queryable, items: FileItem[]): Promise<void> {
  const entries = new Map<string, Entry>();
  for (const item of items) entries.set(item.seq, item.post ? entryOf(item, item.post) : null);
  const old = new Map((await searchRepo.docs(q, [...entries.keys()])).map((d) => [d.seq, d]));
  await apply(q, entries, old);
}

/** Rewrites the entries (null = remove) given the current ones `old`, touching only what changed. */
async function apply(tx: Queryable, entries: Map<string, Entry>, old: Map<string, DocRow>): Promise<void> {
  const add: Posting[] = [];
  const drop: Posting[] = [];
  const fresh: DocRow[] = [];
  const put: DocRow[] = [];
  const gone: string[] = [];
  for (const [seq, next] of entries) {
    const prev = old.get(seq);
    // A new post (the common case): all its keys, with no sets of keys to compare.
    if (!prev) {
      if (next) {
        add.push(...postings(next.doc, next.keys));
        fresh.push(next.doc);
      }
      continue;
    }
    const prevKeys = new Set<string>(JSON.parse(prev.keys) as string[]);
    if (!next) {
      drop.push(...postings(prev, prevKeys));
      gone.push(seq);
      continue;
    }
    const moved = prev.created_at !== next.doc.created_at;
    const nextKeys = new Set(next.keys);
    drop.push(
      ...postings(
        prev,
        [...prevKeys].filter((k) => moved || !nextKeys.has(k)),
      ),
    );
    add.push(
      ...postings(
        next.doc,
        next.keys.filter((k) => moved || !prevKeys.has(k)),
      ),
    );
    if (moved || prev.keys !== next.doc.keys) put.push(next.doc);
  }
  await searchRepo.dropPostings(tx, drop);
  await searchRepo.dropDocs(tx, gone);
  await searchRepo.addPostings(tx, byTerm(add));
  await searchRepo.addDocs(tx, fresh);
  await searchRepo.putDocs(tx, put);
}

/**
 * The postings in term order (the B-tree's), each term's in the order given: grouped by term, then
 * the distinct terms sorted by the built-in string order (UTF-16 code units, as `<`), which runs no
 * comparator of ours. A comparator sort of a 500-post batch's ~6,500 postings was ~2.5 % of the
 * firehose's event loop (issue #23).
 */
function byTerm(postings: Posting[]): Posting[] {
  const groups = new Map<string, Posting[]>();
  for (const p of postings) {
    const group = groups.get(p.term);
    if (group) group.push(p);
    else groups.set(p.term, [p]);
  }
  return flatten([...groups.keys()].sort(), (term) => groups.get(term)!);
}
