// UsageReport → the `Usage` object of GET /2/usage/tweets. Without `usage.fields` the real answer has
// cap_reset_day, project_cap, project_id and project_usage, the counts as strings (DOCS
// x-api/usage/tweets example `"project_cap": "5000000000"`, `"project_usage": "43435"`; also read so by
// twapi-v2 and xurl-rs); SPEC types them integer. The daily breakdowns follow SPEC `Usage`.
import { isoMillis } from '../shared/clock.js';
import type { UsageReport } from './usage.service.js';

export type UsageField =
  'cap_reset_day' | 'daily_client_app_usage' | 'daily_project_usage' | 'project_cap' | 'project_id' | 'project_usage';

export const DEFAULT_USAGE_FIELDS: readonly UsageField[] = [
  'cap_reset_day',
  'project_cap',
  'project_id',
  'project_usage',
];

export function usageView(r: UsageReport, fields: readonly UsageField[]): Record<string, unknown> {
  const usage = r.days.map((d) => ({ date: isoMillis(Date.parse(d.day)), usage: d.posts }));
  const all: Record<UsageField, () => unknown> = {
    cap_reset_day: () => r.capResetDays,
    daily_client_app_usage: () => [{ client_app_id: r.appId, usage, usage_result_count: usage.length }],
    daily_project_usage: () => ({ project_id: r.appId, usage }),
    // Enterprise caps are set per contract (usage.caps.ts): none to show.
    project_cap: () => (r.cap === null ? undefined : String(r.cap)),
    project_id: () => r.appId,
    project_usage: () => String(r.monthUsage),
  };
  const out: Record<string, unknown> = {};
  for (const f of [...fields].sort()) {
    const v = all[f]();
    if (v !== undefined) out[f] = v;
  }
  return out;
}
