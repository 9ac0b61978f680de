// The journal of nodes sharing one PostgreSQL (issue #22 part 4, ADR 0023 "Shared through the store"):
// each node writes its entries behind, one multi-row INSERT every FLUSH_MS, so a request pays no
// round trip; the store numbers them (`seq`) and keeps the newest `--journal-size` of the whole
// cluster; lists order them by the wall time they were recorded (journal.repo.ts). After each batch
// the node hands the entries to its own tails and signals `journal` with the range it wrote; the
// other nodes' tails read that range at once (woken, not polling); signals lost while a node's listening
// connection was down are made up for when it is back (what the others wrote since). A list on
// any node first asks every node to write what it holds (broadcast, acknowledged), then reads the
// store, so it shows what every node answered up to the moment it was asked.
// The embedded store keeps the memory ring (journal.runtime.ts): one process answers everything.
import type { Deps } from '../deps.js';
import type { NewEntry } from './journal.entries.js';
import { journalRepo, type EntryRow } from './journal.repo.js';
import { matchesFilter, type Entry } from './journal.ring.js';
import type { EntryStore } from './journal.runtime.js';

const FLUSH_MS = 100;
const TOPIC = 'journal';
/** Rows per INSERT (two parameters each). */
const BATCH = 1_000;
/** Rows read per step of a list. */
const READ = 500;
/** Numbers of entries given to the tails that are remembered, against giving one twice. */
const GIVEN = 10_000;

const entryOf = (r: EntryRow): Entry => ({ ...(JSON.parse(r.entry) as NewEntry), seq: Number(r.seq), node: r.node });
/** A batch as journalRepo.insert takes it: `[{at, entry}]`, each entry without its node and seq (columns). */
const stored = (batch: { at: number; e: NewEntry }[]) =>
  '[' +
  batch.map(({ at, e: { node: _, seq: __, ...e } }) => `{"at":${at},"entry":${JSON.stringify(e)}}`).join(',') +
  ']';

export async function shareJournal(deps: Deps): Promise<void> {
  const journal = deps.runtime.journal;
  const node = deps.cluster.name;
  if (!journal.on || deps.db.embedded) return journal.joined(node, null);
  const { db, cluster } = deps;
  const size = deps.config.journalSize;
  const pending: { at: number; e: NewEntry }[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  async function writeOut(): Promise<void> {
    while (pending.length) {
      const batch = pending.splice(0, BATCH);
      const seqs = await journalRepo.insert(db, node, stored(batch));
      const entries = batch.map((p, i) => ({ ...p.e, seq: seqs[i]!, node }) as Entry);
      journal.toTails(entries);
      const hi = Math.max(...seqs);
      await cluster.signals.notify(TOPIC, `${node}|${Math.min(...seqs)}|${hi}`);
      // Sequences have no gaps but those of failed inserts: the newest `size` of the cluster stay.
      if (hi > size) await journalRepo.trim(db, hi - size);
    }
  }

  /** Writes everything recorded so far; one write at a time, in order. */
  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    writing = writing.then(writeOut).catch(() => undefined);
    return writing;
  }

  const store: EntryStore = {
    push(e) {
      // A store that cannot be written keeps the newest `size` entries waiting, as the ring would.
      if (pending.length >= size) pending.shift();
      pending.push({ at: deps.clock.wall(), e });
      timer ??= setTimeout(() => void flush(), FLUSH_MS).unref();
    },
    async page(f, max, before) {
      await Promise.all([cluster.broadcast(TOPIC, 'flush'), flush()]);
      const entries: Entry[] = [];
      let cursor = before ?? null;
      for (;;) {
        const rows = (await journalRepo.newest(db, cursor, READ)).map(entryOf);
        for (const e of rows) {
          if (!matchesFilter(e, f)) continue;
          if (entries.length === max) return { entries, more: true };
          entries.push(e);
        }
        if (rows.length < READ) return { entries, more: false };
        cursor = rows.at(-1)!.seq;
      }
    },
    stop: flush,
  };

  journal.joined(node, store);
  cluster.onBroadcast(TOPIC, flush);
  // The highest number another node signalled: signals sent while this node's listening connection
  // was down are lost, so once it is back the tails are given what the others wrote after it.
  let heard = await journalRepo.last(db);
  // A range signalled just as a catch-up reads it would reach the tails twice: the numbers given
  // lately are remembered and not given again.
  const given = new Set<number>();
  const toTails = (rows: EntryRow[]) => {
    const fresh = rows.filter((r) => !given.has(Number(r.seq)));
    for (const r of fresh) given.add(Number(r.seq));
    for (const seq of given) {
      if (given.size <= GIVEN) break;
      given.delete(seq);
    }
    if (fresh.length) journal.toTails(fresh.map(entryOf));
  };
  await cluster.signals.listen(TOPIC, (payload) => {
    const [from, lo, hi] = payload.split('|');
    if (from === node) return;
    heard = Math.max(heard, Number(hi));
    if (!journal.tailing()) return;
    journalRepo.range(db, from!, Number(lo), Number(hi)).then(toTails, () => undefined);
  });
  cluster.signals.onReconnect(() => void catchUp().catch(() => undefined));
  async function catchUp(): Promise<void> {
    // With no tail open there is no one to give them to: only where the next catch-up starts moves.
    if (!journal.tailing()) return void (heard = Math.max(heard, await journalRepo.last(db)));
    for (;;) {
      const rows = await journalRepo.othersAfter(db, node, heard, READ);
      if (rows.length) heard = Math.max(heard, Number(rows.at(-1)!.seq));
      toTails(rows);
      if (rows.length < READ) return;
    }
  }
}
