import assert from 'node:assert/strict';
import { test } from 'node:test';
import { crcResponseToken, sign, verify } from './signature.js';

test('delivery signatures match the twitter-autohook vectors (AH test/signature.js, notes §2.2)', () => {
  assert.equal(sign('test', 'test=1&other_test=2'), 'sha256=25Cu3iwbbiqBTwQRzcKJZwisjf736V2Q8UaTlkfLSoc=');
  assert.equal(
    sign('test', '{"test_number":1,"test_string":"two"}'),
    'sha256=YWHphPn/JFq43jkF0y4/w8R/SelmLjvpunhVFY8JhlI=',
  );
  assert.equal(
    sign('test', Buffer.from('{"test_number":1,"test_string":"two"}')),
    'sha256=YWHphPn/JFq43jkF0y4/w8R/SelmLjvpunhVFY8JhlI=',
  );
});

test('the CRC response token matches the documented vector (notes §2.1)', () => {
  assert.equal(crcResponseToken('test', 'challenge_string'), 'sha256=SYYKwb5URQ4OnNXL3KWDH9ph6EIaP+4PTQFxLk5FIK4=');
});

test('verify accepts the right header and refuses wrong, missing or differently sized ones', () => {
  const body = '{"a":1}';
  assert.equal(verify('s3cret', body, sign('s3cret', body)), true);
  assert.equal(verify('s3cret', body, sign('other', body)), false);
  assert.equal(verify('s3cret', body, undefined), false);
  assert.equal(verify('s3cret', body, 'sha256=short'), false);
});
