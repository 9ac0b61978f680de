// docs/coverage.md is what `npm run gen:coverage` makes from the OpenAPI document and the routes a
// started server registers (issue #21 part 5).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { coverageMarkdown, servedBy, type OpenApiDoc } from '../../src/modules/openapi/index.js';
import { startServer, type TestServer } from '../support/server.js';

const doc = JSON.parse(
  readFileSync(new URL('../../spec/x-api-v2-openapi.json', import.meta.url), 'utf8'),
) as OpenApiDoc;

let s: TestServer;
before(async () => {
  s = await startServer();
});
after(async () => s.close());

test('docs/coverage.md is generated from the document and the registered routes (npm run gen:coverage)', () => {
  const file = readFileSync(new URL('../../docs/coverage.md', import.meta.url), 'utf8');
  assert.equal(file, coverageMarkdown(doc, servedBy(s.app)));
});

test('an operation counts as served only when a route answers it', () => {
  const served = servedBy(s.app);
  assert.equal(served('get', '/2/tweets/{id}'), true);
  assert.equal(served('get', '/2/users/search'), true);
  assert.equal(served('get', '/2/no/such/thing'), false);
  assert.equal(served('delete', '/2/users/search'), false);
});
