// HTTP plumbing of a streaming response: takes the reply over from Fastify, sends the 200 headers
// at once (clients resolve their request on them) and exposes the socket as a Sink the stream hub
// writes whole lines to. `waiting()` is every byte not yet handed to the kernel, which is what grows
// when a reader falls behind. Only SOCKET_BYTES of it are given to the response; the rest wait here
// as whole lines, so a disconnect can drop them and its error line is the next thing the reader gets.
import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import { streamHead } from '../../http/stream-head.js';
import type { Sink } from './stream.hub.js';

/** A reader that stopped reading never lets `end()` finish: its socket is destroyed after this. */
const END_GRACE_MS = 2_000;
/** What the response may hold at once (its own buffer and the socket's); beyond it lines queue here. */
const SOCKET_BYTES = 64 * 1024;

export function streamingResponse(reply: FastifyReply): Sink {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, streamHead(reply, 'application/json; charset=utf-8'));
  res.flushHeaders();
  return new ResponseSink(res);
}

class ResponseSink implements Sink {
  private isClosed = false;
  private corked = false;
  private ending = false;
  /** Lines not yet given to the response, oldest first from `head`. */
  private queue: string[] = [];
  private head = 0;
  private queued = 0;
  private readonly listeners: (() => void)[] = [];
  private readonly drainWaiters: (() => void)[] = [];

  constructor(private readonly res: ServerResponse) {
    res.on('close', () => this.onClosed());
    res.on('drain', () => this.pump());
  }

  write(chunk: string): number {
    if (this.isClosed || this.ending) return this.waiting();
    if (this.head === this.queue.length && this.res.writableLength < SOCKET_BYTES) this.send(chunk);
    else {
      this.queue.push(chunk);
      this.queued += chunk.length;
    }
    return this.waiting();
  }

  waiting(): number {
    return this.queued + this.res.writableLength;
  }

  drained(): Promise<void> {
    return new Promise<void>((resolve) => {
      if (this.isClosed || this.head === this.queue.length) resolve();
      else this.drainWaiters.push(resolve);
    });
  }

  end(): void {
    if (!this.ending) this.finish();
  }

  endWith(line: string): void {
    if (this.ending || this.isClosed) return;
    this.dropQueue();
    this.send(line);
    this.finish();
  }

  get closed(): boolean {
    return this.isClosed;
  }

  onClose(fn: () => void): void {
    if (this.isClosed) fn();
    else this.listeners.push(fn);
  }

  private onClosed() {
    if (this.isClosed) return;
    this.isClosed = true;
    for (const fn of [...this.listeners.splice(0), ...this.drainWaiters.splice(0)]) fn();
  }

  private send(chunk: string) {
    // Lines written in one turn of the event loop leave in one syscall.
    if (!this.corked) {
      this.corked = true;
      this.res.cork();
      process.nextTick(() => {
        this.corked = false;
        this.res.uncork();
      });
    }
    this.res.write(chunk);
  }

  /** Moves queued lines on while the response has room; ends it once everything went, if asked to. */
  private pump() {
    while (this.head < this.queue.length && this.res.writableLength < SOCKET_BYTES && !this.isClosed) {
      const line = this.queue[this.head++]!;
      this.queued -= line.length;
      this.send(line);
    }
    if (this.head < this.queue.length) return;
    this.dropQueue();
    for (const fn of this.drainWaiters.splice(0)) fn();
    if (this.ending && !this.res.writableEnded) this.res.end();
  }

  private dropQueue() {
    this.queue = [];
    this.head = 0;
    this.queued = 0;
  }

  private finish() {
    this.ending = true;
    this.pump();
    setTimeout(() => {
      if (!this.isClosed) this.res.destroy();
    }, END_GRACE_MS).unref();
  }
}
