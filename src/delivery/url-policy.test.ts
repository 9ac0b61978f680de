import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkUrlShape, isInternalAddress, refusePrivateHost } from './url-policy.js';

test('local development allows http, loopback and ports', () => {
  assert.equal(checkUrlShape('http://127.0.0.1:3000/webhook', false).ok, true);
  assert.equal(checkUrlShape('https://example.com/hook?x=1', false).ok, true);
  for (const bad of ['not a url', 'ftp://example.com/', 'https://u:p@example.com/', 'https://example.com/#frag']) {
    assert.equal(checkUrlShape(bad, false).ok, false, bad);
  }
});

test('strict mode: https only and no port, even the default one', () => {
  assert.equal(checkUrlShape('https://example.com/webhooks/twitter', true).ok, true);
  assert.equal(checkUrlShape('https://[2606:4700::1]/hook', true).ok, true);
  for (const bad of [
    'http://example.com/',
    'https://example.com:8443/',
    'https://example.com:443/x',
    'https://[2606:4700::1]:443/',
  ]) {
    const r = checkUrlShape(bad, true);
    assert.equal(r.ok, false, bad);
  }
});

test('internal address ranges are recognised, public ones are not', () => {
  for (const a of [
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '224.0.0.1',
  ]) {
    assert.equal(isInternalAddress(a), true, a);
  }
  for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700::1111', '::ffff:8.8.8.8'])
    assert.equal(isInternalAddress(a), false, a);
});

test('hosts resolving to loopback are refused', async () => {
  assert.match((await refusePrivateHost(new URL('https://localhost/x')))!, /not a public address/);
  assert.match((await refusePrivateHost(new URL('https://127.0.0.1/x')))!, /127\.0\.0\.1/);
  assert.equal(await refusePrivateHost(new URL('https://[2606:4700::1111]/x')), null);
});
