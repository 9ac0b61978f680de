// The webhook state machine, exactly the seed's table (States and transitions; notes §2.1):
//   any   — CRC reply 2xx with a wrong response_token, any 3xx, or a TLS exception → invalid at once;
//   valid — only transient failures (4xx, 5xx, timeout, closed connection) and no successful
//           validation for more than 28 hours (a 4-hour grace included) → invalid;
//   invalid — PUT /2/webhooks/{id} whose check passes → valid (re-enabled).
// Periodic checks run every 30 minutes, only when no check succeeded in the last 24 hours: after a
// success the next check is 24 hours later, after a transient failure 30 minutes later; an invalid
// webhook is checked only when PUT asks. Pure: the caller runs the check and stores the result.
import type { CrcOutcome } from '../../delivery/index.js';
import type { CheckState, WebhookRow } from './webhooks.repo.js';

export const HOUR = 3_600_000;
export const CHECK_AFTER_SUCCESS_MS = 24 * HOUR;
export const CHECK_INTERVAL_MS = 30 * 60_000;
export const INVALID_AFTER_MS = 28 * HOUR;

export function applyCheck(
  w: Pick<WebhookRow, 'valid' | 'created_at' | 'last_success_at'>,
  outcome: CrcOutcome,
  now: number,
): CheckState {
  const base = { last_check_at: now, last_success_at: w.last_success_at };
  if (outcome.result === 'success') {
    return {
      ...base,
      valid: 1,
      last_success_at: now,
      last_check_result: 'success',
      next_check_at: now + CHECK_AFTER_SUCCESS_MS,
      invalid_reason: null,
    };
  }
  const result = `${outcome.result}: ${outcome.reason}`;
  if (outcome.result === 'invalid')
    return { ...base, valid: 0, last_check_result: result, next_check_at: null, invalid_reason: outcome.reason };
  if (!w.valid) return { ...base, valid: 0, last_check_result: result, next_check_at: null, invalid_reason: null };
  const since = w.last_success_at ?? w.created_at;
  if (now - since > INVALID_AFTER_MS) {
    return {
      ...base,
      valid: 0,
      last_check_result: result,
      next_check_at: null,
      invalid_reason: `no successful challenge-response check for more than 28 hours (last failure: ${outcome.reason})`,
    };
  }
  return { ...base, valid: 1, last_check_result: result, next_check_at: now + CHECK_INTERVAL_MS, invalid_reason: null };
}
