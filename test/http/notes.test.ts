// Community notes over v2 (XDK where it has the call): the posts eligible for the caller, creation
// (a URL in the text, tags by classification, test_mode kept apart), evaluation, the notes written
// and their status on the service clock, deletion by the author only.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { adminPost, newUser, userToken, type TestUser } from '../support/actors.js';
import { xdk } from '../support/sdk.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

const INFO = {
  text: 'The photo is from 2015, see https://example.com/archive/2015 for the original.',
  classification: 'misinformed_or_potentially_misleading',
  misleading_tags: ['outdated_information'],
  trustworthy_sources: true,
};

forEachStore('community notes', (store) => {
  let s: TestServer;
  let writer: TestUser;
  let token: string;
  let author: TestUser;
  before(async () => {
    s = await startServer({ store, spec: true });
    writer = await newUser(s);
    token = await userToken(s, writer.id);
    author = await newUser(s);
  });
  after(async () => {
    await s.close();
  });

  test('eligible posts exclude the caller’s own and those already noted, per mode', async () => {
    const p1 = await adminPost(s, author.id, { text: 'The bridge collapsed this morning in the city centre' });
    const p2 = await adminPost(s, author.id, { text: 'Scientists found water on the moon again today' });
    await adminPost(s, writer.id, { text: 'My own post about the weather today' });
    const client: any = xdk(s.url, { accessToken: token.slice(7) });
    const first = await client.communityNotes.searchEligiblePosts(true, { maxResults: 1, expansions: ['author_id'] });
    assert.equal(first.data.length, 1);
    assert.equal(first.data[0].id, p2.id);
    assert.equal(first.includes.users[0].id, author.id);
    assert.ok(first.meta.nextToken);
    const all = await s.call('GET', '/2/notes/search/posts_eligible_for_notes?test_mode=true&max_results=100', {
      auth: token,
    });
    const ids = all.body.data.map((p: { id: string }) => p.id);
    assert.ok(ids.includes(p1.id) && ids.includes(p2.id));
    assert.ok(all.body.data.every((p: { author_id?: string; id: string }) => p.id !== writer.id));
    const created = await client.communityNotes.create({ postId: p2.id, testMode: true, info: INFO });
    assert.match(created.data.id, /^\d+$/);
    const after1 = await s.call('GET', '/2/notes/search/posts_eligible_for_notes?test_mode=true&max_results=100', {
      auth: token,
    });
    assert.ok(!after1.body.data.some((p: { id: string }) => p.id === p2.id), 'noted posts drop out in test mode');
    const live = await s.call('GET', '/2/notes/search/posts_eligible_for_notes?test_mode=false&max_results=100', {
      auth: token,
    });
    assert.ok(
      live.body.data.some((p: { id: string }) => p.id === p2.id),
      'but stay eligible for public notes',
    );
    const bad = await s.call('GET', '/2/notes/search/posts_eligible_for_notes?test_mode=true&post_selection=x', {
      auth: token,
    });
    assert.equal(bad.status, 400);
    const missing = await s.call('GET', '/2/notes/search/posts_eligible_for_notes', { auth: token });
    assert.equal(missing.status, 400);
  });

  test('create: a URL in the text, tags by classification, a real post, once per post and mode', async () => {
    const p = await adminPost(s, author.id, { text: 'A claim that needs context about prices rising' });
    const call = (body: unknown) => s.call('POST', '/2/notes', { auth: token, body });
    const noUrl = await call({ post_id: p.id, test_mode: true, info: { ...INFO, text: 'no link here' } });
    assert.equal(noUrl.status, 400);
    assert.match(JSON.stringify(noUrl.body), /info\.text/);
    const noTags = await call({ post_id: p.id, test_mode: true, info: { ...INFO, misleading_tags: [] } });
    assert.equal(noTags.status, 400);
    const extra = await call({ post_id: p.id, test_mode: true, info: INFO, colour: 'red' });
    assert.equal(extra.status, 400);
    const noPost = await call({ post_id: '12345', test_mode: true, info: INFO });
    assert.equal(noPost.status, 404);
    const own = await adminPost(s, writer.id, { text: 'writer posts something noteworthy' });
    assert.equal((await call({ post_id: own.id, test_mode: true, info: INFO })).status, 403);
    const ok = await call({
      post_id: p.id,
      test_mode: false,
      info: { ...INFO, classification: 'not_misleading', misleading_tags: [] },
    });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.equal((await call({ post_id: p.id, test_mode: false, info: INFO })).status, 409);
    const appOnly = await s.call('POST', '/2/notes', {
      auth: `Bearer ${s.bearer}`,
      body: { post_id: p.id, test_mode: true, info: INFO },
    });
    assert.equal(appOnly.status, 403);
  });

  test('evaluate is deterministic and ranks a sourced claim above an opinion (both paths)', async () => {
    const p = await adminPost(s, author.id, { text: 'Something happened somewhere' });
    const client: any = xdk(s.url, { accessToken: token.slice(7) });
    const claim = await client.communityNotes.evaluate({ postId: p.id, noteText: INFO.text });
    const again = await s.call('POST', '/2/evaluate_note', {
      auth: token,
      body: { post_id: p.id, note_text: INFO.text },
    });
    assert.equal(again.body.data.claim_opinion_score, claim.data.claimOpinionScore);
    const opinion = await s.call('POST', '/2/evaluate_note', {
      auth: token,
      body: { post_id: p.id, note_text: 'I think this is obviously ridiculous!' },
    });
    assert.ok(opinion.body.data.claim_opinion_score < claim.data.claimOpinionScore);
    const noPost = await s.call('POST', '/2/evaluate_note', { auth: token, body: { post_id: '1', note_text: 'x' } });
    assert.equal(noPost.status, 404);
  });

  test('notes written: per mode, note.fields, status on the clock; delete by the author only', async () => {
    const other = await newUser(s);
    const w = await newUser(s);
    const wToken = await userToken(s, w.id);
    const posts = [];
    for (let i = 0; i < 3; i++) posts.push(await adminPost(s, other.id, { text: `post number ${i} to annotate` }));
    const ids = [];
    for (const p of posts) {
      const r = await s.call('POST', '/2/notes', {
        auth: wToken,
        body: { post_id: p.id, test_mode: false, info: INFO },
      });
      ids.push(r.body.data.id);
    }
    const test1 = await s.call('POST', '/2/notes', {
      auth: wToken,
      body: { post_id: posts[0]!.id, test_mode: true, info: INFO },
    });
    const client: any = xdk(s.url, { accessToken: wToken.slice(7) });
    const page = await client.communityNotes.searchWritten(false, { maxResults: 2, noteFields: ['info', 'status'] });
    assert.deepEqual(
      page.data.map((n: { id: string }) => n.id),
      [ids[2], ids[1]],
    );
    assert.equal(page.data[0].status, 'needs_more_ratings');
    assert.equal(page.data[0].info.text, INFO.text);
    const rest = await s.call(
      'GET',
      `/2/notes/search/notes_written?test_mode=false&max_results=2&pagination_token=${page.meta.nextToken}`,
      { auth: wToken },
    );
    assert.deepEqual(
      rest.body.data.map((n: { id: string }) => n.id),
      [ids[0]],
    );
    assert.equal(rest.body.meta.next_token, undefined);
    const tests = await s.call('GET', '/2/notes/search/notes_written?test_mode=true&note.fields=test_result,status', {
      auth: wToken,
    });
    assert.deepEqual(
      tests.body.data.map((n: { id: string }) => n.id),
      [test1.body.data.id],
    );
    assert.equal(tests.body.data[0].test_result.evaluator_type, 'claim_opinion');

    assert.equal((await s.admin('POST', '/_aviary/clock', { advance_ms: 25 * 3_600_000 })).status, 200);
    // OAuth 2.0 user tokens last two hours: a day later the writer signs in again.
    const wToken2 = await userToken(s, w.id);
    const rated = await s.call('GET', '/2/notes/search/notes_written?test_mode=false&note.fields=status', {
      auth: wToken2,
    });
    assert.equal(rated.body.data[0].status, 'currently_rated_helpful');
    const stillTest = await s.call('GET', '/2/notes/search/notes_written?test_mode=true&note.fields=status', {
      auth: wToken2,
    });
    assert.equal(stillTest.body.data[0].status, 'needs_more_ratings');

    assert.equal((await s.call('DELETE', `/2/notes/${ids[0]}`, { auth: await userToken(s, writer.id) })).status, 403);
    const client2: any = xdk(s.url, { accessToken: wToken2.slice(7) });
    const del = await client2.communityNotes.delete(ids[0]);
    assert.deepEqual(del.data, { deleted: true });
    assert.equal((await s.call('DELETE', `/2/notes/${ids[0]}`, { auth: wToken2 })).status, 404);
    const left = await s.call('GET', '/2/notes/search/notes_written?test_mode=false', { auth: wToken2 });
    assert.equal(left.body.meta.result_count, 2);
    assert.ok(s.specChecked() > 0);
  });
});
