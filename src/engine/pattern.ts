// Keyword, phrase and proximity matching over tokenized texts.
import type { TextPattern } from './ast.js';
import type { TextField } from './prepare.js';
import { fold } from './text.js';

/** `terms`, when given, is the union of the fields' tokens: a cheap early rejection. */
export function matchPattern(p: TextPattern, fields: readonly TextField[], terms?: Set<string>): boolean {
  const toks = p.tokens;
  if (terms) {
    for (const t of toks) if (!terms.has(t)) return false;
    if (toks.length === 1 && p.literal === null) return true;
  }
  for (const f of fields) if (matchField(p, f)) return true;
  return false;
}

function matchField(p: TextPattern, f: TextField): boolean {
  const toks = p.tokens;
  if (toks.length > 0) {
    const found =
      p.proximity === null
        ? sequence(f, toks)
        : nearby(f, toks, p.proximity) || nearby(f, toks.slice().reverse(), p.proximity - 2);
    if (!found) return false;
  }
  return p.literal === null || containsLiteral(f, p.literal);
}

function tokenAt(f: TextField, i: number, t: string): boolean {
  return f.raw[i] === t || f.folded[i] === t;
}

function sequence(f: TextField, toks: string[]): boolean {
  const last = f.raw.length - toks.length;
  outer: for (let i = 0; i <= last; i++) {
    for (let j = 0; j < toks.length; j++) if (!tokenAt(f, i + j, toks[j]!)) continue outer;
    return true;
  }
  return false;
}

/** Tokens in this order with at most `gap` other tokens between first and last (notes §4.3:
 * `"kw1 kw2"~N`, and in reversed order at most N-2 apart — the caller passes N-2 reversed). */
function nearby(f: TextField, toks: string[], gap: number): boolean {
  if (gap < 0) return false;
  const n = f.raw.length;
  for (let i = 0; i < n; i++) {
    if (!tokenAt(f, i, toks[0]!)) continue;
    let at = i;
    let j = 1;
    const limit = Math.min(n - 1, i + gap + toks.length - 1);
    for (let k = i + 1; k <= limit && j < toks.length; k++) {
      if (tokenAt(f, k, toks[j]!)) {
        at = k;
        j++;
      }
    }
    if (j === toks.length && at - i + 1 - toks.length <= gap) return true;
  }
  return false;
}

function containsLiteral(f: TextField, literal: string): boolean {
  f.lowerText ??= f.source.replace(/\s+/g, ' ');
  if (f.lowerText.includes(literal)) return true;
  f.foldedText ??= fold(f.lowerText);
  return f.foldedText.includes(literal);
}
