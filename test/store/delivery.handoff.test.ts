// The delivery worker's handoff (src/delivery/deliveries.ts `Handoff`): rows a writer hands over are
// written locked for the worker and sent once the writer commits, without a claim; when the worker is
// full the writer is refused and writes them unclaimed, and rows handed over later never overtake
// those; a writer whose transaction failed gives its slots back. The real store of each kind, the
// worker's HTTP client replaced by one that holds every answer until the test lets it go.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createDeliveryWorker, deliveryRepo, encodeDelivery, type Handoff } from '../../src/delivery/index.js';
import type { HttpClient, HttpRequest, HttpResult } from '../../src/delivery/http.js';
import type { Deps } from '../../src/deps.js';
import { createClock } from '../../src/shared/clock.js';
import { onOutbox, postgresSignals } from '../../src/store/signals.js';
import type { Db } from '../../src/store/index.js';
import type { OutboxRow } from '../../src/store/outbox.js';
import { forEachStore, PG_URL } from '../support/server.js';
import { openTestStore } from '../support/store.js';

/** Sends are recorded in order and answered 200 only when `release` is called. */
function heldHttp() {
  const sent: string[] = [];
  const waiting: (() => void)[] = [];
  const http: HttpClient = {
    send(req: HttpRequest): Promise<HttpResult> {
      sent.push((JSON.parse(req.body!) as { n: string }).n);
      return new Promise((resolve) =>
        waiting.push(() => resolve({ kind: 'response', status: 200, body: '', latencyMs: 1 })),
      );
    },
    close() {},
  };
  return { http, sent, release: () => waiting.splice(0).forEach((fn) => fn()) };
}

forEachStore('delivery handoff', (kind) => {
  const clock = createClock();
  let db: Db;
  let schema: string | null;
  let dispose: () => Promise<void>;
  let seq = 0;
  const nextId = () => String(1_000_000 + ++seq);

  before(async () => {
    let config;
    ({ db, dispose, config } = await openTestStore(kind, clock));
    schema = config.databaseSchema;
  });
  after(async () => {
    await dispose();
  });

  function worker(http: HttpClient) {
    const deps = {
      db,
      clock,
      ids: { next: nextId, worker: 0 },
      config: {
        webhookRetrySchedule: '10s',
        webhookTimeoutMs: 5_000,
        strictWebhooks: false,
        webhookSignatureHeader: 'x-twitter-webhooks-signature',
      },
      runtime: { faults: { onWebhook: async () => null }, journal: { delivery: () => undefined } },
      scheduler: { at: () => ({ cancel: () => undefined }) },
    } as unknown as Deps;
    return createDeliveryWorker({
      deps,
      http,
      holder: 'test-holder',
      resolve: async () => ({ url: 'http://127.0.0.1:9/hook', secret: 's', valid: true }),
      afterSettle: async () => undefined,
      onError: (err) => assert.fail(String(err)),
    });
  }

  /** Writes `n` delivery rows the way the fan-out does: with the handoff's lock, then reports the commit. */
  async function write(handoff: Handoff, label: string, n: number): Promise<OutboxRow[]> {
    const rows = Array.from({ length: n }, (_, i) => ({
      id: nextId(),
      topic: 'webhook.delivery',
      target: 'w1',
      payload: encodeDelivery({
        webhook_id: 'w1',
        event_id: `${label}${i}`,
        kind: 'activity',
        body: JSON.stringify({ n: `${label}${i}` }),
      }),
      at: clock.now(),
    }));
    const written = await db.tx((tx) => deliveryRepo.enqueueMany(tx, rows, handoff.lock));
    handoff.committed(written);
    return written;
  }

  const until = async (what: () => Promise<boolean> | boolean) => {
    for (let i = 0; i < 500; i++) {
      if (await what()) return;
      await new Promise((r) => setTimeout(r, 10));
    }
    assert.fail('timed out');
  };
  /** Stops the worker; a reservation a failed assertion left open must not hide that failure behind a hang. */
  const stopped = (w: { stop(): Promise<void> }) => Promise.race([w.stop(), new Promise((r) => setTimeout(r, 2_000))]);
  const pending = async () =>
    Number(
      (await db.get<{ n: number }>(
        "SELECT COUNT(*) AS n FROM outbox WHERE topic = 'webhook.delivery' AND status = 'pending'",
      ))!.n,
    );

  /** Whether the worker would take `n` rows now (the reservation is given back at once). */
  const takes = (w: ReturnType<typeof worker>, n: number) => {
    const probe = w.reserve(n);
    probe.failed();
    return probe.lock !== null;
  };
  /** A started worker that has looked at the store once (it starts behind: nothing is handed over before that). */
  async function started(http: HttpClient) {
    const w = worker(http);
    w.start();
    await until(() => takes(w, 1));
    return w;
  }

  test('handed rows go out at once; refused ones are written unclaimed and go out before later handoffs', async () => {
    const h = heldHttp();
    const w = await started(h.http);
    try {
      const first = w.reserve(100);
      assert.ok(first.lock, 'an idle worker takes the rows');
      const stored = await write(first, 'a', 100);
      const locked = await db.all<{ locked_by: string | null }>(
        `SELECT locked_by FROM outbox WHERE id IN (${stored.map(() => '?').join(', ')})`,
        stored.map((r) => r.id),
      );
      assert.ok(
        locked.every((r) => r.locked_by === 'test-holder'),
        'written locked for the worker',
      );
      await until(() => h.sent.length === 100);

      // 128 in flight at most and 100 are taken: 50 do not fit, and then even 5 that would must wait their turn.
      const full = w.reserve(50);
      assert.equal(full.lock, null);
      await write(full, 'b', 50);
      const later = w.reserve(5);
      assert.equal(later.lock, null, 'no handoff while rows written unclaimed wait');
      await write(later, 'c', 5);

      while ((await pending()) > 0 || h.sent.length < 155) {
        h.release();
        await new Promise((r) => setTimeout(r, 10));
      }
      assert.deepEqual(
        h.sent.filter((n) => !n.startsWith('a')),
        [...Array.from({ length: 50 }, (_, i) => `b${i}`), ...Array.from({ length: 5 }, (_, i) => `c${i}`)],
      );
      h.release();
      await until(async () => (await pending()) === 0);
      // Caught up: handing over works again.
      await until(() => takes(w, 3));
    } finally {
      h.release();
      await stopped(w);
    }
  });

  test('a failed transaction gives its slots back', async () => {
    const w = await started(heldHttp().http);
    try {
      const lost = w.reserve(128);
      assert.ok(lost.lock);
      const refused = w.reserve(1);
      assert.equal(refused.lock, null, 'every slot is promised');
      refused.failed();
      lost.failed();
      // The refusal above marked the worker behind until its next short claim.
      await until(() => takes(w, 128));
    } finally {
      await stopped(w);
    }
  });

  // Migration 0044: the outbox signal marks `!` only the topics of rows still to claim. Handed-over rows
  // are held by this worker already; every node's worker woke on their signal for a claim that found
  // nothing. PostgreSQL only: the embedded store signals nothing (its writers wake the worker in memory).
  if (kind === 'postgres')
    test('the outbox signal marks rows still to claim, not rows handed over', async () => {
      const signals = await postgresSignals(PG_URL!, schema);
      const heard: string[] = [];
      await signals.listen('outbox', (payload) => heard.push(payload));
      const claimer = { woken: 0 };
      await onOutbox(signals, ['webhook.delivery'], () => claimer.woken++, { pending: true });
      try {
        const lock = { holder: 'test-holder', until: clock.wall() + 60_000 };
        await write({ lock, committed: () => undefined, failed: () => undefined }, 's', 2);
        await write({ lock: null, committed: () => undefined, failed: () => undefined }, 'u', 1);
        await until(() => heard.length === 2);
        assert.deepEqual(heard, ['webhook.delivery', 'webhook.delivery,webhook.delivery!']);
        assert.equal(claimer.woken, 1, 'only the unclaimed row wakes a claimer');
      } finally {
        await signals.close();
        await db.run("UPDATE outbox SET status = 'done', locked_by = NULL WHERE topic = 'webhook.delivery'");
      }
    });
});
