import { test } from 'node:test';
import assert from 'node:assert/strict';
import { showSyntax } from './ast.js';
import { lex } from './lexer.js';
import { parse } from './parser.js';

function tree(src: string): string {
  const r = parse(src);
  assert.ok(r.ok, `expected ${src} to parse: ${r.ok ? '' : r.errors.join('; ')}`);
  return showSyntax(r.ast);
}

function errors(src: string): string[] {
  const r = parse(src);
  assert.ok(!r.ok, `expected ${src} to fail`);
  return r.errors;
}

test('AND binds tighter than OR (notes §4.3 examples)', () => {
  assert.equal(tree('apple OR iphone ipad'), '(or apple (and iphone ipad))');
  assert.equal(tree('ipad iphone OR android'), '(or (and ipad iphone) android)');
  assert.equal(tree('a b OR c d OR e'), '(or (and a b) (and c d) e)');
});

test('parentheses group and are kept in the syntax tree', () => {
  assert.equal(tree('(apple OR iphone) ipad'), '(and (group (or apple iphone)) ipad)');
  assert.equal(
    tree('"X data" has:mentions (has:media OR has:links)'),
    '(and "X data" has:mentions (group (or has:media has:links)))',
  );
});

test('negation attaches to the following clause', () => {
  assert.equal(tree('skiing -snow -day -noschool'), '(and skiing (not snow) (not day) (not noschool))');
  assert.equal(tree('--b'), '(not (not b))');
  assert.equal(tree('cat -is:retweet'), '(and cat (not is:retweet))');
  assert.equal(tree('skiing -(snow OR day)'), '(and skiing (not (group (or snow day))))');
});

test('lowercase or is a keyword, only OR is the operator', () => {
  assert.equal(tree('cat or dog'), '(and cat or dog)');
});

test('phrases, proximity, escapes', () => {
  assert.equal(tree('"happy birthday"'), '"happy birthday"');
  assert.equal(tree('"social media"~3 marketing'), '(and "social media"~3 marketing)');
  assert.equal(tree('"say \\"hi\\""'), '"say \\"hi\\""');
});

test('hashtags, mentions, cashtags, emoji', () => {
  assert.equal(tree('#thanku @XDevelopers $TWTR 🍕'), '(and #thanku @XDevelopers $TWTR 🍕)');
  assert.equal(tree('$5 deal'), '(and $5 deal)');
});

test('operators with bare, quoted and bracketed values', () => {
  assert.equal(tree('from:XDevelopers'), 'from:XDevelopers');
  assert.equal(tree('url:"https://developer.x.com"'), 'url:"https://developer.x.com"');
  assert.equal(tree('place:"new york city" OR place:seattle'), '(or place:"new york city" place:seattle)');
  assert.equal(tree('cat point_radius:[2.355128 48.861118 16km]'), '(and cat point_radius:[2.355128 48.861118 16km])');
  assert.equal(
    tree('cat bounding_box:[-105.301758 39.964069 -105.178505 40.09455]'),
    '(and cat bounding_box:[-105.301758 39.964069 -105.178505 40.09455])',
  );
  assert.equal(tree('context:123.*'), 'context:123.*');
  assert.equal(tree('(from:a)'), '(group from:a)');
});

test('positions are 1-based character offsets', () => {
  const r = lex('judell point_radius:[1 2 3mi]');
  assert.ok(r.ok);
  assert.deepEqual(
    r.tokens.map((t) => t.pos),
    [1, 8],
  );
});

test('syntax errors carry the real parser texts', () => {
  assert.deepEqual(errors("(pepsi OR cola OR 'coca cola')"), [
    "no viable alternative at character ''' (at position 19)",
  ]);
  assert.deepEqual(errors("(artificial intelligence OR machine learning OR 'AI applications' OR 'data science')"), [
    "no viable alternative at character ''' (at position 49)",
    "no viable alternative at character ''' (at position 70)",
  ]);
  assert.deepEqual(errors('[(OpenAI OR GPT-3) (#OpenAI OR #AI)]'), [
    "no viable alternative at input '[' (at position 1)",
  ]);
  assert.deepEqual(errors('cat)'), ["missing EOF at ')' (at position 4)"]);
  assert.deepEqual(errors('(cat OR dog'), ['Missing closing parenthesis (at position 1)']);
  assert.deepEqual(errors('cat OR'), ["no viable alternative at input 'OR' (at position 5)"]);
  assert.deepEqual(errors('OR cat'), ["no viable alternative at input 'OR' (at position 1)"]);
  assert.deepEqual(errors('cat ()'), ["no viable alternative at input '()' (at position 5)"]);
  assert.deepEqual(errors('cat - dog'), ["no viable alternative at input '-' (at position 5)"]);
  assert.deepEqual(errors('cat "dog'), [`token recognition error at: '"dog' (at position 5)`]);
  assert.deepEqual(errors('cat from:'), ["no viable alternative at input 'from:' (at position 5)"]);
  assert.deepEqual(errors('   '), [`Invalid 'query':''. 'query' must be a non-empty string`]);
});
