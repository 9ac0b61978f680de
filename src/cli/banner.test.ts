import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Aviary } from '../main.js';
import { banner, isLoopback } from './banner.js';

test('loopback hosts are told apart from ones reachable over a network', () => {
  for (const h of ['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', '::1', '[::1]', '::ffff:127.0.0.1'])
    assert.equal(isLoopback(h), true, h);
  for (const h of ['0.0.0.0', '::', '192.168.1.5', '10.0.0.1', 'example.com', '::ffff:10.0.0.1', '128.0.0.1'])
    assert.equal(isLoopback(h), false, h);
});

test('the banner warns when the server listens beyond this machine, and only then', () => {
  const aviary = (host: string) =>
    ({
      url: `http://${host}:8080`,
      adminToken: 't',
      credentials: null,
      certPath: null,
      deps: {
        db: { dialect: 'sqlite', location: '/tmp/x.db' },
        config: { host, dataDir: '/tmp' },
        clock: { mode: () => 'real' },
      },
    }) as unknown as Aviary;
  assert.match(banner(aviary('0.0.0.0'), 'c.json'), /WARNING .*sign in as any user\s+without a password/);
  assert.doesNotMatch(banner(aviary('127.0.0.1'), 'c.json'), /WARNING/);
});
