import assert from 'node:assert/strict';
import { test } from 'node:test';
import { blankError, cardUriError, mediaMixError, nullcastError } from './ads-tweets.rules.js';

test('media mix: up to 4 images, or 1 GIF, or 1 video', () => {
  assert.equal(mediaMixError([]), null);
  assert.equal(mediaMixError(['IMAGE', 'IMAGE', 'IMAGE', 'IMAGE']), null);
  assert.equal(mediaMixError(['GIF']), null);
  assert.equal(mediaMixError(['VIDEO']), null);
  assert.equal(mediaMixError(['IMAGE', 'IMAGE', 'IMAGE', 'IMAGE', 'IMAGE'])?.code, 'INVALID_MEDIA');
  assert.equal(mediaMixError(['IMAGE', 'VIDEO'])?.parameter, 'media_keys');
  assert.equal(mediaMixError(['GIF', 'GIF'])?.code, 'INVALID_MEDIA');
});

test('card_uri, blank text, nullcast', () => {
  assert.equal(cardUriError('card://1321554298900107264'), null);
  assert.equal(cardUriError('card://692xn'), null);
  assert.equal(cardUriError('https://x.com')?.parameter, 'card_uri');
  assert.equal(blankError('  ', 0)?.code, 'TWEET_CANNOT_BE_BLANK');
  assert.equal(blankError('', 1), null);
  assert.equal(nullcastError(false, '1', '2')?.parameter, 'nullcast');
  assert.equal(nullcastError(false, '1', '1'), null);
  assert.equal(nullcastError(true, '1', '2'), null);
});
