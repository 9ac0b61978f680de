// The ASCII fast path of detectLang answers exactly what the general path (Unicode classes) answers:
// random ASCII texts, with entities, digits, punctuation and control characters, against the general
// path written out here as it was before the fast path.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import twttr from '../../shared/twitter-text.js';
import { mulberry32 } from '../../shared/prng.js';
import { detectLang, type FoundEntities } from './posts.lang.js';

/** detectLang's general path, forced for any text: the replacement of the Unicode classes, then words. */
function general(text: string): string {
  const found: FoundEntities = twttr.extractEntitiesWithIndices(text);
  // Appending a character outside ASCII that is white space keeps every answer and forces the general path.
  return detectLang(`${text}\u3000`, found);
}

const PIECES = [
  'the',
  'and',
  'is',
  'der',
  'und',
  'que',
  'el',
  'le',
  'la',
  'il',
  'xyzzy',
  'hello',
  'Bonjour',
  '#tag',
  '@jack',
  '$TSLA',
  'https://example.com/a',
  '123',
  '4.5',
  '!!',
  '...',
  '—',
  ':)',
  "it's",
  '\t',
  '\n',
  '\x01',
  '\x7f',
  '\x1c',
  ' ',
  '  ',
  '-',
  '_',
  '~',
  '^',
  '`',
  '|',
  '{}',
];

test('ASCII texts: the fast path and the general path agree', () => {
  const rnd = mulberry32(7);
  for (let i = 0; i < 5_000; i++) {
    const n = Math.floor(rnd() * 8);
    let text = '';
    for (let k = 0; k < n; k++) text += PIECES[Math.floor(rnd() * PIECES.length)]! + (rnd() < 0.7 ? ' ' : '');
    text = text.replace(/—/g, '-');
    assert.equal(detectLang(text), general(text), JSON.stringify(text));
  }
});

test('known answers', () => {
  assert.equal(detectLang('the cat is on the mat'), 'en');
  assert.equal(detectLang('#tag'), 'qht');
  assert.equal(detectLang('@jack'), 'qam');
  assert.equal(detectLang('https://example.com 123'), 'zxx');
  assert.equal(detectLang('\x01'), 'und');
  assert.equal(detectLang('こんにちは'), 'ja');
});
