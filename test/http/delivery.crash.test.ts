// At-least-once across a crash: a burst of events, the server (a child process) killed with SIGKILL
// while it delivers, then restarted on the same data dir. Every event must reach the receiver at
// least once; duplicates are counted and reported.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { startReceiver } from '../support/receiver.js';
import { childCall, startChild } from '../support/child.js';
import { poll } from '../support/server.js';

const startNode = (dataDir: string) => startChild(dataDir, ['--webhook-timeout-ms', '1000', '--no-seed-demo'], 20_000);
const call = childCall;

test('SIGKILL mid-delivery and a restart on the same data dir: every event arrives at least once', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'aviary-crash-'));
  let child = await startNode(dataDir);
  const admin = `Bearer ${child.admin}`;
  const receiver = await startReceiver();
  // A slow receiver keeps many deliveries in flight when the process dies.
  receiver.post = { answer: () => 200 };
  try {
    const app = (await call(child, 'POST', '/_aviary/apps', admin, { name: 'crash', tier: 'enterprise' })).body.data;
    receiver.secret = app.consumer_secret;
    const user = (
      await call(child, 'POST', '/_aviary/users', admin, { username: `crash${Date.now() % 100000}`, name: 'crash' })
    ).body.data;
    const hook = await call(child, 'POST', '/2/webhooks', `Bearer ${app.bearer_token}`, { url: receiver.url });
    assert.equal(hook.status, 200, JSON.stringify(hook.body));
    const sub = await call(child, 'POST', '/2/activity/subscriptions', `Bearer ${app.bearer_token}`, {
      event_type: 'profile.update.bio',
      filter: { user_id: user.id },
      webhook_id: hook.body.data.id,
    });
    assert.equal(sub.status, 200, JSON.stringify(sub.body));

    const TOTAL = 3000;
    for (let i = 0; i < TOTAL / 500; i++) {
      const res = await call(child, 'POST', '/_aviary/events', admin, {
        event_type: 'profile.update.bio',
        user_id: user.id,
        payload: { batch: i },
        count: 500,
      });
      assert.equal(res.status, 201);
    }
    await poll(() => receiver.accepted.length >= 200, { timeoutMs: 20_000, intervalMs: 1 });
    child.proc.kill('SIGKILL');
    await new Promise((r) => child.proc.once('exit', r));
    const beforeRestart = receiver.accepted.length;

    child = await startNode(dataDir);
    const distinct = () => new Set(receiver.accepted.map((p) => p.json.data.event_uuid)).size;
    await poll(() => distinct() === TOTAL, { timeoutMs: 60_000, intervalMs: 50 });
    const duplicates = receiver.accepted.length - distinct();
    t.diagnostic(
      `events ${TOTAL}, delivered before the kill ${beforeRestart}, received in all ${receiver.accepted.length}, duplicates ${duplicates}`,
    );
    console.log(
      `crash test: ${TOTAL} events, ${beforeRestart} delivered before SIGKILL, ${receiver.accepted.length} received, ${duplicates} duplicates`,
    );
    assert.ok(beforeRestart < TOTAL, 'the kill happened mid-delivery');
    assert.ok(receiver.accepted.every((p) => p.signatureOk));
  } finally {
    child.proc.kill('SIGKILL');
    await receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
