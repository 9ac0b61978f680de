// Nonces on the embedded store (ADR 0012, ADR 0014, ADR 0016). One process owns the SQLite file, so
// memory answers whether a nonce is new: a 60-bit fingerprint of client, token and nonce, per
// timestamp second, in typed-array tables (shared/fingerprint-set.ts): an entry is two integers, and
// making one takes no string or native call. They are written behind the request (after FLUSH_MS,
// or FLUSH_AT nonces, and at shutdown), one log row per second and batch, so a restarted process
// still refuses a replay: a second at or below `floorS` (the newest the store held at start, or one
// forgotten from memory since) may be known to the store only, and is read back into memory before
// a nonce of that second is judged. A crash loses at most the last FLUSH_MS of nonces.
import type { Deps } from '../deps.js';
import type { Db } from '../store/index.js';
import { addFingerprint, fingerprintOf, fingerprintSet, type FingerprintSet } from '../shared/fingerprint-set.js';
import { nonceLogRepo } from './oauth1.repo.js';
import type { SeenNonce } from './oauth1.seen-nonce.js';

/** What writing behind needs of the server: its store, and its clock to prune by. */
type Store = Pick<Deps, 'db' | 'clock'>;

/** Fingerprints in the order they came, two halves each: the first `count` pairs of `pairs`. */
type Pending = { pairs: Int32Array; count: number };

type Memory = {
  seconds: Map<number, FingerprintSet>;
  size: number;
  /** Fingerprints not yet in the store, per second. */
  pending: Map<number, Pending>;
  pendingCount: number;
  /** Seconds at or below this may hold fingerprints only the store knows. */
  floorS: number;
  /** Seconds at or below `floorS` read back from the store. */
  readBack: Set<number>;
  /** Seconds being read back. */
  reading: Map<number, Promise<void>>;
  timer: NodeJS.Timeout | null;
  writing: Promise<void> | null;
  prunedAt: number;
};

const FLUSH_MS = 20;
const FLUSH_AT = 1000;
/** Fingerprints kept in memory; beyond it the oldest seconds are forgotten (they are in the store). */
const MAX_KEPT = 200_000;
const PRUNE_EVERY_MS = 1000;

/** One server's memory, loaded from the store's log on the first nonce (Runtime `nonces`, oauth1.nonces.ts). */
export type NonceMemory = { loading: Promise<Memory> | null };

export const createNonceMemory = (): NonceMemory => ({ loading: null });

function memoryOf(holder: NonceMemory, db: Db): Promise<Memory> {
  holder.loading ??= loadMemory(holder, db);
  return holder.loading;
}

async function loadMemory(holder: NonceMemory, db: Db): Promise<Memory> {
  try {
    const newest = await nonceLogRepo.newestSecond(db);
    return {
      seconds: new Map(),
      size: 0,
      pending: new Map(),
      pendingCount: 0,
      floorS: newest ?? -1,
      readBack: new Set(),
      reading: new Map(),
      timer: null,
      writing: null,
      prunedAt: 0,
    };
  } catch (err) {
    // The next nonce tries again.
    holder.loading = null;
    throw err;
  }
}

const fingerprint = new Int32Array(2);

/** True when the nonce is new, and remembers it; false for a replay. */
export async function rememberInMemory(
  deps: Deps,
  holder: NonceMemory,
  n: SeenNonce,
  windowMs: number,
): Promise<boolean> {
  const m = await memoryOf(holder, deps.db);
  const second = n.timestampS;
  // A second the store may know nonces of that memory does not: read back before judging.
  while (second <= m.floorS && !m.readBack.has(second)) await (m.reading.get(second) ?? readBack(deps.db, m, second));
  let seen = m.seconds.get(second);
  if (!seen) m.seconds.set(second, (seen = fingerprintSet()));
  fingerprintOf(fingerprint, n.consumerKey, n.token ?? '', n.nonce);
  const hi = fingerprint[0]!,
    lo = fingerprint[1]!;
  if (!addFingerprint(seen, hi, lo)) return false;
  m.size++;
  let pending = m.pending.get(second);
  if (!pending) m.pending.set(second, (pending = { pairs: new Int32Array(64), count: 0 }));
  appendPair(pending, hi, lo);
  if (++m.pendingCount >= FLUSH_AT) void writeBehind(deps, m, windowMs);
  else m.timer ??= setTimeout(() => void writeBehind(deps, m, windowMs), FLUSH_MS);
  return true;
}

function appendPair(p: Pending, hi: number, lo: number): void {
  if (2 * p.count === p.pairs.length) {
    const bigger = new Int32Array(2 * p.pairs.length);
    bigger.set(p.pairs);
    p.pairs = bigger;
  }
  p.pairs[2 * p.count] = hi;
  p.pairs[2 * p.count + 1] = lo;
  p.count++;
}

/** Writes the fingerprints not yet in the store (shutdown calls it before closing the store). */
export async function flushMemory(store: Store, holder: NonceMemory): Promise<void> {
  // A memory that failed to load holds nothing to write.
  const m = holder.loading && (await holder.loading.catch(() => null));
  if (m) await writeBehind(store, m, 0);
}

function readBack(db: Db, m: Memory, second: number): Promise<void> {
  const reading = (async () => {
    try {
      const pairs = await nonceLogRepo.fingerprintsOf(db, second);
      let seen = m.seconds.get(second);
      if (!seen) m.seconds.set(second, (seen = fingerprintSet()));
      for (let i = 0; i < pairs.length; i += 2) if (addFingerprint(seen, pairs[i]!, pairs[i + 1]!)) m.size++;
      m.readBack.add(second);
    } finally {
      m.reading.delete(second);
    }
  })();
  m.reading.set(second, reading);
  return reading;
}

async function writeBehind(store: Store, m: Memory, windowMs: number): Promise<void> {
  if (m.timer) {
    clearTimeout(m.timer);
    m.timer = null;
  }
  while (m.writing) await m.writing;
  if (!m.pendingCount) return;
  const rows = [...m.pending].map(([second, p]) => ({ second, fingerprints: p.pairs.subarray(0, 2 * p.count) }));
  m.pending = new Map();
  m.pendingCount = 0;
  m.writing = (async () => {
    try {
      await nonceLogRepo.append(store.db, rows);
      if (windowMs) await prune(store, m, windowMs);
      if (m.size > MAX_KEPT) forgetOldest(m);
    } catch {
      // The store refused (closing, full disk): those nonces stay known to this process only.
    } finally {
      m.writing = null;
    }
  })();
  await m.writing;
}

/** Drops the oldest written seconds from memory; `floorS` rises so they are read back if asked. */
function forgetOldest(m: Memory): void {
  for (const second of [...m.seconds.keys()].sort((a, b) => a - b)) {
    if (m.size <= MAX_KEPT * 0.9) break;
    if (m.pending.has(second)) continue;
    m.size -= m.seconds.get(second)!.size;
    m.seconds.delete(second);
    m.readBack.delete(second);
    m.floorS = Math.max(m.floorS, second);
  }
}

/** At most once a second: seconds out of the window leave memory and the store. */
async function prune(store: Store, m: Memory, windowMs: number): Promise<void> {
  const now = store.clock.now();
  if (Math.abs(now - m.prunedAt) < PRUNE_EVERY_MS) return;
  m.prunedAt = now;
  const oldest = Math.floor((now - windowMs) / 1000);
  for (const [second, seen] of m.seconds) {
    if (second >= oldest) continue;
    m.size -= seen.size;
    m.seconds.delete(second);
    m.readBack.delete(second);
  }
  await nonceLogRepo.prune(store.db, oldest);
}
