// HTTP plumbing of a streaming response: takes the reply over from Fastify, sends the 200 headers
// at once (clients resolve their request on them) and exposes the socket as a Sink the stream hub
// writes whole lines to. `waiting()` is every byte not yet handed to the kernel, which is what grows
// when a reader falls behind. Only SOCKET_BYTES of it are given to the socket; the rest wait here as
// whole lines, so a disconnect can drop them and its error line is the next thing the reader gets.
import type { FastifyReply } from 'fastify';
import type { Sink } from './stream.hub.js';

/** A reader that stopped reading never lets `end()` finish: its socket is destroyed after this. */
const END_GRACE_MS = 2_000;
/** What the response may hold at once (its own buffer and the socket's); beyond it lines queue here. */
const SOCKET_BYTES = 64 * 1024;

export function streamingResponse(reply: FastifyReply): Sink {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  res.flushHeaders();
  let closed = false;
  let corked = false;
  let ending = false;
  /** Lines not yet given to the response, oldest first from `head`. */
  let queue: string[] = [];
  let head = 0;
  let queued = 0;
  const listeners: (() => void)[] = [];
  const drainWaiters: (() => void)[] = [];

  const onClose = () => {
    if (closed) return;
    closed = true;
    for (const fn of [...listeners.splice(0), ...drainWaiters.splice(0)]) fn();
  };
  res.on('close', onClose);

  function send(chunk: string) {
    // Lines written in one turn of the event loop leave in one syscall.
    if (!corked) {
      corked = true;
      res.cork();
      process.nextTick(() => {
        corked = false;
        res.uncork();
      });
    }
    res.write(chunk);
  }

  /** Moves queued lines on while the response has room; ends it once everything went, if asked to. */
  function pump() {
    while (head < queue.length && res.writableLength < SOCKET_BYTES && !closed) {
      const line = queue[head++]!;
      queued -= line.length;
      send(line);
    }
    if (head < queue.length) return;
    queue = [];
    head = 0;
    for (const fn of drainWaiters.splice(0)) fn();
    if (ending && !res.writableEnded) res.end();
  }
  res.on('drain', pump);

  function finish() {
    ending = true;
    pump();
    setTimeout(() => {
      if (!closed) res.destroy();
    }, END_GRACE_MS).unref();
  }

  return {
    write(chunk) {
      if (closed || ending) return queued + res.writableLength;
      if (head === queue.length && res.writableLength < SOCKET_BYTES) send(chunk);
      else {
        queue.push(chunk);
        queued += chunk.length;
      }
      return queued + res.writableLength;
    },
    waiting: () => queued + res.writableLength,
    drained: () =>
      new Promise<void>((resolve) => {
        if (closed || head === queue.length) return resolve();
        drainWaiters.push(resolve);
      }),
    end() {
      if (!ending) finish();
    },
    endWith(line) {
      if (ending || closed) return;
      queue = [];
      head = 0;
      queued = 0;
      send(line);
      finish();
    },
    get closed() {
      return closed;
    },
    onClose(fn) {
      if (closed) fn();
      else listeners.push(fn);
    },
  };
}
