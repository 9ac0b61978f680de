// Batch compliance jobs and the compliance streams (issue #21): a job's full cycle on the service
// clock with twitter-api-v2's own upload and download, its results computed from deletions,
// protections and suspensions in the store; the streams' events after a delete, an edit, an unlike
// and the control API's causes.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { partitionOf } from '../../src/modules/stream/stream.sample.js';
import { newApp, newUser } from '../support/actors.js';
import { twitterApiV2 } from '../support/sdk.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';
import { openStream, poster, word } from './stream.client.js';

forEachStore('compliance jobs and streams', (store) => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ store, spec: true });
    await s.admin('POST', '/_aviary/clock', { mode: 'virtual' });
  });
  after(async () => {
    await s.close();
  });

  test('a tweets job: created → in_progress on upload → complete on the clock; results from the store', async () => {
    const app = await newApp(s);
    const auth = `Bearer ${app.bearer_token}`;
    const { post, token: owner } = await poster(s);
    const kept = await post(`kept ${word()}`);
    const gone = await post(`gone ${word()}`);
    const { user: shy, post: shyPost } = await poster(s);
    const hidden = await shyPost(`hidden ${word()}`);
    const del = await s.call('DELETE', `/2/tweets/${gone}`, { auth: owner });
    assert.equal(del.status, 200);
    assert.equal((await s.admin('POST', `/_aviary/users/${shy.id}/compliance`, { action: 'protect' })).status, 200);

    const client = twitterApiV2(s.url, app.bearer_token);
    const job = await client.v2.sendComplianceJob({ type: 'tweets', name: 'nightly', ids: [kept, gone, hidden, '42'] });
    assert.equal(job.data.status, 'created');
    assert.equal((job.data as any).name, 'nightly');
    const got = await s.call('GET', `/2/compliance/jobs/${job.data.id}`, { auth });
    assert.equal(got.body.data.status, 'in_progress');
    assert.equal(Date.parse(got.body.data.upload_expires_at) - Date.parse(got.body.data.created_at), 15 * 60_000);
    const again = await s.call('POST', '/2/compliance/jobs', { auth, body: { type: 'tweets' } });
    assert.equal(again.status, 409);
    await s.admin('POST', '/_aviary/clock', { advance_ms: 5_000 });
    const done = await s.call('GET', `/2/compliance/jobs?type=tweets&status=complete`, { auth });
    assert.deepEqual(
      done.body.data.map((j: any) => j.id),
      [job.data.id],
    );
    const results = await client.v2.complianceJobResult(done.body.data[0]);
    const byId = Object.fromEntries(results.map((r: any) => [r.id, r]));
    assert.deepEqual(Object.keys(byId).sort(), [gone, hidden].sort());
    assert.equal(byId[gone].reason, 'deleted');
    assert.equal(byId[gone].action, 'delete');
    assert.equal(byId[hidden].reason, 'protected');
  });

  test('a users job reports suspensions; an unused upload URL expires the job; bad ids and other apps get 404', async () => {
    const app = await newApp(s);
    const auth = `Bearer ${app.bearer_token}`;
    const [a, b] = [await newUser(s), await newUser(s)];
    await s.admin('POST', `/_aviary/users/${a.id}/compliance`, { action: 'suspend' });
    const created = await s.call('POST', '/2/compliance/jobs', { auth, body: { type: 'users' } });
    assert.equal(created.status, 200);
    const put = await fetch(created.body.data.upload_url, { method: 'PUT', body: `${a.id}\n${b.id}\n` });
    assert.equal(put.status, 200);
    await s.admin('POST', '/_aviary/clock', { advance_ms: 5_000 });
    const res = await fetch(created.body.data.download_url);
    assert.equal(res.status, 200);
    const lines = (await res.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.deepEqual(
      lines.map((l) => [l.id, l.reason]),
      [[a.id, 'suspended']],
    );

    const idle = await s.call('POST', '/2/compliance/jobs', { auth, body: { type: 'tweets' } });
    await s.admin('POST', '/_aviary/clock', { advance_ms: 15 * 60_000 });
    const expired = await s.call('GET', `/2/compliance/jobs/${idle.body.data.id}`, { auth });
    assert.equal(expired.body.data.status, 'expired');
    assert.equal((await fetch(idle.body.data.upload_url, { method: 'PUT', body: '1' })).status, 400);

    const other = await newApp(s);
    const foreign = await s.call('GET', `/2/compliance/jobs/${idle.body.data.id}`, {
      auth: `Bearer ${other.bearer_token}`,
    });
    assert.equal(foreign.status, 404);
    const missingType = await s.call('GET', '/2/compliance/jobs', { auth });
    assert.equal(missingType.status, 400);
    const none = await s.call('GET', '/2/compliance/jobs?type=users', { auth: `Bearer ${other.bearer_token}` });
    assert.deepEqual(none.body, { meta: { result_count: 0 } });
  });

  test('compliance streams: a delete, an edit, an unlike, a suspension and a label as they happen', async () => {
    const app = await newApp(s);
    const { user, post, token } = await poster(s);
    const target = await post(`to delete ${word()}`);
    const tweets = await Promise.all(
      [1, 2, 3, 4].map((p) => openStream(s, app.bearer_token, `partition=${p}`, '/2/tweets/compliance/stream')),
    );
    const users = await openStream(
      s,
      app.bearer_token,
      `partition=${partitionOf(user.id, 4)}`,
      '/2/users/compliance/stream',
    );
    const likes = await openStream(s, app.bearer_token, '', '/2/likes/compliance/stream');
    const labels = await openStream(s, app.bearer_token, '', '/2/tweets/label/stream');
    try {
      assert.equal((await s.call('DELETE', `/2/tweets/${target}`, { auth: token })).status, 200);
      const line = await tweets[partitionOf(target, 4) - 1]!.waitFor((l) => l.data?.delete);
      assert.deepEqual(line.data.delete.tweet, { id: target, author_id: user.id });
      assert.match(line.data.delete.event_at, /Z$/);

      const liked = await post(`liked ${word()}`);
      await s.call('POST', `/2/users/${user.id}/likes`, { auth: token, body: { tweet_id: liked } });
      await s.call('DELETE', `/2/users/${user.id}/likes/${liked}`, { auth: token });
      const unlike = await likes.waitFor((l) => l.data?.delete);
      assert.deepEqual(unlike.data.delete.favorite, { id: liked, user_id: user.id });

      await s.admin('POST', `/_aviary/users/${user.id}/compliance`, { action: 'suspend' });
      const suspended = await users.waitFor((l) => l.data?.user_suspend);
      assert.equal(suspended.data.user_suspend.user.id, user.id);

      await s.admin('POST', `/_aviary/posts/${liked}/compliance`, { action: 'label', label_title: 'Context' });
      const notice = await labels.waitFor((l) => l.data?.public_tweet_notice);
      assert.equal(notice.data.public_tweet_notice.application, 'apply');
      assert.equal(notice.data.public_tweet_notice.tweet.id, liked);
    } finally {
      await Promise.all([...tweets, users, likes, labels].map((r) => r.close()));
    }
  });
});
