import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  checkUrlShape,
  internalLiteral,
  isInternalAddress,
  refuseBeforeSend,
  refusePrivateHost,
} from './url-policy.js';

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

// Issue #15 (5): IPv6 forms that embed or route to an internal IPv4 address, and the other special
// IPv6 ranges. Policy only: nothing is sent to these.
test('IPv6 forms of internal addresses are internal', () => {
  for (const a of [
    '::7f00:1', // IPv4-compatible ::127.0.0.1
    '::127.0.0.1',
    '::8.8.8.8', // IPv4-compatible is deprecated: refused whatever it embeds
    '::ffff:7f00:1', // IPv4-mapped
    '::ffff:10.0.0.1',
    '::ffff:0:7f00:1', // IPv4-translated
    '::ffff:0:169.254.169.254',
    '64:ff9b::a9fe:a9fe', // NAT64 well-known prefix
    '64:ff9b::8.8.8.8',
    '64:ff9b:1::a9fe:a9fe', // NAT64 local-use prefix
    '2002:7f00:1::', // 6to4 of 127.0.0.1
    '2002:a9fe:a9fe::1', // 6to4 of 169.254.169.254
    '2002:c0a8:101:1::1', // 6to4 of 192.168.1.1
    '2001::1', // Teredo
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    'fec0::1', // site-local
    'feff::1',
    '100::1', // discard-only
    '::', // unspecified
    '::1', // loopback
    'fe80::1', // link-local
    'fe80::1%eth0',
    'fc00::1', // unique local
    'fdff:ffff::1',
    'ff02::1', // multicast
    '2001:db8::1', // documentation
    '3fff::1',
    'not an address',
  ]) {
    assert.equal(isInternalAddress(a), true, a);
  }
});

test('public IPv6 addresses, and IPv6 forms of public IPv4 ones, are not internal', () => {
  for (const a of [
    '2606:4700::1111',
    '2a00:1450:4001:82b::200e',
    '::ffff:8.8.8.8',
    '::ffff:0:808:808', // IPv4-translated 8.8.8.8
    '2002:808:808::1', // 6to4 of 8.8.8.8
    '2001:4860:4860::8888', // in 2001::/16 but outside Teredo's 2001::/32
    '101::1', // next to discard-only 100::/64
    '100:0:0:1::1',
  ]) {
    assert.equal(isInternalAddress(a), false, a);
  }
});

test('URL literals in brackets: the IPv6 forms of issue #15 are refused', () => {
  for (const host of [
    '[::7f00:1]',
    '[::127.0.0.1]',
    '[::ffff:0:7f00:1]',
    '[64:ff9b:1::a9fe:a9fe]',
    '[2002:7f00:1::]',
    '[2001::1]',
    '[fec0::1]',
    '[100::1]',
  ]) {
    const url = new URL(`https://${host}/hook`);
    assert.ok(internalLiteral(url), host);
    assert.match(refuseBeforeSend(url.href)!, /is not a public address/, host);
  }
  assert.equal(internalLiteral(new URL('https://[2606:4700::1111]/hook')), null);
  assert.equal(internalLiteral(new URL('https://example.com/hook')), null, 'a name is checked at connect time');
});

test('before a send in strict mode: the shape rules, then an IP literal, never a DNS lookup', () => {
  assert.equal(refuseBeforeSend('http://127.0.0.1:3000/webhooks/twitter'), 'the url must use https');
  assert.equal(refuseBeforeSend('https://127.0.0.1:8443/hook'), 'the url must not contain a port');
  assert.equal(refuseBeforeSend('https://example.com:443/hook'), 'the url must not contain a port');
  assert.equal(refuseBeforeSend('https://127.0.0.1/hook'), 'the host 127.0.0.1 is not a public address');
  // WHATWG URL parsing turns these spellings into 127.0.0.1 before the check sees the host.
  assert.equal(refuseBeforeSend('https://2130706433/hook'), 'the host 127.0.0.1 is not a public address');
  assert.equal(refuseBeforeSend('https://0x7f.1/hook'), 'the host 127.0.0.1 is not a public address');
  assert.equal(refuseBeforeSend('https://8.8.8.8/hook'), null);
  assert.equal(refuseBeforeSend('https://example.com/hook?x=1'), null);
});
