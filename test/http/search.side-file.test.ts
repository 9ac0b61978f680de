// On SQLite the search index is a file beside the store, `aviary.search.db` (migration 0046,
// modules/search/search.store.ts): derived from the posts, it is built again whenever it does not
// index the store's posts — a missing file at a start, a reset — and searches answer as before.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { adminPost, newApp, newUser } from '../support/actors.js';
import { startServer, uniqueName, type TestServer } from '../support/server.js';

const servers: TestServer[] = [];
after(async () => {
  for (const s of servers) await s.close();
});

const found = async (s: TestServer, word: string, bearer = s.bearer) => {
  const res = await s.call<{ data?: { id: string }[] }>('GET', `/2/tweets/search/recent?query=${word}`, {
    auth: `Bearer ${bearer}`,
  });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return (res.body.data ?? []).map((t) => t.id).sort();
};

test('the index file is built again from the posts when it is missing, and after a reset', async () => {
  const a = await startServer({ store: 'sqlite' });
  servers.push(a);
  await a.admin('POST', '/_aviary/clock', { mode: 'virtual' });
  const word = uniqueName('side');
  const author = await newUser(a);
  const ids = [];
  for (let i = 0; i < 3; i++) ids.push((await adminPost(a, author.id, { text: `${word} number ${i}` })).id);
  await a.admin('POST', '/_aviary/clock', { advance_ms: 60_000 });
  assert.deepEqual(await found(a, word), ids.sort());
  const dir = a.deps.config.dataDir;
  assert.ok(existsSync(join(dir, 'aviary.search.db')), 'the index is a file beside aviary.db');

  await a.stop();
  for (const f of readdirSync(dir).filter((n) => n.startsWith('aviary.search.db'))) rmSync(join(dir, f));
  const b = await startServer({ sameStoreAs: a });
  servers.push(b);
  await b.admin('POST', '/_aviary/clock', { mode: 'virtual' });
  await b.admin('POST', '/_aviary/clock', { advance_ms: 60_000 });
  assert.deepEqual(await found(b, word), ids, 'every post filed again');

  assert.equal((await b.admin('POST', '/_aviary/reset')).status, 200);
  await b.admin('POST', '/_aviary/clock', { mode: 'virtual' });
  const again = await newUser(b);
  const fresh = (await adminPost(b, again.id, { text: `${word} after the reset` })).id;
  await b.admin('POST', '/_aviary/clock', { advance_ms: 60_000 });
  // A reset empties the apps too: the search is made with a new one.
  const app = await newApp(b);
  assert.deepEqual(await found(b, word, app.bearer_token), [fresh], 'the posts before the reset are no longer filed');
});
