// GET /2/usage/tweets: what an app's project has read, from the tallies of usage.tally.ts. Aviary keeps
// no projects apart from apps, so the project is the calling app and its only client app is itself.
import type { AppRow } from '../auth/index.js';
import type { Deps } from '../deps.js';
import { limitsRepo } from './limits.repo.js';
import { daysToReset, MONTHLY_POST_CAPS } from './usage.caps.js';
import { dayOf, monthOf } from './usage.tally.js';

const DAY = 86_400_000;

export type UsageReport = {
  appId: string;
  cap: number | null;
  monthUsage: number;
  capResetDays: number;
  /** Each UTC day of the span, oldest first, with the Posts read that day (0 included). */
  days: { day: string; posts: number }[];
};

export async function usageReport(deps: Deps, app: AppRow, days: number): Promise<UsageReport> {
  const { reads } = deps.runtime.limits;
  await reads.flush(); // this process's counts first: the answer is what the store holds
  const now = deps.clock.now();
  const today = Date.parse(dayOf(now));
  const from = dayOf(today - (days - 1) * DAY);
  const rows = await limitsRepo.readsByDay(deps.db, app.id, from, dayOf(now));
  const byDay = new Map(rows.map((r) => [r.day, Number(r.posts)]));
  const span = Array.from({ length: days }, (_, i) => dayOf(today - (days - 1 - i) * DAY));
  return {
    appId: app.id,
    cap: MONTHLY_POST_CAPS[app.tier] ?? null,
    monthUsage: await limitsRepo.monthReads(deps.db, app.id, monthOf(now)),
    capResetDays: daysToReset(now),
    days: span.map((day) => ({ day, posts: byDay.get(day) ?? 0 })),
  };
}
