// This server's request journal (Runtime `journal`): a bounded ring of what it answered and sent
// (requests, stream connections, webhook deliveries and challenge checks) and the live tails that
// watch it. In memory and per process, like the stream hubs; `--journal-size 0` turns it off.
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
import { createRing, matchesFilter, type Entry, type Filter, type Ring } from './journal.ring.js';

type Tail = { filter: Filter; send(e: Entry): void; end(): void };

export type Journal = {
  /** Null when the journal is off. */
  readonly ring: Ring | null;
  readonly bodies: boolean;
  record(e: NewEntry): void;
  /** Watches new entries that pass the filter; returns the unsubscribe. */
  tail(filter: Filter, send: (e: Entry) => void, end: () => void): () => void;
  /** A request whose connection a fault rule reset: it never gets an answer, so no onResponse. */
  reset(req: FastifyRequest): void;
  /** A stream took the request over: records its start now and its end when the connection closes. */
  streamOpened(req: FastifyRequest, reply: FastifyReply): void;
  delivery(d: Omit<DeliveryFact, 'now'>): void;
  crc(c: Omit<CrcFact, 'now'>): void;
  stop(): void;
};

declare module '../deps.js' {
  interface Runtime {
    journal: Journal;
  }
}

export function createJournal(base: RuntimeBase): Journal {
  const { config, clock } = base;
  const ring = config.journalSize > 0 ? createRing(config.journalSize) : null;
  const tails = new Set<Tail>();
  const bodies = config.journalBodies;

  function record(e: NewEntry) {
    if (!ring) return;
    const entry = ring.push(e);
    if (tails.size) for (const t of tails) if (matchesFilter(entry, t.filter)) t.send(entry);
  }

  return {
    ring,
    bodies,
    record,
    tail(filter, send, end) {
      const t = { filter, send, end };
      tails.add(t);
      return () => tails.delete(t);
    },
    reset(req) {
      if (ring) record(requestEntry(req, { status: 0, latencyMs: 0, now: clock.now(), bodies }));
    },
    streamOpened(req, reply) {
      if (!ring) return;
      req.journalStream = true;
      const opened = clock.wall();
      const entry = (event: string, latencyMs: number) => {
        const e = requestEntry(req, { status: 200, latencyMs, now: clock.now(), bodies: false });
        e.kind = 'stream';
        e.extra = { event };
        return e;
      };
      record(entry('connected', 0));
      reply.raw.once('close', () => record(entry('closed', clock.wall() - opened)));
    },
    delivery(d) {
      if (ring) record(deliveryEntry({ ...d, now: clock.now() }));
    },
    crc(c) {
      if (ring) record(crcEntry({ ...c, now: clock.now() }));
    },
    stop() {
      for (const t of [...tails]) t.end();
      tails.clear();
    },
  };
}
