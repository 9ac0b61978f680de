// Every SQL statement of fault rules shared by nodes (migration 0036): one row per rule, its definition
// as JSON, and its uses across nodes. A use that must happen a bounded number of times, or a draw that
// must be the cluster's next, is claimed by one atomic UPDATE … RETURNING, so two nodes never take the
// same one.
import type { Queryable } from '../store/index.js';

export type RuleRow = { id: string; rule: string; matched: number; fired: number };

export const faultsRepo = {
  /** `rule`: the rule's definition as JSON (faults.rules.ts NewRule). */
  async insert(db: Queryable, id: string, rule: string): Promise<void> {
    await db.run('INSERT INTO fault_rules (id, rule, matched, fired) VALUES (?, ?, 0, 0)', [id, rule]);
  },
  /** In creation order (ids are time-ordered snowflakes of one length). */
  all: (db: Queryable) => db.all<RuleRow>('SELECT id, rule, matched, fired FROM fault_rules ORDER BY id'),
  async remove(db: Queryable, id: string): Promise<boolean> {
    return (await db.run('DELETE FROM fault_rules WHERE id = ?', [id])).changes > 0;
  },
  async clear(db: Queryable): Promise<number> {
    return (await db.run('DELETE FROM fault_rules')).changes;
  },
  /** Counts one matching occurrence and returns its number across nodes (null: the rule is gone). */
  async claimMatch(db: Queryable, id: string): Promise<number | null> {
    const r = await db.get<{ matched: number }>(
      'UPDATE fault_rules SET matched = matched + 1 WHERE id = ? RETURNING matched',
      [id],
    );
    return r ? Number(r.matched) : null;
  },
  /** Spends one of the rule's `count` uses; null when none is left (or the rule is gone). */
  async claimUse(db: Queryable, id: string, count: number): Promise<number | null> {
    const r = await db.get<{ fired: number }>(
      'UPDATE fault_rules SET fired = fired + 1 WHERE id = ? AND fired < ? RETURNING fired',
      [id, count],
    );
    return r ? Number(r.fired) : null;
  },
  /** Adds uses this node counted without a claim (written behind). */
  async addUses(db: Queryable, id: string, matched: number, fired: number): Promise<void> {
    await db.run('UPDATE fault_rules SET matched = matched + ?, fired = fired + ? WHERE id = ?', [matched, fired, id]);
  },
};
