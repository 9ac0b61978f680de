// Fault rules on nodes sharing one PostgreSQL (issue #22 part 4, ADR 0023 "Shared through the store"):
// the rules live in the store (faults.repo.ts) and every node keeps a copy it reads again whenever a
// node changes them. A change is broadcast and the control API answers once every live node has read
// it again (the clock's notify + acknowledge, cluster/node.ts), so a rule made on A acts on B's next
// request and a rule deleted on B no longer acts on A when the delete answers. A node whose listening
// connection was lost reads the rules again when it is back, and every RESYNC_MS as a safety net.
//
// Uses: a rule's `count` is spent by claiming one use in the store (UPDATE … WHERE fired < count), so
// N uses happen N times across nodes; a rule's probability draws the cluster's next number of its
// seeded sequence (the store numbers each matching occurrence), so the same seed fires the same
// occurrences however they are spread over nodes. A rule that acts every time with no count needs no
// claim: its uses are counted here and written behind, and a list asks every node to write them first.
import type { Deps } from '../deps.js';
import { mulberry32At } from '../shared/prng.js';
import { faultsRepo, type RuleRow } from './faults.repo.js';
import { isLive, makeRule, matches, type NewRule, type Occurrence, type Rule } from './faults.rules.js';
import type { RuleStore } from './faults.service.js';

const TOPIC = 'faults';
const FLUSH_MS = 100;
const RESYNC_MS = 5_000;

const ruleOf = (row: RuleRow): Rule => {
  const r = makeRule(JSON.parse(row.rule) as NewRule);
  r.matched = Number(row.matched);
  r.fired = Number(row.fired);
  return r;
};

/** From now on this node's rules are the store's; call once the cluster node has started. */
export async function shareFaults(deps: Deps): Promise<void> {
  if (deps.db.embedded) return;
  const { db, cluster } = deps;
  const faults = deps.runtime.faults;
  /** Uses counted here and not yet written, by rule id. */
  const pending = new Map<string, { matched: number; fired: number }>();
  let flushTimer: NodeJS.Timeout | null = null;
  let chain: Promise<unknown> = Promise.resolve();

  /** Counts this node's own changes to its copy (written to the store, then adopted here). */
  let changes = 0;
  const adoptOwn = (next: Rule[]) => {
    changes++;
    faults.adopt(next);
  };

  /**
   * Reads the rules again (one read at a time, so an older read never replaces a newer). A read sent
   * before a change of this node's may answer from before it: adopted, it dropped a rule just added,
   * or brought back one just deleted, until the next read (a 5 s resync racing the control API). Such
   * a read is made again, after the change.
   */
  const reload = () =>
    (chain = chain
      .then(async () => {
        let seen: number;
        let rows: RuleRow[];
        do {
          seen = changes;
          rows = await faultsRepo.all(db);
        } while (seen !== changes);
        faults.adopt(rows.map(ruleOf));
      })
      .catch(() => undefined));

  /** The writes of uses taken so far; a flush settles after every earlier one (a list that runs while
   *  a timed flush is mid-write must not read before it lands). */
  let written: Promise<void> = Promise.resolve();
  function flush(): Promise<void> {
    if (flushTimer) clearTimeout(flushTimer);
    flushTimer = null;
    const uses = [...pending];
    pending.clear();
    written = written.then(async () => {
      for (const [id, u] of uses) await faultsRepo.addUses(db, id, u.matched, u.fired).catch(() => undefined);
    });
    return written;
  }

  function counted(id: string, key: 'matched' | 'fired') {
    let u = pending.get(id);
    if (!u) pending.set(id, (u = { matched: 0, fired: 0 }));
    u[key]++;
    flushTimer ??= setTimeout(() => void flush(), FLUSH_MS).unref();
  }

  async function fires(r: Rule, o: Occurrence, now: number): Promise<boolean> {
    if (!isLive(r, now) || !matches(r, o)) return false;
    const drawn = r.probability < 1;
    if (drawn) {
      const n = await faultsRepo.claimMatch(db, r.id);
      if (n === null) return false;
      r.matched = n;
      if (mulberry32At(r.seed, n) >= r.probability) return false;
    }
    if (r.count !== null) {
      const fired = await faultsRepo.claimUse(db, r.id, r.count);
      r.fired = fired ?? r.count;
      // Spent on another node meanwhile: as on one node, a rule no longer live counts no match.
      if (fired === null) return false;
    } else {
      r.fired++;
      counted(r.id, 'fired');
    }
    if (!drawn) {
      r.matched++;
      counted(r.id, 'matched');
    }
    return true;
  }

  /** Tells the other nodes and waits until they have acted on it. */
  const announce = async (what: 'changed' | 'flush') => void (await cluster.broadcast(TOPIC, what));

  const store: RuleStore = {
    async fire(rules, o, now) {
      const out: Rule[] = [];
      for (const r of rules) if (await fires(r, o, now)) out.push(r);
      return out;
    },
    async add(rule) {
      const { matched: _m, fired: _f, draw: _d, ...definition } = rule;
      await faultsRepo.insert(db, rule.id, JSON.stringify(definition satisfies NewRule));
      adoptOwn([...faults.rules, rule]);
      await announce('changed');
    },
    async remove(id) {
      const gone = await faultsRepo.remove(db, id);
      adoptOwn(faults.rules.filter((r) => r.id !== id));
      if (gone) await announce('changed');
      return gone;
    },
    async clear() {
      const n = await faultsRepo.clear(db);
      adoptOwn([]);
      await announce('changed');
      return n;
    },
    async list() {
      await Promise.all([announce('flush'), flush()]);
      return (await faultsRepo.all(db)).map(ruleOf);
    },
    async stop() {
      clearInterval(resync);
      await flush();
    },
  };

  faults.useStore(store);
  cluster.onBroadcast(TOPIC, (what) => (what === 'flush' ? flush() : reload()));
  cluster.signals.onReconnect(() => void reload());
  const resync = setInterval(() => void reload(), RESYNC_MS).unref();
  await reload();
}
