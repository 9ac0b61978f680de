import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { fold, tokenize, tokenizeUnicode } from './text.js';

test('tokenizes on punctuation, symbols and separators (notes §4.3 coca-cola example)', () => {
  assert.deepEqual(tokenize('i like coca-cola'), ['i', 'like', 'coca', 'cola']);
  assert.deepEqual(tokenize('#thanku @someone $twtr https://t.co/abc'), [
    'thanku',
    'someone',
    'twtr',
    'https',
    't',
    'co',
    'abc',
  ]);
  assert.deepEqual(tokenize("doesn't_stop"), ['doesn', 't', 'stop']);
});

test('emoji are tokens of their own; variation selectors and skin tones separate', () => {
  assert.deepEqual(tokenize('pizza🍕night ❤️ 👍🏽'), ['pizza', '🍕', 'night', '❤', '👍']);
});

test('accented words stay whole; Han and kana stand alone', () => {
  assert.deepEqual(tokenize('café déjà-vu'), ['café', 'déjà', 'vu']);
  assert.deepEqual(tokenize('東京タワー tokyo'), ['東', '京', 'タ', 'ワ', 'ー', 'tokyo']);
});

test('fold drops diacritics only', () => {
  assert.equal(fold('diacrítica'), 'diacritica');
  assert.equal(fold('ñandú'), 'nandu');
  assert.equal(fold('plain'), 'plain');
});

test('the ASCII fast path agrees with the Unicode tokenizer', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'binary-ascii' }), (s) => {
      const lower = s.toLowerCase();
      assert.deepEqual(tokenize(lower), tokenizeUnicode(lower));
    }),
  );
});
