import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { coverageMarkdown, ENDPOINTS } from './coverage.js';

test('docs/ads-coverage.md is generated from the endpoint table (npm run gen:ads-coverage)', () => {
  const file = readFileSync(new URL('../../../../docs/ads-coverage.md', import.meta.url), 'utf8');
  assert.equal(file, coverageMarkdown());
});

test('the endpoint table names each endpoint once', () => {
  const keys = ENDPOINTS.map((x) => `${x.method} ${x.path}`);
  assert.equal(new Set(keys).size, keys.length);
});
