import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { partialError, problems, SLUGS, typeUri } from './problems.js';

test('docs/errors.md lists every slug of the catalog, and nothing else', () => {
  const doc = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');
  const documented = [...doc.matchAll(/^\| `([a-z0-9:-]+)` \|/gm)].map((m) => m[1]);
  assert.deepEqual([...documented].sort(), [...SLUGS].sort());
});

test('the 401 body is byte-for-byte the real one', () => {
  assert.equal(
    JSON.stringify(problems.unauthorized().body),
    '{"title":"Unauthorized","type":"about:blank","status":401,"detail":"Unauthorized"}',
  );
});

test('partial errors carry no status and keep the slug fields', () => {
  const e = partialError(problems.resourceNotFound({ parameter: 'ids', value: '20', resource_type: 'tweet' }));
  assert.deepEqual(e, {
    title: 'Not Found Error',
    type: typeUri('resource-not-found'),
    detail: 'Could not find tweet with ids: [20].',
    value: '20',
    resource_type: 'tweet',
    parameter: 'ids',
    resource_id: '20',
  });
});
