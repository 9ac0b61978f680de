// Replay jobs (POST /2/webhooks/replay; notes §2.3): every event of a webhook in a window of the last
// 24 hours is sent again, then the job ends with a `replay_job_status` event. One job per webhook at
// a time — a second one gets the `conflict` problem (409, ReplayConflictError).
import type { AppRow } from '../../auth/index.js';
import { deliveryRepo, encodeDelivery, type Settled } from '../../delivery/index.js';
import type { Deps } from '../../deps.js';
import { problems } from '../../shared/problems.js';
import { replayRepo, type ReplayJobRow } from './webhooks.repo.js';
import { requireWebhook } from './webhooks.service.js';

export const REPLAY_WINDOW_MS = 24 * 3_600_000;

/** `yyyymmddhhmm` (UTC) → epoch ms, or null. */
export function parseReplayDate(s: unknown): number | null {
  if (typeof s !== 'string' || !/^[0-9]{12}$/.test(s)) return null;
  const [y, mo, d, h, mi] = [s.slice(0, 4), s.slice(4, 6), s.slice(6, 8), s.slice(8, 10), s.slice(10, 12)].map(
    Number,
  ) as [number, number, number, number, number];
  const ms = Date.UTC(y, mo - 1, d, h, mi);
  const back = new Date(ms);
  return back.getUTCFullYear() === y &&
    back.getUTCMonth() === mo - 1 &&
    back.getUTCDate() === d &&
    back.getUTCHours() === h
    ? ms
    : null;
}

export type Window = { from: number; to: number };

/** Validates the window: yyyymmddhhmm, from before to, both within the last 24 hours. */
export function replayWindow(deps: Deps, fromRaw: unknown, toRaw: unknown): Window {
  const from = parseReplayDate(fromRaw);
  const to = parseReplayDate(toRaw);
  const shown = (v: unknown) => (typeof v === 'string' ? v : '');
  if (from === null)
    throw problems.invalidParam(
      'from_date',
      shown(fromRaw),
      'from_date must be a UTC time in yyyymmddhhmm format (^[0-9]{12}$)',
    );
  if (to === null)
    throw problems.invalidParam(
      'to_date',
      shown(toRaw),
      'to_date must be a UTC time in yyyymmddhhmm format (^[0-9]{12}$)',
    );
  const now = deps.clock.now();
  if (from < now - REPLAY_WINDOW_MS)
    throw problems.invalidParam('from_date', shown(fromRaw), 'from_date must be within the last 24 hours');
  if (to > now + 60_000) throw problems.invalidParam('to_date', shown(toRaw), 'to_date must not be in the future');
  if (from >= to) throw problems.invalidParam('to_date', shown(toRaw), 'to_date must be after from_date');
  return { from, to };
}

export async function createReplayJob(deps: Deps, app: AppRow, webhookId: string, w: Window): Promise<ReplayJobRow> {
  const hook = await requireWebhook(deps, app.id, webhookId);
  if (!hook.valid)
    throw problems.invalidParam(
      'webhook_id',
      webhookId,
      'CrcValidationFailed: the webhook is invalid; re-enable it with PUT /2/webhooks/{webhook_id} first',
    );
  const now = deps.clock.now();
  const job: ReplayJobRow = {
    id: deps.ids.next(),
    webhook_id: webhookId,
    app_id: app.id,
    from_at: w.from,
    to_at: w.to,
    state: 'running',
    events: 0,
    created_at: now,
    finished_at: null,
  };
  await deps.db.tx(async (tx) => {
    if (await replayRepo.running(tx, webhookId))
      throw problems.conflict('ReplayConflictError: a replay job is already in progress for this webhook.');
    await replayRepo.insert(tx, job);
    job.events = await replayRepo.copyEvents(tx, job.id, webhookId, w.from, w.to, now);
    await replayRepo.setEvents(tx, job.id, job.events);
  });
  if (job.events === 0) await finishIfDone(deps, job.id);
  deps.runtime.delivery.nudgeDelivery();
  return job;
}

/** The completion event (DOCS account-activity quickstart "Replay"). */
function statusBody(job: ReplayJobRow, state: 'complete' | 'incomplete') {
  return JSON.stringify({
    replay_job_status: {
      webhook_id: job.webhook_id,
      job_state: state === 'complete' ? 'Complete' : 'Incomplete',
      job_state_description:
        state === 'complete'
          ? 'Job completed successfully'
          : 'Job failed to deliver all events, please retry your replay job',
      job_id: job.id,
    },
  });
}

/** Ends a job whose rows are all settled, reporting it once with the replay_job_status event. */
export async function finishIfDone(deps: Deps, jobId: string): Promise<void> {
  const job = await replayRepo.byId(deps.db, jobId);
  if (!job || job.state !== 'running') return;
  const { pending, dead } = await replayRepo.progress(deps.db, jobId);
  if (pending > 0) return;
  const state = dead > 0 ? 'incomplete' : 'complete';
  const done = await deps.db.tx(async (tx) => {
    if (!(await replayRepo.finish(tx, jobId, state, deps.clock.now()))) return false;
    const payload = encodeDelivery({
      webhook_id: job.webhook_id,
      event_id: job.id,
      kind: 'replay_job_status',
      body: statusBody(job, state),
    });
    await deliveryRepo.enqueueMany(tx, [
      { id: deps.ids.next(), topic: 'webhook.notice', target: job.webhook_id, payload, at: deps.clock.now() },
    ]);
    return true;
  });
  if (done) deps.runtime.delivery.nudgeDelivery();
}

export async function afterReplaySettled(deps: Deps, settled: Settled[]): Promise<void> {
  const jobs = new Set(settled.filter((s) => s.row.topic === 'webhook.replay').map((s) => s.row.target!));
  for (const id of jobs) await finishIfDone(deps, id);
}

/** Catches jobs two processes settled at the same moment (each saw the other's row pending). */
export async function sweepReplayJobs(deps: Deps): Promise<void> {
  for (const job of await replayRepo.allRunning(deps.db)) await finishIfDone(deps, job.id);
}
