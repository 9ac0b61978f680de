// Replay jobs: the events of a window of the last 24 hours are sent again, then replay_job_status;
// one job per webhook at a time; the deprecated Account Activity path still answers, pointing on.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { newApp, newUser, newWebhook, subscribe, type Receiver } from '../support/receiver.js';
import { forEachStore, poll, startServer, type TestServer } from '../support/server.js';

const T0 = Date.parse('2031-06-01T12:00:00.000Z');
const ymdhm = (ms: number) => new Date(ms).toISOString().replace(/[-T:]/g, '').slice(0, 12);

forEachStore('webhooks: replay', (store) => {
  let s: TestServer;
  const receivers: Receiver[] = [];
  before(async () => {
    s = await startServer({ store });
    await s.admin('POST', '/_aviary/clock', { set: new Date(T0).toISOString() });
  });
  after(async () => {
    await s.close();
    for (const r of receivers) await r.close();
  });

  async function withEvents(n: number) {
    const app = await newApp(s);
    const user = await newUser(s);
    const w = await newWebhook(s, app);
    receivers.push(w.receiver);
    await subscribe(s, app.auth, { event_type: 'profile.update.bio', filter: { user_id: user.id }, webhook_id: w.id });
    for (let i = 0; i < n; i++)
      await s.admin('POST', '/_aviary/events', {
        event_type: 'profile.update.bio',
        user_id: user.id,
        payload: { before: `${i}`, after: `${i + 1}` },
      });
    await poll(() => w.receiver.accepted.length === n);
    return { app, user, ...w };
  }
  const replay = (auth: string, body: unknown) => s.call('POST', '/2/webhooks/replay', { auth, body });
  const now = async () => Date.parse((await s.admin('GET', '/_aviary/clock')).body.data.now);

  test("a replay re-delivers the window's events, then reports the job as complete", async () => {
    const { app, id, receiver: r } = await withEvents(3);
    const original = r.accepted.map((p) => p.body);
    await s.admin('POST', '/_aviary/clock', { advance_ms: 60 * 60_000 });
    const t = await now();
    const res = await replay(app.auth, { webhook_id: id, from_date: ymdhm(t - 2 * 3_600_000), to_date: ymdhm(t) });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.match(res.body.job_id, /^[0-9]{1,19}$/);
    assert.equal(res.body.created_at, new Date(t).toISOString());
    await poll(() => r.accepted.length === 7);
    const again = r.accepted
      .slice(3, 6)
      .map((p) => p.body)
      .sort();
    assert.deepEqual(again, [...original].sort(), 'the same bodies (same event_uuid) are sent again');
    assert.deepEqual(r.accepted[6]!.json, {
      replay_job_status: {
        webhook_id: id,
        job_state: 'Complete',
        job_state_description: 'Job completed successfully',
        job_id: res.body.job_id,
      },
    });
    assert.equal(r.accepted[6]!.signatureOk, true);
  });

  test('an empty window completes at once', async () => {
    const { app, id, receiver: r } = await withEvents(1);
    const t = await now();
    const res = await replay(app.auth, {
      webhook_id: id,
      from_date: ymdhm(t - 20 * 3_600_000),
      to_date: ymdhm(t - 19 * 3_600_000),
    });
    assert.equal(res.status, 200);
    await poll(() => r.accepted.length === 2);
    assert.equal(r.accepted[1]!.json.replay_job_status.job_state, 'Complete');
  });

  test('a second job while one runs is a conflict; a job whose events cannot be delivered ends Incomplete', async () => {
    const { app, id, receiver: r } = await withEvents(1);
    const t = await now();
    const window = { webhook_id: id, from_date: ymdhm(t - 3_600_000), to_date: ymdhm(t + 60_000) };
    r.post = { answer: (p) => (p.json?.replay_job_status ? 200 : 500) };
    assert.equal((await replay(app.auth, window)).status, 200);
    const second = await replay(app.auth, window);
    assert.equal(second.status, 409);
    assert.equal(second.body.type, 'https://api.twitter.com/2/problems/conflict');
    assert.match(second.body.detail, /ReplayConflictError/);
    // Advance only once the failed attempt is settled (logged), so its retry is scheduled before the jump.
    await poll(async () =>
      (await s.admin('GET', `/_aviary/webhooks/${id}/deliveries`)).body.data.some((a: any) => a.status === 'failed'),
    );
    await s.admin('POST', '/_aviary/clock', { advance_ms: 10 * 60_000 });
    const status = await poll(() => r.accepted.find((p) => p.json?.replay_job_status)?.json.replay_job_status);
    assert.equal(status.job_state, 'Incomplete');
    assert.equal(status.job_state_description, 'Job failed to deliver all events, please retry your replay job');
    r.post = 'ok';
    assert.equal((await replay(app.auth, window)).status, 200, 'a new job may start once the last one ended');
  });

  test('bad windows, unknown and invalid webhooks are refused', async () => {
    const { app, id, receiver: r } = await withEvents(0);
    const t = await now();
    const cases: [unknown, string, RegExp][] = [
      [{ webhook_id: id, from_date: '2031', to_date: ymdhm(t) }, 'from_date', /yyyymmddhhmm/],
      [{ webhook_id: id, from_date: ymdhm(t - 60_000), to_date: '20311399' }, 'to_date', /yyyymmddhhmm/],
      [{ webhook_id: id, from_date: ymdhm(t - 25 * 3_600_000), to_date: ymdhm(t) }, 'from_date', /last 24 hours/],
      [{ webhook_id: id, from_date: ymdhm(t), to_date: ymdhm(t - 60_000) }, 'to_date', /after from_date/],
      [{ webhook_id: '42', from_date: ymdhm(t - 60_000), to_date: ymdhm(t) }, 'webhook_id', /^WebhookIdInvalid/],
    ];
    for (const [body, param, message] of cases) {
      const res = await replay(app.auth, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.deepEqual(Object.keys(res.body.errors[0].parameters), [param]);
      assert.match(res.body.errors[0].message, message);
    }
    r.crc = 'wrong-token';
    await s.call('PUT', `/2/webhooks/${id}`, { auth: app.auth });
    const invalid = await replay(app.auth, { webhook_id: id, from_date: ymdhm(t - 60_000), to_date: ymdhm(t) });
    assert.match(invalid.body.errors[0].message, /^CrcValidationFailed/);
  });

  test('the deprecated Account Activity replay path still works and names its successor', async () => {
    const { app, id, receiver: r } = await withEvents(1);
    await s.admin('POST', '/_aviary/clock', { advance_ms: 60 * 60_000 });
    const t = await now();
    const path = `/2/account_activity/replay/webhooks/${id}/subscriptions/all?from_date=${ymdhm(t - 2 * 3_600_000)}&to_date=${ymdhm(t - 20 * 60_000)}`;
    const res = await s.call('POST', path, { auth: app.auth });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.for_user_id, '');
    assert.match(res.body.replay_event.job_id, /^[0-9]+$/);
    assert.equal(res.headers.get('deprecation'), 'true');
    assert.match(res.headers.get('link')!, /<\/2\/webhooks\/replay>; rel="successor-version"/);
    await poll(() => r.accepted.length === 3);
    const late = await s.call(
      'POST',
      `/2/account_activity/replay/webhooks/${id}/subscriptions/all?from_date=${ymdhm(t - 60_000)}&to_date=${ymdhm(t)}`,
      { auth: app.auth },
    );
    assert.equal(late.status, 400);
    assert.match(late.body.errors[0].message, /^QueryParamInvalid/);
  });
});
