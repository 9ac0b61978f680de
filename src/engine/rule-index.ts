// Indexed rule matching (a presearcher). Each rule is filed under keys one of which every post it
// matches must offer (index-keys.requiredKeys); a post derives its key set once (post-keys.ts), reads
// only the posting lists of its keys — plus the list of rules with no usable key — and verifies each
// rule found with its program (program.ts), whose non-key clauses are the very predicates `matches`
// runs and whose key clauses read the post's key set. The answer is exactly what checking every rule
// with `matches` gives; the property tests hold it to that. Updated live: add/remove between posts.
import type { QueryNode } from './ast.js';
import type { Predicate } from './compile.js';
import { baseCost, NEED, needOf, requiredKeys } from './index-keys.js';
import { grow, sharedKeySpace, type KeySpace } from './key-table.js';
import { append, createPostings, HEADER, removeSlot, type Postings } from './postings.js';
import { preparePost, type PreparedPost } from './prepare.js';
import { programKeys, run, toProgram, type RunState } from './program.js';
import type { MatchContext, MatchPost } from './types.js';

export interface RuleIndex {
  /** Adds or replaces a rule. */
  add(id: string, ast: QueryNode): void;
  remove(id: string): boolean;
  /** Ids of the rules the post matches, sorted with compareIds. */
  match(post: MatchPost): string[];
  /** `match` for a post already prepared with `preparePost(post, ctx.product)`. */
  matchPrepared(p: PreparedPost): string[];
  readonly size: number;
  /** `keys`: distinct keys the rules refer to. */
  stats(): { rules: number; alwaysChecked: number; keys: number };
}

/** Numeric order for snowflake ids (shorter first, then lexicographic), total for any strings. */
export function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

interface Entry {
  ast: QueryNode;
  /** Every key id the entry holds a reference to. */
  refs: number[];
  /** Key ids it is filed under; null ⇒ in the always-check list. */
  filed: number[] | null;
  /** The on-demand post-key groups (NEED flags) of those keys. */
  needs: number[];
  /** Added with an id below an earlier one, so its slot is out of id order. */
  late: boolean;
}

// Slots are handed out in increasing order and never reused, so as long as ids arrive increasing
// (snowflakes do) slot order is id order and a post's hits sort as plain integers. Rules added out
// of order are "late" and sorted by id until the next rebuild re-files everything in id order.
interface State {
  /** This index's rules filed under each key id of the space (undefined: none). */
  postings: (Postings | undefined)[];
  always: Postings;
  entries: (Entry | undefined)[];
  ids: (string | undefined)[];
  /** Each slot's predicates, beside `ids` rather than in the entry: one fewer hop per CALL. */
  calls: (Predicate[] | undefined)[];
  slots: Map<string, number>;
  maxId: string | null;
  late: number;
  holes: number;
  /** seen[slot] === seenEpoch ⇔ the rule was run for the current post already. */
  seen: Uint32Array<ArrayBuffer>;
  /** How many filed keys fall in each on-demand group, by NEED flag. */
  needCounts: number[];
}

function emptyState(): State {
  return {
    postings: [],
    always: createPostings(),
    entries: [],
    ids: [],
    calls: [],
    slots: new Map(),
    maxId: null,
    late: 0,
    holes: 0,
    seen: new Uint32Array(1024),
    needCounts: [],
  };
}

const NEED_FLAGS = Object.values(NEED);

function needMask(s: State): number {
  let mask = 0;
  for (const f of NEED_FLAGS) if ((s.needCounts[f] ?? 0) > 0) mask |= f;
  return mask;
}

function needsRebuild(s: State): boolean {
  const live = s.slots.size;
  return s.late > Math.max(256, live >> 5) || s.holes > Math.max(4096, live);
}

// One factory of ~120 lines: its short inner functions share the index state (and the hot loop
// reads it from the closure, which V8 optimises well); splitting them apart would mean threading
// that state through every call.
export function createRuleIndex(
  ctx: MatchContext = { product: 'stream' },
  space: KeySpace = sharedKeySpace,
): RuleIndex {
  let s = emptyState();
  /** References this index's rules hold to each key id of the space; `keys` counts the ids with some. */
  const refs: number[] = [];
  let keys = 0;
  let seenEpoch = 0;
  let hitBuf = new Int32Array(256);
  const callsOf = (slot: number): Predicate[] => s.calls[slot]!;

  // A key's cost grows with its posting list, so equally rare-looking keys spread the rules.
  const cost = (key: string): number => {
    const id = space.idOf(key);
    return baseCost(key) * (1 + (id === undefined ? 0 : (s.postings[id]?.count ?? 0)) / 64);
  };

  function intern(key: string): number {
    const id = space.intern(key);
    if (!refs[id]) {
      refs[id] = 0;
      keys++;
    }
    refs[id]++;
    return id;
  }

  function release(id: number): void {
    space.release(id);
    if (--refs[id]! > 0) return;
    keys--;
    s.postings[id] = undefined;
  }

  function add(id: string, ast: QueryNode): void {
    remove(id);
    const slot = s.entries.length;
    const prog = toProgram(ast, intern);
    const choice = requiredKeys(ast, cost);
    const filed = choice ? choice.keys.map(intern) : null;
    const needs = choice ? choice.keys.map(needOf).filter((f) => f !== 0) : [];
    for (const f of needs) s.needCounts[f] = (s.needCounts[f] ?? 0) + 1;
    const late = s.maxId !== null && compareIds(id, s.maxId) < 0;
    if (late) s.late++;
    else s.maxId = id;
    s.entries[slot] = { ast, refs: programKeys(prog.code).concat(filed ?? []), filed, needs, late };
    s.ids[slot] = id;
    s.calls[slot] = prog.calls;
    s.slots.set(id, slot);
    if (!filed) append(s.always, slot, false, prog.code);
    else for (const k of filed) append((s.postings[k] ??= createPostings()), slot, filed.length > 1, prog.code);
    if (slot >= s.seen.length) s.seen = grow(s.seen, slot);
  }

  function remove(id: string): boolean {
    const slot = s.slots.get(id);
    if (slot === undefined) return false;
    const e = s.entries[slot]!;
    if (!e.filed) removeSlot(s.always, slot);
    else for (const k of e.filed) removeSlot(s.postings[k]!, slot);
    for (const k of e.refs) release(k);
    for (const f of e.needs) s.needCounts[f]!--;
    if (e.late) s.late--;
    s.entries[slot] = undefined;
    s.ids[slot] = undefined;
    s.calls[slot] = undefined;
    s.slots.delete(id);
    s.holes++;
    return true;
  }

  /** Re-files every rule in id order: no late rules, no holes. */
  function rebuild(): void {
    const live = [...s.slots]
      .sort((a, b) => compareIds(a[0], b[0]))
      .map(([id, slot]) => [id, s.entries[slot]!.ast] as const);
    // The space's references are taken again as the rules are filed again.
    for (const e of s.entries) if (e) for (const k of e.refs) release(k);
    s = emptyState();
    for (const [id, ast] of live) add(id, ast);
  }

  /** Runs every rule of the list not yet seen for this post; appends matching slots at `n`. */
  function scan(list: Postings, state: RunState, n: number): number {
    const d = list.data;
    const seen = s.seen;
    for (let i = 0; i < list.len; i += HEADER + d[i + 2]!) {
      const slot = d[i]!;
      if (d[i + 1] === 1) {
        if (seen[slot] === seenEpoch) continue;
        seen[slot] = seenEpoch;
      }
      state.rule = slot;
      if (!run(d, i + HEADER, state)) continue;
      if (n === hitBuf.length) hitBuf = growHits(hitBuf);
      hitBuf[n++] = slot;
    }
    return n;
  }

  function matchPrepared(p: PreparedPost): string[] {
    if (needsRebuild(s)) rebuild();
    const { epoch, present } = space.stamp(p, needMask(s));
    if (++seenEpoch === 0xffffffff) {
      s.seen.fill(0);
      seenEpoch = 1;
    }
    const state: RunState = { stamps: space.stamps, epoch, post: p, ctx, rule: 0, callsOf };
    let n = 0;
    for (const k of present) {
      const list = s.postings[k];
      if (list) n = scan(list, state, n);
    }
    n = scan(s.always, state, n);
    const hits = hitBuf.subarray(0, n).sort();
    const out = new Array<string>(n);
    for (let i = 0; i < n; i++) out[i] = s.ids[hits[i]!]!;
    return s.late > 0 ? out.sort(compareIds) : out;
  }

  const index: RuleIndex = {
    add,
    remove,
    matchPrepared,
    match: (post) => matchPrepared(preparePost(post, ctx.product)),
    get size() {
      return s.slots.size;
    },
    stats: () => ({ rules: s.slots.size, alwaysChecked: s.always.count, keys }),
  };
  space.track(index, refs);
  return index;
}

function growHits(a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const next = new Int32Array(a.length * 2);
  next.set(a);
  return next;
}
