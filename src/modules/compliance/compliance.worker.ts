// Background work of compliance: timers for jobs still moving after a restart, and an hourly prune of
// the events only the compliance streams read (kept 25 hours: recovery reaches back 24).
import type { Deps } from '../../deps.js';
import { jobsRepo } from './jobs.repo.js';
import { resumeJobs } from './jobs.service.js';

const HOUR = 3_600_000;

export async function startComplianceWorker(deps: Deps, onError: (err: unknown) => void) {
  await resumeJobs(deps).catch(onError);
  const prune = deps.scheduler.every(
    HOUR,
    () => jobsRepo.pruneEvents(deps.db, deps.clock.now() - 25 * HOUR).catch(onError),
    'compliance-prune',
  );
  return {
    async stop() {
      prune.cancel();
    },
  };
}
