import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, loadConfig } from './index.js';

test('flags win over environment, which wins over defaults', () => {
  const { config } = loadConfig(['--port', '9000', '--tls', '--host=0.0.0.0'], {
    AVIARY_PORT: '7000',
    AVIARY_ADMIN_TOKEN: 'tok',
  });
  assert.equal(config.port, 9000);
  assert.equal(config.host, '0.0.0.0');
  assert.equal(config.tls, true);
  assert.equal(config.adminToken, 'tok');
  assert.equal(loadConfig([], {}).config.port, 8080);
  assert.equal(loadConfig(['--no-seed-demo'], {}).config.seedDemo, false);
});

test('bad values are refused with the flag named', () => {
  assert.throws(
    () => loadConfig(['--port', 'x'], {}),
    (e: Error) => e instanceof ConfigError && /--port/.test(e.message),
  );
  assert.throws(() => loadConfig([], { AVIARY_DATABASE_URL: 'mysql://x' }), ConfigError);
  assert.throws(() => loadConfig(['--log-level', 'loud'], {}), ConfigError);
});
