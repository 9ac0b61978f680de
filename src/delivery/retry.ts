// When a failed delivery is tried again: the configured schedule (cfg.webhookRetrySchedule, default
// three retries over five minutes as the enterprise Account Activity API does). After the last
// retry the event is given up on — it stays in the outbox and a replay job can send it again.
import { parseDurations } from '../config/index.js';

export type RetrySchedule = { delays: number[] };

export function retrySchedule(text: string): RetrySchedule {
  const delays = parseDurations(text);
  if (!delays) throw new RangeError(`bad retry schedule: ${text}`);
  return { delays };
}

/** Delay before the next attempt after `attemptsMade` failed ones, or null when it is time to give up. */
export function nextDelay(s: RetrySchedule, attemptsMade: number): number | null {
  return attemptsMade >= 1 && attemptsMade <= s.delays.length ? s.delays[attemptsMade - 1]! : null;
}
