// A journal entry as the control API shows it: times in the v2 wire format, kind-specific facts
// beside the common ones, nothing empty.
import { isoMillis } from '../shared/clock.js';
import type { Entry } from './journal.ring.js';

export function entryView(e: Entry): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: String(e.seq),
    ...(e.node ? { node: e.node } : {}),
    kind: e.kind,
    time: isoMillis(e.time),
    method: e.method,
    path: e.path,
  };
  if (e.route !== null) out.route = e.route;
  if (e.query !== null) out.query = e.query;
  if (e.auth_scheme !== null) out.auth_scheme = e.auth_scheme;
  if (e.caller !== null) out.caller = e.caller;
  if (e.app_id !== null) out.app_id = e.app_id;
  if (e.user_id !== null) out.user_id = e.user_id;
  out.status = e.status;
  if (e.error !== null) out.error = e.error;
  out.latency_ms = e.latency_ms;
  if (e.request_id !== null) out.request_id = e.request_id;
  if (e.faults !== null) out.faults = e.faults;
  if (e.extra !== null) Object.assign(out, e.extra);
  return out;
}
