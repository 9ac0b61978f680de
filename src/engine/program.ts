// A rule as a flat integer program for the rule index. Clauses that are exactly "the post offers key
// K" (index-keys.exactKey) become KEY instructions that read a per-post stamp array; every other
// clause becomes a CALL of the same compiled predicate `matches` uses (compile.ts). A rule then costs
// a few array reads instead of a walk through scattered closures — what makes 250,000 rules fast.
//
// Layout: every node is [op, size, ...], `size` counting the whole node, so a parent can skip a child.
//   KEY  [0, 3, keyId]     CALL [1, 3, callIndex]     NOT [2, 2 + child, child]
//   AND  [3, size, children…]                          OR  [4, size, children…]
import type { QueryNode } from './ast.js';
import { compiled, type Predicate } from './compile.js';
import { exactKey } from './index-keys.js';
import type { PreparedPost } from './prepare.js';
import type { MatchContext } from './types.js';

const KEY = 0;
const CALL = 1;
const NOT = 2;
const AND = 3;
const OR = 4;

export interface Program {
  code: Int32Array;
  calls: Predicate[];
}

/** `keyId` interns a key string (the index counts references to it). */
export function toProgram(n: QueryNode, keyId: (key: string) => number): Program {
  const code: number[] = [];
  const calls: Predicate[] = [];
  emit(n, code, calls, keyId);
  return { code: Int32Array.from(code), calls };
}

function emit(n: QueryNode, code: number[], calls: Predicate[], keyId: (key: string) => number): void {
  const start = code.length;
  if (n.kind === 'and' || n.kind === 'or' || n.kind === 'not') {
    code.push(n.kind === 'and' ? AND : n.kind === 'or' ? OR : NOT, 0);
    for (const c of n.kind === 'not' ? [n.child] : n.children) emit(c, code, calls, keyId);
  } else {
    const key = exactKey(n);
    if (key !== null) code.push(KEY, 3, keyId(key));
    else if (n.kind === 'text' && n.pattern.tokens.length > 0) emitPhrase(n, code, calls, keyId);
    else code.push(CALL, 3, calls.push(compiled(n)) - 1);
  }
  code[start + 1] = code.length - start;
}

/** A phrase needs every one of its words in the post: checking their keys first is cheap and
 * spares most calls of the phrase matcher. */
function emitPhrase(
  n: Extract<QueryNode, { kind: 'text' }>,
  code: number[],
  calls: Predicate[],
  keyId: (key: string) => number,
): void {
  const words = [...new Set(n.pattern.tokens)];
  code.push(AND, 3 * words.length + 5);
  for (const w of words) code.push(KEY, 3, keyId(w));
  code.push(CALL, 3, calls.push(compiled(n)) - 1);
}

/** The key ids a program reads, for reference counting. */
export function programKeys(code: Int32Array): number[] {
  const out: number[] = [];
  for (let pc = 0; pc < code.length;) {
    const op = code[pc]!;
    if (op === KEY) out.push(code[pc + 2]!);
    pc += op === KEY || op === CALL ? 3 : 2;
  }
  return out;
}

export interface RunState {
  /** stamps[keyId] === epoch ⇔ the current post offers that key. */
  stamps: Uint32Array;
  epoch: number;
  post: PreparedPost;
  ctx: MatchContext;
  /** The rule being run, and where its predicates are: fetched only when a CALL needs them. */
  rule: number;
  callsOf: (rule: number) => Predicate[];
}

/** Runs the node at `pc` of `code` (programs are position-independent, so `code` may be an arena
 * holding many). */
export function run(code: Int32Array, pc: number, s: RunState): boolean {
  switch (code[pc]) {
    case KEY:
      return s.stamps[code[pc + 2]!] === s.epoch;
    case CALL:
      return s.callsOf(s.rule)[code[pc + 2]!]!(s.post, s.ctx);
    case NOT:
      return !run(code, pc + 2, s);
    case AND: {
      const end = pc + code[pc + 1]!;
      for (let c = pc + 2; c < end; c += code[c + 1]!) if (!run(code, c, s)) return false;
      return true;
    }
    default: {
      const end = pc + code[pc + 1]!;
      for (let c = pc + 2; c < end; c += code[c + 1]!) if (run(code, c, s)) return true;
      return false;
    }
  }
}
