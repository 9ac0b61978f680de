// Recursive-descent parser to the syntax tree. Grammar (notes §4.3: space = AND, AND binds tighter
// than OR, `-` negates, parentheses group):
//   query   := or EOF
//   or      := and ('OR' and)*
//   and     := unary+
//   unary   := '-' unary | primary
//   primary := '(' or ')' | term
// The first syntax error ends parsing, as the real parser reports one "no viable alternative".
import type { SyntaxNode } from './ast.js';
import { lex, type Token } from './lexer.js';
import { messages } from './messages.js';

export type ParseResult = { ok: true; ast: SyntaxNode } | { ok: false; errors: string[] };

class SyntaxError_ extends Error {}

interface State {
  tokens: Token[];
  k: number;
}

export function parse(src: string): ParseResult {
  const lexed = lex(src);
  if (!lexed.ok) return lexed;
  const st: State = { tokens: lexed.tokens, k: 0 };
  try {
    if (st.tokens.length === 0) return { ok: false, errors: [messages.emptyQuery()] };
    const ast = parseOr(st);
    const extra = st.tokens[st.k];
    if (extra) fail(extra.t === 'rparen' ? messages.missingEof(')', extra.pos) : noViable(extra));
    return { ok: true, ast };
  } catch (e) {
    if (e instanceof SyntaxError_) return { ok: false, errors: [e.message] };
    throw e;
  }
}

function fail(message: string): never {
  throw new SyntaxError_(message);
}

function tokenText(tok: Token): string {
  switch (tok.t) {
    case 'lparen':
      return '(';
    case 'rparen':
      return ')';
    case 'or':
      return 'OR';
    case 'minus':
      return '-';
    case 'bad':
      return tok.text;
    default:
      return 'value' in tok ? tok.value : '';
  }
}

function noViable(tok: Token): string {
  return messages.noViableInput(tokenText(tok), tok.pos);
}

function endsClause(tok: Token | undefined): boolean {
  return tok === undefined || tok.t === 'rparen' || tok.t === 'or';
}

function parseOr(st: State): SyntaxNode {
  const children = [parseAnd(st)];
  while (st.tokens[st.k]?.t === 'or') {
    const or = st.tokens[st.k++]!;
    if (endsClause(st.tokens[st.k])) fail(noViable(or));
    children.push(parseAnd(st));
  }
  return children.length === 1 ? children[0]! : { type: 'or', children, pos: children[0]!.pos };
}

function parseAnd(st: State): SyntaxNode {
  const children: SyntaxNode[] = [];
  while (!endsClause(st.tokens[st.k])) children.push(parseUnary(st));
  if (children.length === 0) {
    const tok = st.tokens[st.k];
    fail(tok ? noViable(tok) : messages.emptyQuery());
  }
  return children.length === 1 ? children[0]! : { type: 'and', children, pos: children[0]!.pos };
}

function parseUnary(st: State): SyntaxNode {
  const tok = st.tokens[st.k]!;
  if (tok.t !== 'minus') return parsePrimary(st);
  st.k++;
  if (endsClause(st.tokens[st.k])) fail(messages.noViableInput('-', tok.pos));
  return { type: 'not', child: parseUnary(st), pos: tok.pos };
}

function parsePrimary(st: State): SyntaxNode {
  const tok = st.tokens[st.k++]!;
  switch (tok.t) {
    case 'lparen': {
      if (st.tokens[st.k]?.t === 'rparen') fail(messages.noViableInput('()', tok.pos));
      const child = parseOr(st);
      if (st.tokens[st.k]?.t !== 'rparen') fail(messages.missingParen(tok.pos));
      st.k++;
      return { type: 'group', child, pos: tok.pos };
    }
    case 'word':
      return { type: 'keyword', value: tok.value, pos: tok.pos };
    case 'quoted':
      return { type: 'phrase', value: tok.value, proximity: tok.proximity, pos: tok.pos };
    case 'hashtag':
    case 'mention':
    case 'cashtag':
      return { type: tok.t, value: tok.value, pos: tok.pos };
    case 'operator':
      return {
        type: 'operator',
        name: tok.name,
        value: tok.value,
        quoted: tok.quoted,
        bracket: tok.bracket,
        pos: tok.pos,
      };
    default:
      return fail(noViable(tok));
  }
}
