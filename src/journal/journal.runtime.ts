// This server's request journal (Runtime `journal`): a bounded record of what it answered and sent
// (requests, stream connections, webhook deliveries and challenge checks) and the live tails that
// watch it. On the embedded store a ring in memory (one process answers everything); on nodes
// sharing PostgreSQL the store, written behind in batches, so a list or a tail on any node sees what
// every node answered (journal.shared.ts). `--journal-size 0` turns it off.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RuntimeBase } from '../deps.js';
import {
  crcEntry,
  deliveryEntry,
  requestEntry,
  type CrcFact,
  type DeliveryFact,
  type NewEntry,
} from './journal.entries.js';
import { createRing, matchesFilter, type Entry, type Filter } from './journal.ring.js';

type Tail = { filter: Filter; send(e: Entry): void; end(): void };
export type Page = { entries: Entry[]; more: boolean };

/** Where entries are kept: the memory ring, or the store nodes share. */
export type EntryStore = {
  /** Keeps an entry; the store hands it to the tails (`Journal.toTails`) once it has its sequence. */
  push(e: NewEntry): void;
  /** Newest first, entries older than `before` (a seq) when given; at most `max`, plus whether more remain. */
  page(f: Filter, max: number, before?: number): Promise<Page>;
  stop(): Promise<void>;
};

export type Journal = {
  /** False when the journal is off. */
  readonly on: boolean;
  readonly bodies: boolean;
  record(e: NewEntry): void;
  page(f: Filter, max: number, before?: number): Promise<Page>;
  /** Watches new entries that pass the filter; returns the unsubscribe. */
  tail(filter: Filter, send: (e: Entry) => void, end: () => void): () => void;
  /** Whether any tail is open here. */
  tailing(): boolean;
  /** Hands entries (with their sequence) to the open tails whose filter they pass. */
  toTails(entries: Entry[]): void;
  /** Names this node in its entries and, on a shared store, keeps them there (journal.shared.ts). */
  joined(node: string, store: EntryStore | null): void;
  /** A request whose connection a fault rule reset: it never gets an answer, so the onSend hook never sees it. */
  reset(req: FastifyRequest): void;
  /** A stream took the request over: records its start now and its end when the connection closes. */
  streamOpened(req: FastifyRequest, reply: FastifyReply): void;
  delivery(d: DeliveryFact): void;
  crc(c: CrcFact): void;
  /** Ends the tails (the server is closing); `final` also writes what is still pending. */
  stop(final?: boolean): Promise<void>;
};

declare module '../deps.js' {
  interface Runtime {
    journal: Journal;
  }
}

export function createJournal(base: RuntimeBase): Journal {
  const { config, clock } = base;
  const on = config.journalSize > 0;
  const tails = new Set<Tail>();
  const bodies = config.journalBodies;
  let node: string | undefined;

  function toTails(entries: Entry[]) {
    if (tails.size)
      for (const entry of entries) for (const t of tails) if (matchesFilter(entry, t.filter)) t.send(entry);
  }

  /** The memory ring: one process, an entry reaches the tails as it is recorded. */
  function memoryStore(): EntryStore {
    const ring = createRing(config.journalSize);
    return {
      push(e) {
        const entry = ring.push(e);
        if (tails.size) toTails([entry]);
      },
      page: async (f, max, before) => ring.page(f, max, before),
      async stop() {},
    };
  }

  let store: EntryStore = memoryStore();

  function record(e: NewEntry) {
    if (!on) return;
    e.node = node;
    store.push(e);
  }

  return {
    on,
    bodies,
    record,
    page: (f, max, before) => store.page(f, max, before),
    tail(filter, send, end) {
      const t = { filter, send, end };
      tails.add(t);
      return () => tails.delete(t);
    },
    tailing: () => tails.size > 0,
    toTails,
    joined(name, shared) {
      node = name;
      if (shared) store = shared;
    },
    reset(req) {
      if (on)
        record(requestEntry(req, req.routeOptions.url ?? null, { status: 0, latencyMs: 0, now: clock.now(), bodies }));
    },
    streamOpened(req, reply) {
      if (!on) return;
      req.journalStream = true;
      const opened = clock.wall();
      const entry = (event: string, latencyMs: number) => {
        const e = requestEntry(req, req.routeOptions.url ?? null, {
          status: 200,
          latencyMs,
          now: clock.now(),
          bodies: false,
        });
        e.kind = 'stream';
        e.extra = { event };
        return e;
      };
      record(entry('connected', 0));
      reply.raw.once('close', () => record(entry('closed', clock.wall() - opened)));
    },
    delivery(d) {
      if (on) record(deliveryEntry(d, clock.now()));
    },
    crc(c) {
      if (on) record(crcEntry(c, clock.now()));
    },
    async stop(final = true) {
      for (const t of [...tails]) t.end();
      tails.clear();
      if (final) await store.stop();
    },
  };
}
