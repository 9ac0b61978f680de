// Requests with `with_total_count=true` have their own, lower limit: 200 per 15 minutes (notes §4,
// DOCS GET accounts). Counted per user on the service clock, in fixed windows; a refusal is 429
// TOO_MANY_REQUESTS carrying both reset headers, since Ruby's RateLimit#reset_at crashes without one
// and Python sleeps until `x-account-rate-limit-reset` (notes §5, §12). The other Ads limits come
// with the limits issue. One counter per server (created in adsRoutes), never shared between servers.
import type { Clock } from '../../../shared/clock.js';
import { adsError } from './errors.js';

export const TOTAL_COUNT_LIMIT = 200;
export const TOTAL_COUNT_WINDOW_MS = 15 * 60_000;

export type TotalCountLimit = { take(userId: string): void };

export function totalCountLimit(clock: Clock): TotalCountLimit {
  const windows = new Map<string, { start: number; used: number }>();
  return {
    take(userId) {
      const now = clock.now();
      const start = now - (now % TOTAL_COUNT_WINDOW_MS);
      let w = windows.get(userId);
      if (!w || w.start !== start) {
        if (windows.size > 10_000) windows.clear(); // stale windows of other users; bounded memory
        w = { start, used: 0 };
        windows.set(userId, w);
      }
      const reset = String(Math.floor((start + TOTAL_COUNT_WINDOW_MS) / 1000));
      if (w.used >= TOTAL_COUNT_LIMIT) {
        const p = adsError('TOO_MANY_REQUESTS', 'Rate limit exceeded', 'with_total_count');
        Object.assign(p.headers, {
          'x-rate-limit-limit': String(TOTAL_COUNT_LIMIT),
          'x-rate-limit-remaining': '0',
          'x-rate-limit-reset': reset,
          'x-account-rate-limit-limit': String(TOTAL_COUNT_LIMIT),
          'x-account-rate-limit-remaining': '0',
          'x-account-rate-limit-reset': reset,
        });
        throw p;
      }
      w.used++;
    },
  };
}
