// The delivery worker: claims `webhook.delivery` / `webhook.replay` outbox rows, POSTs each body as
// JSON with the signature header, and settles every attempt (outbox row + attempt log) in batched
// transactions. Up to MAX_IN_FLIGHT sends run at once, so one slow receiver does not hold up the
// rest. A failed send is retried on the configured schedule on the service clock (a scheduler
// timer is armed for the next due row, so virtual time drives retries); after the last retry, or
// when the webhook is invalid, the row is settled as dead — it stays in the outbox for replay.
// A crash leaves claimed rows locked until their lock lapses, then they are sent again:
// at-least-once, never at-most-once (receivers dedupe by event id, notes §2.2).
import type { Deps } from '../deps.js';
import type { OutboxRow } from '../store/outbox.js';
import { deliveryRepo, type AttemptRow } from './delivery.repo.js';
import type { HttpClient } from './http.js';
import { createPump } from './pump.js';
import { nextDelay, retrySchedule } from './retry.js';
import { sign } from './signature.js';
import { refuseBeforeSend } from './url-policy.js';

/** Events, replayed events (target = replay job) and Aviary's own notices such as replay_job_status. */
export const DELIVERY_TOPICS = ['webhook.delivery', 'webhook.replay', 'webhook.notice'];
export type DeliveryPayload = { webhook_id: string; event_id: string; kind: string; body: string };

/**
 * A delivery row's payload: a JSON header line, then the exact body bytes to POST. Keeping the body
 * raw (not a JSON string inside JSON) saves an escape and an unescape of every body on the hot path;
 * a replay copies the row's payload as it is.
 */
export function encodeDelivery(d: DeliveryPayload): string {
  return JSON.stringify({ webhook_id: d.webhook_id, event_id: d.event_id, kind: d.kind }) + '\n' + d.body;
}
export function decodeDelivery(text: string): DeliveryPayload {
  const nl = text.indexOf('\n');
  const head = JSON.parse(text.slice(0, nl)) as Omit<DeliveryPayload, 'body'>;
  return { webhook_id: head.webhook_id, event_id: head.event_id, kind: head.kind, body: text.slice(nl + 1) };
}
export type Target = { url: string; secret: string; valid: boolean };
/**
 * Delivery rows a writer in this process hands to the worker as it writes them (issue #23): written
 * already locked for the worker, they are sent once the writer commits, without the claim that
 * would read and rewrite each row (a 2–3 KB body) again. A row handed over is held exactly as a
 * claimed one: if the process dies its lock lapses and any worker claims it (at-least-once).
 */
export type Handoff = {
  /** The lock to write the rows with, or null: write them unclaimed, the worker claims them. */
  lock: { holder: string; until: number } | null;
  /** After the commit: the rows as written (started at once when locked for the worker). */
  committed(rows: OutboxRow[]): void;
  /** The transaction did not commit: nothing was written. */
  failed(): void;
};
/** What every attempt of a delivery row shares. */
type AttemptBase = Pick<AttemptRow, 'webhook_id' | 'delivery_id' | 'event_id' | 'kind' | 'attempt'>;
type AttemptOutcome = Pick<AttemptRow, 'status' | 'response_code' | 'latency_ms' | 'error' | 'at'>;

/**
 * An attempt, its keys written out: on Node 20's V8 an object literal that spreads an object and then
 * adds keys it lacks (`{ ...base, status, … }`) costs about a microsecond a key added, every time (an
 * inline-cache miss per key; bench/NOTES.md "twenty-first pass"); a literal of its own keys, 60 ns.
 */
const attemptOf = (b: AttemptBase, o: AttemptOutcome): Omit<AttemptRow, 'id'> => ({
  webhook_id: b.webhook_id,
  delivery_id: b.delivery_id,
  event_id: b.event_id,
  kind: b.kind,
  attempt: b.attempt,
  status: o.status,
  response_code: o.response_code,
  latency_ms: o.latency_ms,
  error: o.error,
  at: o.at,
});

export type Settled = {
  row: OutboxRow;
  payload: DeliveryPayload;
  attempt: Omit<AttemptRow, 'id'>;
  retryAt: number | null;
  /** Fault rules (/_aviary/faults, target `delivery`) that delayed or dropped this attempt. */
  faults?: string[];
};

const MAX_IN_FLIGHT = 128;
const CLAIM_LIMIT = 200;
const IDLE_MS = 10;
/**
 * Longest wait between polls when nothing comes: only a safety net, since writers here nudge and
 * rows other nodes commit are signalled (migration 0033, ADR 0023); it finds claims a dead node let lapse.
 */
const MAX_IDLE_MS = 2_000;
/** Claim again only when this many slots are free (or nothing is in flight): fewer, fuller claims. */
const MIN_ROOM = 32;
/** Results wait this long to be settled together in one transaction. */
const SETTLE_DELAY_MS = 2;

export type DeliveryWorkerOptions = {
  deps: Deps;
  http: HttpClient;
  holder: string;
  resolve(webhookId: string): Promise<Target | null>;
  afterSettle(settled: Settled[]): Promise<void>;
  onError(err: unknown): void;
};

export function createDeliveryWorker(o: DeliveryWorkerOptions) {
  const { deps } = o;
  const schedule = retrySchedule(deps.config.webhookRetrySchedule);
  const lockMs = deps.config.webhookTimeoutMs + 5_000;
  let inFlight = 0;
  /** Slots promised to handoffs whose writers have not committed yet. */
  let reserved = 0;
  /**
   * Handed-over rows may not overtake due rows written unclaimed: after a refused handoff (or at
   * start, or after a full claim) the worker hands nothing more over until a claim comes back short
   * with no refused write outstanding or committed since it began (`unclaimed` counts those).
   */
  let behind = true;
  let refusedOpen = 0;
  let unclaimed = 0;
  /** A claim was skipped for want of room: the next settle claims. */
  let owed = false;
  let pending: Settled[] = [];
  let flushing: Promise<void> | null = null;
  let armed: { due: number; cancel(): void } | null = null;
  let stopped = false;
  const waiters: (() => void)[] = [];
  const progressed = () => {
    for (const w of waiters.splice(0)) w();
  };

  async function deliverOne(row: OutboxRow, payload: DeliveryPayload, target: Target | null): Promise<Settled> {
    const base: AttemptBase = {
      webhook_id: payload.webhook_id,
      delivery_id: row.id,
      event_id: payload.event_id,
      kind: payload.kind,
      attempt: row.attempts + 1,
    };
    if (!target || !target.valid) {
      const error = target
        ? 'the webhook is invalid; nothing is sent until it is re-enabled (events stay available for replay)'
        : 'the webhook was deleted';
      return {
        row,
        payload,
        retryAt: null,
        attempt: attemptOf(base, {
          status: 'skipped',
          response_code: null,
          latency_ms: null,
          error,
          at: deps.clock.now(),
        }),
      };
    }
    // The stored URL may predate --strict-webhooks (registered before a restart with it on).
    const refused = deps.config.strictWebhooks ? refuseBeforeSend(target.url) : null;
    if (refused) {
      const error = `refused by --strict-webhooks, nothing was sent: ${refused}`;
      return failed(row, payload, base, { response_code: null, latency_ms: null, error, at: deps.clock.now() });
    }
    // Fault rules may hold the attempt back, or lose it: nothing is sent and it is not retried (the
    // event stays in the outbox for replay, as a real lost delivery is recovered).
    const fault = await deps.runtime.faults.onWebhook({
      target: 'delivery',
      webhookId: payload.webhook_id,
      url: target.url,
    });
    if (fault && fault.latencyMs > 0) await new Promise((r) => setTimeout(r, fault.latencyMs));
    if (fault?.drop) {
      const error = `dropped by fault rule ${fault.drop}: nothing was sent`;
      const outcome = {
        status: 'gave_up' as const,
        response_code: null,
        latency_ms: null,
        error,
        at: deps.clock.now(),
      };
      return { row, payload, retryAt: null, attempt: attemptOf(base, outcome), faults: fault.rules };
    }
    const settled = await send(row, payload, target, base);
    return fault ? { ...settled, faults: fault.rules } : settled;
  }

  async function send(row: OutboxRow, payload: DeliveryPayload, target: Target, base: AttemptBase): Promise<Settled> {
    const res = await o.http.send({
      method: 'POST',
      url: new URL(target.url),
      body: payload.body,
      headers: {
        'content-type': 'application/json',
        [deps.config.webhookSignatureHeader]: sign(target.secret, payload.body),
      },
    });
    const at = deps.clock.now();
    const code = res.kind === 'response' ? res.status : null;
    const latency_ms = Math.round(res.latencyMs);
    if (code !== null && code >= 200 && code < 300) {
      return {
        row,
        payload,
        retryAt: null,
        attempt: attemptOf(base, { status: 'delivered', response_code: code, latency_ms, error: null, at }),
      };
    }
    const error = res.kind === 'response' ? `the receiver answered ${res.status}` : res.error;
    return failed(row, payload, base, { response_code: code, latency_ms, error, at });
  }

  /** Every attempt appears in the request journal beside the requests (kind `delivery`). */
  function journal(s: Settled, target: Target | null) {
    const a = s.attempt;
    deps.runtime.journal.delivery({
      url: target?.url ?? '',
      webhook_id: a.webhook_id,
      event_id: a.event_id,
      event_kind: a.kind,
      attempt: a.attempt,
      outcome: a.status,
      status: a.response_code,
      latency_ms: a.latency_ms,
      error: a.error,
      faults: s.faults ?? null,
    });
  }

  /** A failed attempt: retried on the schedule, or given up after its last retry. */
  function failed(
    row: OutboxRow,
    payload: DeliveryPayload,
    base: AttemptBase,
    outcome: Omit<AttemptOutcome, 'status'>,
  ): Settled {
    const delay = nextDelay(schedule, base.attempt);
    return {
      row,
      payload,
      retryAt: delay === null ? null : outcome.at + delay,
      attempt: attemptOf(base, {
        status: delay === null ? 'gave_up' : 'failed',
        response_code: outcome.response_code,
        latency_ms: outcome.latency_ms,
        error: outcome.error,
        at: outcome.at,
      }),
    };
  }

  async function settle(batch: Settled[]) {
    // Armed before the commit: whoever sees the failed attempt in the log (and then advances the
    // virtual clock) finds the retry's timer already set.
    const retryAts = batch.map((s) => s.retryAt).filter((t): t is number => t !== null);
    if (retryAts.length) armAt(Math.min(...retryAts));
    await deps.db.tx(async (tx) => {
      await deliveryRepo.doneMany(
        tx,
        batch.filter((s) => s.attempt.status === 'delivered').map((s) => s.row.id),
        o.holder,
      );
      for (const s of batch) {
        if (s.attempt.status !== 'delivered')
          await deliveryRepo.retry(
            tx,
            s.row.id,
            o.holder,
            s.retryAt ?? s.row.available_at,
            s.attempt.error ?? 'failed',
            s.retryAt === null,
          );
      }
      await deliveryRepo.insertAttempts(
        tx,
        batch.map((s) => ({ id: deps.ids.next(), ...s.attempt })),
      );
    });
    await o.afterSettle(batch);
  }

  let flushTimer: NodeJS.Timeout | null = null;
  /** Settles the results gathered in the last few milliseconds together. */
  function scheduleFlush() {
    if (flushTimer || flushing) return;
    flushTimer = setTimeout(() => {
      flushTimer = null;
      void flush();
    }, SETTLE_DELAY_MS);
  }

  function flush(): Promise<void> {
    if (flushing) return flushing;
    if (flushTimer) {
      clearTimeout(flushTimer);
      flushTimer = null;
    }
    flushing = (async () => {
      try {
        while (pending.length) {
          const batch = pending;
          pending = [];
          await settle(batch);
        }
      } catch (err) {
        o.onError(err);
      } finally {
        flushing = null;
        progressed();
        // Room again: claim only if something may be waiting unclaimed (issue #23: a claim after every
        // settle found nothing under a handed-over load, and still walked every row in flight).
        if (behind || owed) pump.nudge();
      }
    })();
    return flushing;
  }

  /** Sends rows this worker holds (claimed, or handed over already locked for it). */
  function startRows(rows: OutboxRow[]) {
    const targets = new Map<string, Promise<Target | null>>();
    for (const row of rows) {
      const payload = decodeDelivery(row.payload);
      const id = payload.webhook_id;
      if (!targets.has(id)) targets.set(id, o.resolve(id));
      inFlight++;
      void targets
        .get(id)!
        .then(async (t) => {
          const s = await deliverOne(row, payload, t);
          journal(s, t);
          return s;
        })
        .then(
          (s) => {
            pending.push(s);
          },
          (err) => {
            o.onError(err);
          },
        )
        .finally(() => {
          inFlight--;
          scheduleFlush();
        });
    }
  }

  /** Claims what is due and starts sending it; returns how many rows were claimed. */
  async function fill(): Promise<number> {
    const room = MAX_IN_FLIGHT - inFlight - pending.length - reserved;
    if (stopped) return 0;
    if (room <= 0 || (room < MIN_ROOM && inFlight > 0)) {
      owed = true;
      return 0;
    }
    owed = false;
    const wall = deps.clock.wall();
    const limit = Math.min(room, CLAIM_LIMIT);
    const seen = unclaimed;
    const rows = await deliveryRepo.claim(deps.db, {
      topics: DELIVERY_TOPICS,
      holder: o.holder,
      now: deps.clock.now(),
      wall,
      lockUntil: wall + lockMs,
      limit,
    });
    behind = rows.length >= limit || refusedOpen > 0 || seen !== unclaimed;
    startRows(rows);
    return rows.length;
  }

  /** A writer is about to write `n` delivery rows: locked for this worker when it has room and no backlog. */
  function reserve(n: number): Handoff {
    if (n === 0) return { lock: null, committed: () => undefined, failed: () => undefined };
    const room = MAX_IN_FLIGHT - inFlight - pending.length - reserved;
    if (stopped || behind || refusedOpen > 0 || n > room) {
      behind = true;
      refusedOpen++;
      let open = true;
      const close = (written: boolean) => {
        if (!open) return;
        open = false;
        refusedOpen--;
        if (written) unclaimed++;
        pump.nudge();
      };
      return { lock: null, committed: () => close(true), failed: () => close(false) };
    }
    reserved += n;
    let open = true;
    const close = () => {
      const was = open;
      open = false;
      if (was) reserved -= n;
      progressed();
      return was;
    };
    return {
      lock: { holder: o.holder, until: deps.clock.wall() + lockMs },
      committed: (rows) => {
        if (close()) startRows(rows);
      },
      failed: () => {
        if (close()) pump.nudge();
      },
    };
  }

  /** Arms the scheduler timer for the next due row stored (at start, and after each timer). */
  async function arm() {
    const due = await deliveryRepo.nextDue(deps.db, DELIVERY_TOPICS, deps.clock.now());
    if (due !== null) armAt(due);
  }

  /** One scheduler timer, for the earliest retry known, so retries run on the service clock. */
  function armAt(due: number) {
    if (stopped || (armed && armed.due <= due)) return;
    armed?.cancel();
    const handle = deps.scheduler.at(
      due,
      async () => {
        if (armed?.due === due) armed = null;
        await drain();
        await arm();
      },
      'webhook-retry',
    );
    armed = { due, cancel: () => handle.cancel() };
  }

  /** Sends everything due now and waits until it is settled (what a timer on virtual time needs). */
  async function drain() {
    for (;;) {
      const n = await fill();
      if (n === 0 && inFlight === 0 && pending.length === 0 && !flushing && !flushTimer) return;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  }

  const pump = createPump({
    idleMs: IDLE_MS,
    maxIdleMs: MAX_IDLE_MS,
    onError: o.onError,
    step: async () => (await fill()) > 0,
  });

  return {
    start() {
      pump.start();
      void arm().catch(o.onError);
    },
    nudge: () => pump.nudge(),
    reserve,
    drain,
    async stop() {
      stopped = true;
      armed?.cancel();
      await pump.stop();
      // A handoff's writer commits or fails soon (the fan-out stops first): its rows are sent before this ends.
      while (inFlight > 0 || reserved > 0 || flushing) await new Promise<void>((resolve) => waiters.push(resolve));
      await flush();
    },
  };
}
