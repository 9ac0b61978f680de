// noncompliant-rules: a filtered-stream connect whose stored rules no longer fit the app's limits —
// the server restarted with a lower rule cap and rule length over rules stored under the higher
// ones — is refused with 409 and the SPEC problem type; deleting the excess lets it connect again.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { forEachStore, startServer, type TestServer } from '../support/server.js';
import { appWithRules, openStream, word } from './stream.client.js';

const NONCOMPLIANT = 'https://api.twitter.com/2/problems/noncompliant-rules';

forEachStore('filtered stream: noncompliant rules', (store) => {
  let s: TestServer;
  let long: Awaited<ReturnType<typeof appWithRules>>;
  let many: Awaited<ReturnType<typeof appWithRules>>;
  let fits: Awaited<ReturnType<typeof appWithRules>>;
  const longRule = `${word()} ${'x'.repeat(1_200)}`;

  before(async () => {
    // Rules stored under generous self-serve limits ...
    const first = await startServer({ store, config: { streamRuleLength: 2_048, streamRuleCap: 3 } });
    long = await appWithRules(first, [{ value: longRule }, { value: word() }], { tier: 'pro' });
    many = await appWithRules(first, [{ value: word() }, { value: word() }, { value: word() }], { tier: 'pro' });
    fits = await appWithRules(first, [{ value: word() }], { tier: 'pro' });
    await first.stop();
    // ... read back by a server whose limits are lower.
    s = await startServer({ sameStoreAs: first, config: { streamRuleLength: 1_024, streamRuleCap: 2 } });
  });
  after(async () => {
    await s.close();
  });

  test('a rule longer than the current limit: 409 noncompliant-rules, nothing streamed', async () => {
    const res = await openStream(s, long.bearer);
    assert.equal(res.status, 409);
    assert.equal(res.body.type, NONCOMPLIANT);
    assert.equal(res.body.title, 'Noncompliant Rules');
    assert.match(res.body.detail, new RegExp(`rule of ${longRule.length} characters, longer than the 1024 `));
  });

  test('more rules than the current cap: 409 noncompliant-rules', async () => {
    const res = await openStream(s, many.bearer);
    assert.equal(res.status, 409);
    assert.equal(res.body.type, NONCOMPLIANT);
    assert.match(res.body.detail, /holds 3 rules, more than the 2/);
    // Adding is refused by the cap as before; the rules themselves are still listed.
    const listed = await s.call('GET', '/2/tweets/search/stream/rules', { auth: `Bearer ${many.bearer}` });
    assert.equal(listed.body.meta.result_count, 3);
  });

  test('a set within the limits connects; deleting the excess makes a refused set compliant', async () => {
    const ok = await openStream(s, fits.bearer);
    assert.equal(ok.status, 200);
    await ok.close();

    const del = await s.call('POST', '/2/tweets/search/stream/rules', {
      auth: `Bearer ${long.bearer}`,
      body: { delete: { ids: [long.rules[longRule]] } },
    });
    assert.equal(del.status, 200);
    const again = await openStream(s, long.bearer);
    assert.equal(again.status, 200);
    await again.close();
  });

  test('the connection refused was not counted against the connection limit', async () => {
    const first = await openStream(s, many.bearer);
    assert.equal(first.status, 409);
    const second = await openStream(s, many.bearer);
    assert.equal(second.status, 409, 'still noncompliant, not 429 TooManyConnections');
  });
});
