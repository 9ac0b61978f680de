// Snowflake-style ids: 41 bits of milliseconds since the Twitter epoch, 10 bits of worker, 12 bits of
// sequence, as the real service mints them, so an id's time can be read back and ids sort by time.
// Worker ids are leased from the store (store/workers.ts) so processes sharing one database differ.
import { randomBytes } from 'node:crypto';
import type { Clock } from './clock.js';

export const TWITTER_EPOCH = 1288834974657;
const WORKER_BITS = 10n;
const SEQ_BITS = 12n;
export const MAX_WORKER = (1 << Number(WORKER_BITS)) - 1;
const MAX_SEQ = (1 << Number(SEQ_BITS)) - 1;

export interface Ids {
  /** A new time-ordered id, `^[0-9]{1,19}$`. */
  next(): string;
  /** Opaque random token of `bytes` bytes, URL-safe. */
  token(bytes?: number): string;
  /** Mints every later id above `id` (ids loaded from a snapshot may lie ahead of the clock). */
  reserve(id: string): void;
  /**
   * Mints ids `ms` ahead of the service clock from now on (cluster/node.ts sets the same on every
   * node): after the clock was set back, every node's ids go on from where the service's ids were,
   * and keep sorting by time across nodes (id cursors, admission order).
   */
  ahead(ms: number): void;
  /** The service instant of the last id minted (0 before the first). */
  lastTime(): number;
  readonly worker: number;
}

export function createIds(clock: Clock, worker: number): Ids {
  if (!Number.isInteger(worker) || worker < 0 || worker > MAX_WORKER)
    throw new RangeError(`worker id out of range: ${worker}`);
  const workerPart = BigInt(worker) << SEQ_BITS;
  let lastMs = -1;
  let seq = 0;
  let offset = 0;
  return {
    worker,
    next() {
      // Never go backwards, even when the virtual clock is set back; past 4096 ids in one
      // millisecond, borrow the next one (a frozen virtual clock would otherwise run dry).
      let ms = Math.max(clock.now() + offset - TWITTER_EPOCH, lastMs, 0);
      if (ms === lastMs) {
        seq++;
        if (seq > MAX_SEQ) {
          ms++;
          seq = 0;
        }
      } else {
        seq = 0;
      }
      lastMs = ms;
      return ((BigInt(ms) << (WORKER_BITS + SEQ_BITS)) | workerPart | BigInt(seq)).toString();
    },
    token: (bytes = 24) => randomBytes(bytes).toString('base64url'),
    reserve(id) {
      const ms = Number(BigInt(id) >> (WORKER_BITS + SEQ_BITS));
      // The next id borrows the millisecond after (next() moves past a full sequence), whatever its worker.
      if (ms >= lastMs) {
        lastMs = ms;
        seq = MAX_SEQ;
      }
    },
    ahead(ms) {
      offset = Math.max(0, ms);
    },
    lastTime: () => (lastMs < 0 ? 0 : lastMs + TWITTER_EPOCH),
  };
}

/** The service time an id was minted at. */
export function idTime(id: string): number {
  return Number(BigInt(id) >> (WORKER_BITS + SEQ_BITS)) + TWITTER_EPOCH;
}

/** The smallest id that could have been minted at `ms` (for since/until by time). */
export function idAt(ms: number): string {
  return (BigInt(Math.max(0, ms - TWITTER_EPOCH)) << (WORKER_BITS + SEQ_BITS)).toString();
}

/** Compare two digit-string ids numerically without BigInt on the hot path. */
export function compareIds(a: string, b: string): number {
  return Math.sign(a.length - b.length) || (a < b ? -1 : a > b ? 1 : 0);
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/**
 * A Space id from a snowflake: 13 characters of `[a-zA-Z0-9]` (SPEC SpaceId `^[a-zA-Z0-9]{1,13}$`,
 * example `1SLjjRYNejbKM`), the snowflake in base 62 after a leading `1`, so ids still sort by time.
 */
export function spaceIdOf(snowflake: string): string {
  let n = BigInt(snowflake);
  let out = '';
  do {
    out = BASE62[Number(n % 62n)]! + out;
    n /= 62n;
  } while (n > 0n);
  return `1${out.padStart(12, '0')}`;
}
