import assert from 'node:assert/strict';
import { createHmac, randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { hmacSha1Base64 } from './hmac-sha1.js';

test('RFC 2202 test case 2; a key longer than the block is hashed first', () => {
  const hex = (key: string, message: string) => Buffer.from(hmacSha1Base64(key, message), 'base64').toString('hex');
  assert.equal(hex('Jefe', 'what do ya want for nothing?'), 'effcdf6ae5eb2fa2d27416d5f184df9c259a7c79');
  const long = 'k'.repeat(80);
  assert.equal(
    hex(long, 'Test Using Larger Than Block-Size Key - Hash Key First'),
    createHmac('sha1', long).update('Test Using Larger Than Block-Size Key - Hash Key First').digest('hex'),
  );
});

test('agrees with createHmac for keys and messages of every length and UTF-8', () => {
  for (let i = 0; i < 3000; i++) {
    const key =
      randomBytes(i % 90)
        .toString('base64')
        .slice(0, i % 130) + (i % 7 ? '' : '☃é');
    const message =
      randomBytes(i % 700).toString('latin1') + (i % 3 ? '' : 'é☃𝄞') + (i === 2999 ? 'x'.repeat(10_000) : '');
    assert.equal(hmacSha1Base64(key, message), createHmac('sha1', key).update(message).digest('base64'), `key ${i}`);
  }
});
