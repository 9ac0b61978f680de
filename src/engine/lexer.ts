// Splits a rule or query into tokens. Character-level errors are collected (the real API reports
// every stray `'`, notes: "no viable alternative at character ''' (at position 49), ... (at position 70)").
import { messages } from './messages.js';

export type Token =
  | { t: 'lparen' | 'rparen' | 'or' | 'minus'; pos: number }
  | { t: 'word' | 'hashtag' | 'mention' | 'cashtag'; value: string; pos: number }
  | { t: 'quoted'; value: string; proximity: number | null; pos: number }
  | { t: 'operator'; name: string; value: string; quoted: boolean; bracket: boolean; pos: number }
  /** Lexes, but no rule can start with it: the parser reports "no viable alternative at input". */
  | { t: 'bad'; text: string; pos: number };

export type LexResult = { ok: true; tokens: Token[] } | { ok: false; errors: string[] };

const SPACE = /\s/;
const OPERATOR_NAME = /[A-Za-z_]+:/y;

interface Lexer {
  src: string;
  i: number;
  tokens: Token[];
  errors: string[];
}

export function lex(src: string): LexResult {
  const lx: Lexer = { src, i: 0, tokens: [], errors: [] };
  while (lx.i < src.length) step(lx);
  return lx.errors.length ? { ok: false, errors: lx.errors } : { ok: true, tokens: lx.tokens };
}

function step(lx: Lexer): void {
  const c = lx.src[lx.i]!;
  const pos = lx.i + 1;
  if (SPACE.test(c)) {
    lx.i++;
  } else if (c === '(' || c === ')') {
    lx.tokens.push({ t: c === '(' ? 'lparen' : 'rparen', pos });
    lx.i++;
  } else if (c === '"') {
    const q = readQuoted(lx);
    if (q) lx.tokens.push({ t: 'quoted', value: q.value, proximity: readProximity(lx), pos });
  } else if (c === '-') {
    lx.i++;
    const next = lx.src[lx.i];
    lx.tokens.push(
      next === undefined || SPACE.test(next) || next === ')' ? { t: 'bad', text: '-', pos } : { t: 'minus', pos },
    );
  } else if (c === "'") {
    lx.errors.push(messages.noViableChar(c, pos));
    lx.i++;
  } else if (c === '[' || c === ']') {
    lx.tokens.push({ t: 'bad', text: c, pos });
    lx.i++;
  } else {
    lx.tokens.push(readTerm(lx));
  }
}

/** Reads `"..."` starting at the opening quote; `\"` and `\\` escape. */
function readQuoted(lx: Lexer): { value: string } | null {
  const start = lx.i;
  let value = '';
  for (let i = start + 1; i < lx.src.length; i++) {
    const c = lx.src[i]!;
    if (c === '\\' && i + 1 < lx.src.length) {
      value += lx.src[++i];
    } else if (c === '"') {
      lx.i = i + 1;
      return { value };
    } else {
      value += c;
    }
  }
  lx.errors.push(messages.unterminatedQuote(lx.src.slice(start), start + 1));
  lx.i = lx.src.length;
  return null;
}

function readProximity(lx: Lexer): number | null {
  const m = /~(\d+)/y;
  m.lastIndex = lx.i;
  const hit = m.exec(lx.src);
  if (!hit) return null;
  lx.i = m.lastIndex;
  return Number(hit[1]);
}

function readBare(lx: Lexer): string {
  const start = lx.i;
  while (lx.i < lx.src.length) {
    const c = lx.src[lx.i]!;
    if (c === '(' || c === ')' || c === '"' || SPACE.test(c)) break;
    lx.i++;
  }
  return lx.src.slice(start, lx.i);
}

function readTerm(lx: Lexer): Token {
  const pos = lx.i + 1;
  OPERATOR_NAME.lastIndex = lx.i;
  const op = OPERATOR_NAME.exec(lx.src);
  if (op) return readOperator(lx, op[0].slice(0, -1), pos);
  const word = readBare(lx);
  if (word === 'OR') return { t: 'or', pos };
  if (word.length > 1 && word[0] === '#') return { t: 'hashtag', value: word.slice(1), pos };
  if (word.length > 1 && word[0] === '@') return { t: 'mention', value: word.slice(1), pos };
  if (/^\$\p{L}/u.test(word)) return { t: 'cashtag', value: word.slice(1), pos };
  return { t: 'word', value: word, pos };
}

function readOperator(lx: Lexer, name: string, pos: number): Token {
  lx.i += name.length + 1;
  const c = lx.src[lx.i];
  if (c === '"') {
    const q = readQuoted(lx);
    return { t: 'operator', name, value: q ? q.value : '', quoted: true, bracket: false, pos };
  }
  if (c === '[') {
    const end = lx.src.indexOf(']', lx.i);
    if (end < 0) {
      lx.i = lx.src.length;
      return { t: 'bad', text: `${name}:[`, pos };
    }
    const value = lx.src.slice(lx.i + 1, end);
    lx.i = end + 1;
    return { t: 'operator', name, value, quoted: false, bracket: true, pos };
  }
  const value = readBare(lx);
  if (value === '') return { t: 'bad', text: `${name}:`, pos };
  return { t: 'operator', name, value, quoted: false, bracket: false, pos };
}
