// Worker-id leases: each process sharing a database holds a distinct snowflake worker id.
// Leases run on wall time (a virtual clock jump must not free a live process's id).
import { randomUUID } from 'node:crypto';
import { MAX_WORKER } from '../shared/ids.js';
import type { Clock } from '../shared/clock.js';
import type { Db } from './db.js';

const LEASE_MS = 60_000;
const RENEW_MS = 15_000;

export type WorkerLease = { workerId: number; release(): Promise<void> };

export async function leaseWorkerId(db: Db, clock: Clock): Promise<WorkerLease> {
  const holder = randomUUID();
  const workerId = await db.exclusive(async () =>
    db.tx(async (tx) => {
      const now = clock.wall();
      const rows = await tx.all<{ worker_id: number; lease_until: number }>(
        'SELECT worker_id, lease_until FROM aviary_workers ORDER BY worker_id',
      );
      const expired = rows.find((r) => r.lease_until < now);
      const id = expired ? expired.worker_id : rows.length;
      if (id > MAX_WORKER)
        throw new Error('all 1024 worker ids are leased; too many Aviary processes share this database');
      if (expired)
        await tx.run('UPDATE aviary_workers SET holder = ?, lease_until = ? WHERE worker_id = ?', [
          holder,
          now + LEASE_MS,
          id,
        ]);
      else
        await tx.run('INSERT INTO aviary_workers (worker_id, holder, lease_until) VALUES (?, ?, ?)', [
          id,
          holder,
          now + LEASE_MS,
        ]);
      return id;
    }),
  );
  const renew = setInterval(() => {
    void db
      .run('UPDATE aviary_workers SET lease_until = ? WHERE worker_id = ? AND holder = ?', [
        clock.wall() + LEASE_MS,
        workerId,
        holder,
      ])
      .catch(() => undefined);
  }, RENEW_MS);
  renew.unref();
  return {
    workerId,
    async release() {
      clearInterval(renew);
      await db
        .run('UPDATE aviary_workers SET lease_until = 0 WHERE worker_id = ? AND holder = ?', [workerId, holder])
        .catch(() => undefined);
    },
  };
}
