import assert from 'node:assert/strict';
import { test } from 'node:test';
import { maskForm, maskHeaders, maskText, maskValue } from './journal.mask.js';

test('query strings and form bodies: oauth_* parameters, secrets and tokens masked, cursors kept', () => {
  assert.equal(maskForm('query=cats&max_results=10'), 'query=cats&max_results=10');
  assert.equal(
    maskForm('oauth_token=t&oauth_verifier=v&pagination_token=p&client_secret=s'),
    'oauth_token=***&oauth_verifier=***&pagination_token=p&client_secret=***',
  );
});

test('JSON at any depth, and text bodies by their shape', () => {
  assert.deepEqual(maskValue({ a: { access_token: 'x', refresh_token: 'y', keep: 1 }, list: [{ password: 'p' }] }), {
    a: { access_token: '***', refresh_token: '***', keep: 1 },
    list: [{ password: '***' }],
  });
  assert.equal(maskText('{"token_type":"bearer","access_token":"x"}'), '{"token_type":"bearer","access_token":"***"}');
  assert.equal(maskText('oauth_token=a&oauth_token_secret=b'), 'oauth_token=***&oauth_token_secret=***');
  assert.equal(maskText('plain words'), 'plain words');
});

test('headers: Authorization keeps only its scheme', () => {
  assert.deepEqual(maskHeaders({ authorization: 'OAuth oauth_consumer_key="k"', host: 'h', 'x-csrf-token': 't' }), {
    authorization: 'OAuth ***',
    host: 'h',
    'x-csrf-token': '***',
  });
});
