// HTTP plumbing of a streaming response: takes the reply over from Fastify, sends the 200 headers
// at once (clients resolve their request on them) and exposes the socket as a Sink the stream hub
// writes whole lines to. `waiting()` is every byte not yet handed to the kernel — the response's own
// buffer plus the socket's — which is what grows when a reader falls behind.
import type { FastifyReply } from 'fastify';
import type { Sink } from './stream.hub.js';

/** A reader that stopped reading never lets `end()` finish: its socket is destroyed after this. */
const END_GRACE_MS = 2_000;

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
  const listeners: (() => void)[] = [];
  const onClose = () => {
    if (closed) return;
    closed = true;
    for (const fn of listeners.splice(0)) fn();
  };
  res.on('close', onClose);
  return {
    write(chunk) {
      if (closed || res.writableEnded) return res.writableLength;
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
      return res.writableLength;
    },
    waiting: () => res.writableLength,
    drained: () =>
      new Promise<void>((resolve) => {
        if (closed || res.writableLength === 0) return resolve();
        const done = () => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.on('drain', done);
        res.on('close', done);
      }),
    end() {
      if (!res.writableEnded) res.end();
      setTimeout(() => {
        if (!closed) res.destroy();
      }, END_GRACE_MS).unref();
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
