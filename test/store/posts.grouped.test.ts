// New posts of a run of grouped transactions are written together at its end (posts.repo.ts
// `insertNew`, issue #23): each must come out as if the posts had been written one after the other.
// A repeat of its author's previous post (in the run or before it) is refused, and only it; the
// statements a transaction runs on posts see the posts asked for before them (quote_count counts
// quoting accounts, read in the transaction). The transactions are asked for in one turn, so that
// they share a run (on PostgreSQL all but the first, which opens the lane: each burst starts with a
// post that only opens it); the HTTP test (posts.write) sends such bursts through the SDK path.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { deletePost, insertPost } from '../../src/modules/posts/index.js';
import { buildPost } from '../../src/modules/posts/posts.build.js';
import { postsRepo, type PostRow } from '../../src/modules/posts/posts.repo.js';
import { requireUser, requireUserRow } from '../../src/modules/users/index.js';
import { GROUPED } from '../../src/store/index.js';
import { adminPost, newUser, type TestUser } from '../support/actors.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

forEachStore('new posts written together', (store) => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ store });
  });
  after(async () => {
    await s.close();
  });

  const row = (u: TestUser, text: string, quoteOf?: PostRow) =>
    buildPost({
      id: s.deps.ids.next(),
      authorId: u.id,
      authorUsername: u.username,
      text,
      createdAt: s.deps.clock.now(),
      source: 'Aviary test',
      appId: null,
      quoteOf,
      resolve: () => undefined,
    });

  const DUPLICATE = 'You are not allowed to create a Tweet with duplicate content.';
  /** Asks for every post's transaction in one turn; each outcome, 'written' or the refusal's message. */
  async function together(asked: [TestUser, PostRow][]): Promise<string[]> {
    const accounts = new Map(
      await Promise.all(asked.map(async ([u]) => [u.id, await requireUser(s.deps, u.id)] as const)),
    );
    const outcomes = await Promise.allSettled(
      asked.map(([u, r]) => s.deps.db.tx((tx) => insertPost(tx, r, accounts.get(u.id)!, r.text), GROUPED)),
    );
    return outcomes.map((o) => (o.status === 'fulfilled' ? 'written' : (o.reason as Error).message));
  }
  const texts = async (u: TestUser) =>
    (await postsRepo.byAuthor(s.deps.db, u.id, { limit: 10 })).map((p) => p.text).reverse();

  test("a run of new posts: each checked against its author's previous one, in the run or before it", async () => {
    const [carol, dave, erin, bob] = [await newUser(s), await newUser(s), await newUser(s), await newUser(s)];
    await adminPost(s, dave.id, { text: 'dave said this' });
    const original = (await postsRepo.byId(s.deps.db, (await adminPost(s, bob.id, { text: 'to be quoted' })).id))!;
    // Nothing refused: a text may come back after another; two quotes by one account count once.
    assert.deepEqual(
      await together([
        [bob, row(bob, 'opens the run')],
        [carol, row(carol, 'same')],
        [carol, row(carol, 'other')],
        [carol, row(carol, 'same')],
        [erin, row(erin, 'a first quote', original)],
        [erin, row(erin, 'a second quote', original)],
      ]),
      ['written', 'written', 'written', 'written', 'written', 'written'],
    );
    assert.deepEqual(await texts(carol), ['same', 'other', 'same']);
    assert.equal((await postsRepo.byId(s.deps.db, original.id))!.quote_count, 1);
    // A repeat within the run.
    assert.deepEqual(
      await together([
        [bob, row(bob, 'opens the next run')],
        [carol, row(carol, 'again')],
        [carol, row(carol, 'again')],
      ]),
      ['written', 'written', DUPLICATE],
    );
    // A repeat of the latest post before the run, beside posts that stand.
    assert.deepEqual(
      await together([
        [bob, row(bob, 'opens a third run')],
        [dave, row(dave, 'dave said this')],
        [carol, row(carol, 'fresh')],
      ]),
      ['written', DUPLICATE, 'written'],
    );
    assert.deepEqual(await texts(carol), ['same', 'other', 'same', 'again', 'fresh']);
    assert.deepEqual(await texts(dave), ['dave said this']);
    const counts = await Promise.all(
      [carol, dave, erin].map(async (u) => (await requireUserRow(s.deps, u.id)).tweet_count),
    );
    assert.deepEqual(counts, [5, 1, 2]);
  });
  test('quote_count counts accounts: quotes and a deletion of an earlier quote in one run', async () => {
    const [bob, fay, gus] = [await newUser(s), await newUser(s), await newUser(s)];
    const original = (await postsRepo.byId(s.deps.db, (await adminPost(s, bob.id, { text: 'quoted by many' })).id))!;
    const quoteCount = async () => (await postsRepo.byId(s.deps.db, original.id))!.quote_count;
    const first = row(fay, 'fay quotes it', original);
    assert.deepEqual(await together([[fay, first]]), ['written']);
    assert.equal(await quoteCount(), 1);
    const actor = (u: TestUser) => ({
      userId: u.id,
      app: {
        id: 'test',
        name: 'Aviary test',
        tier: 'enterprise' as const,
        client_id: 'test',
        permission: 'read-write',
      },
    });
    const [fayAccount, gusAccount, bobAccount] = await Promise.all(
      [fay, gus, bob].map((u) => requireUser(s.deps, u.id)),
    );
    const post = (account: typeof fayAccount, r: PostRow) =>
      s.deps.db.tx((tx) => insertPost(tx, r, account!, r.text), GROUPED);
    // One run (asked in one turn, after a post that opens the lane on PostgreSQL): fay quotes it again
    // and deletes her first quote; gus quotes it for the first time. Fay still quotes it: one more, gus's.
    const second = row(fay, 'fay quotes it again', original);
    await Promise.all([
      post(bobAccount, row(bob, 'opens the run')),
      post(fayAccount, second),
      deletePost(s.deps, actor(fay), first.id),
      post(gusAccount, row(gus, 'gus quotes it', original)),
    ]);
    assert.equal(await quoteCount(), 2);
    // The other order in one run: fay deletes her quote, then quotes it once more. Still two accounts.
    await Promise.all([
      post(bobAccount, row(bob, 'opens another run')),
      deletePost(s.deps, actor(fay), second.id),
      post(fayAccount, row(fay, 'fay quotes it a third time', original)),
    ]);
    assert.equal(await quoteCount(), 2);
    // A run where gus deletes his only quote (one account fewer) and hal quotes it and deletes that
    // quote (none more): one.
    const hal = await newUser(s);
    const halAccount = await requireUser(s.deps, hal.id);
    const gusQuote = (await postsRepo.byAuthor(s.deps.db, gus.id, { limit: 5 })).find((p) => p.quote_of_id)!;
    const halQuote = row(hal, 'hal quotes it briefly', original);
    await Promise.all([
      post(bobAccount, row(bob, 'opens a last run')),
      deletePost(s.deps, actor(gus), gusQuote.id),
      post(halAccount, halQuote),
      deletePost(s.deps, actor(hal), halQuote.id),
    ]);
    assert.equal(await quoteCount(), 1);
  });
});
