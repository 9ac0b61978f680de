// Batch compliance (SPEC `createComplianceJobs`, `getComplianceJobs`, `getComplianceJobsById`; DOCS
// x-api/compliance/batch-compliance/introduction): a job is created with an upload URL valid 15
// minutes and a download URL valid a week from creation; the ids uploaded (one per line) move it to
// `in_progress`, and PROCESSING_MS later on the service clock to `complete` with its results. A job
// never uploaded becomes `expired` when its upload URL does. Statuses move on scheduler timers and,
// should a restart have lost them, when the job is next read: a job's status is always what the
// clock says it is.
import { randomBytes } from 'node:crypto';
import type { Deps } from '../../deps.js';
import { problems } from '../../shared/problems.js';
import { jobsRepo, type JobRow, type JobStatus, type JobType } from './jobs.repo.js';
import { resultsOf } from './jobs.results.js';

const UPLOAD_MS = 15 * 60_000;
const DOWNLOAD_MS = 7 * 24 * 3_600_000;
/** How long a job takes once its ids are in (service time): a few seconds, like a small real job. */
export const PROCESSING_MS = 5_000;

/** The unguessable part of a job's upload or download URL (these stand in for signed storage URLs). */
const token = () => randomBytes(24).toString('base64url');

/** Where a job's status stands at `now`, with the results computed when it completes. */
async function settle(deps: Deps, job: JobRow): Promise<JobRow> {
  const now = deps.clock.now();
  if (job.status === 'created' && now >= job.upload_expires_at) {
    await jobsRepo.settle(deps.db, job.id, 'created', 'expired', null);
  } else if (job.status === 'in_progress' && now >= job.uploaded_at! + PROCESSING_MS) {
    const result = await resultsOf(deps, job.type, job.upload ?? '');
    await jobsRepo.settle(deps.db, job.id, 'in_progress', 'complete', result);
  } else return job;
  return (await jobsRepo.byId(deps.db, job.id))!;
}

/** Settles the job when its next status falls due. */
function schedule(deps: Deps, job: JobRow): void {
  const due = job.status === 'created' ? job.upload_expires_at : job.uploaded_at! + PROCESSING_MS;
  deps.scheduler.at(
    due,
    async () => {
      const now = await jobsRepo.byId(deps.db, job.id);
      if (now) await settle(deps, now);
    },
    `compliance-job-${job.id}`,
  );
}

/** After a restart: timers for the jobs still moving. */
export async function resumeJobs(deps: Deps): Promise<void> {
  for (const job of await jobsRepo.unsettled(deps.db)) schedule(deps, await settle(deps, job));
}

export async function createJob(
  deps: Deps,
  appId: string,
  b: { type: JobType; name?: string; resumable?: boolean },
): Promise<JobRow> {
  // DOCS: "You can have one concurrent job per job type at any time." The refusal's body was not
  // found: ASSUMED a 409 conflict problem.
  for (const other of await jobsRepo.list(deps.db, appId, b.type)) {
    const s = await settle(deps, other);
    if (s.status === 'created' || s.status === 'in_progress')
      throw problems.conflict(`You can have one concurrent job per job type at any time (job ${s.id} is ${s.status}).`);
  }
  const now = deps.clock.now();
  const job: JobRow = {
    id: deps.ids.next(),
    app_id: appId,
    type: b.type,
    name: b.name ?? null,
    resumable: b.resumable ? 1 : 0,
    status: 'created',
    upload_token: token(),
    download_token: token(),
    created_at: now,
    upload_expires_at: now + UPLOAD_MS,
    download_expires_at: now + DOWNLOAD_MS,
    uploaded_at: null,
    upload: null,
    result: null,
  };
  await jobsRepo.insert(deps.db, job);
  schedule(deps, job);
  return job;
}

/** The app's own job, or the not-found problem (another app's job is not found either). */
export async function getJob(deps: Deps, appId: string, id: string): Promise<JobRow> {
  const job = await jobsRepo.byId(deps.db, id);
  if (!job || job.app_id !== appId)
    throw problems.resourceNotFound({ parameter: 'id', value: id, resource_type: 'compliance_job' });
  return settle(deps, job);
}

export async function listJobs(deps: Deps, appId: string, type: JobType, status?: JobStatus): Promise<JobRow[]> {
  const jobs = await Promise.all((await jobsRepo.list(deps.db, appId, type)).map((j) => settle(deps, j)));
  return status ? jobs.filter((j) => j.status === status) : jobs;
}

export type FileAnswer = { status: number; type: string; body: string };

// The refusals of the storage URLs follow Google Cloud Storage's XML errors, which is what the real
// URLs (storage.googleapis.com, DOCS quickstart) answer: ASSUMED in shape, not observed against X.
const storageError = (status: number, code: string, message: string): FileAnswer => ({
  status,
  type: 'application/xml; charset=UTF-8',
  body: `<?xml version='1.0' encoding='UTF-8'?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
});

/** PUT to the upload URL: the ids, one per line. Only once, only before the URL expires. */
export async function uploadIds(deps: Deps, uploadToken: string, text: string): Promise<FileAnswer> {
  const found = await jobsRepo.byToken(deps.db, 'upload_token', uploadToken);
  if (!found) return storageError(404, 'NoSuchKey', 'The specified key does not exist.');
  const job = await settle(deps, found);
  if (job.status === 'expired') return storageError(400, 'ExpiredToken', 'The provided token has expired.');
  if (job.status !== 'created' || !(await jobsRepo.upload(deps.db, job.id, text, deps.clock.now())))
    return storageError(403, 'AccessDenied', 'The upload for this job was already received.');
  schedule(deps, (await jobsRepo.byId(deps.db, job.id))!);
  return { status: 200, type: 'text/plain; charset=utf-8', body: '' };
}

/** GET of the download URL: the results as JSON lines once the job is complete. */
export async function downloadResults(deps: Deps, downloadToken: string): Promise<FileAnswer> {
  const found = await jobsRepo.byToken(deps.db, 'download_token', downloadToken);
  if (!found) return storageError(404, 'NoSuchKey', 'The specified key does not exist.');
  const job = await settle(deps, found);
  if (deps.clock.now() >= job.download_expires_at)
    return storageError(400, 'ExpiredToken', 'The provided token has expired.');
  if (job.status !== 'complete') return storageError(404, 'NoSuchKey', 'The specified key does not exist.');
  return { status: 200, type: 'text/plain; charset=utf-8', body: job.result ?? '' };
}
