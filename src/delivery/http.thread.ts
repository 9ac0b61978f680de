// Outgoing webhook HTTP on a worker thread once sends come steadily (issue #23, ADR 0030): the
// requests and their answers (http.ts, run there as it runs here) cost the event loop more than a
// third of a delivery's time; handed to the thread in batches, a message each way a turn. The
// delivery worker, the signatures, the fault rules and the attempt log stay on the event loop.
// A server that sends little (tests, the CLI, a quiet server) never starts the thread; one that
// cannot start it, or whose thread fails, sends here from then on, and what the thread held fails
// as a closed connection does (retried on the schedule: at-least-once holds).
import { Worker } from 'node:worker_threads';
import { createHttpClient, type ClientConfig, type HttpClient, type HttpRequest, type HttpResult } from './http.js';

export type WireRequest = Omit<HttpRequest, 'url'> & { id: number; url: string };
export type WireResult = { id: number; result: HttpResult };

/** Sends made here before the thread is started. */
const START_AFTER = 512;

/** Loads the worker's module: from dist as it is, from src (tests, under tsx) through tsx's loader. */
const BOOT = `const { workerData } = require('node:worker_threads');
(async () => {
  if (workerData.entry.endsWith('.ts')) (await import('tsx/esm/api')).register();
  await import(workerData.entry);
})();`;

export function createThreadedHttpClient(
  config: ClientConfig,
  elapsed: () => number,
  o: { startAfter?: number } = {},
): HttpClient & { readonly threaded: boolean } {
  const local = createHttpClient(config, elapsed);
  const startAfter = o.startAfter ?? START_AFTER;
  let sends = 0;
  let worker: Worker | null = null;
  let ready = false;
  let nextId = 0;
  const waiting = new Map<number, (r: HttpResult) => void>();
  let queue: WireRequest[] = [];

  function start() {
    const ext = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
    const entry = new URL(`./http.worker.${ext}`, import.meta.url).href;
    const { strictWebhooks, webhookCaFile, webhookTimeoutMs } = config;
    const w = new Worker(BOOT, {
      eval: true,
      workerData: { entry, config: { strictWebhooks, webhookCaFile, webhookTimeoutMs } },
    });
    w.unref();
    w.on('message', (m: 'ready' | WireResult[]) => {
      if (m === 'ready') {
        ready = worker === w;
        return;
      }
      for (const { id, result } of m) {
        const resolve = waiting.get(id);
        waiting.delete(id);
        resolve?.(result);
      }
    });
    w.on('error', (err) => fail(w, `the webhook sender thread failed: ${err.message}`));
    w.on('exit', () => fail(w, 'the webhook sender thread stopped'));
    worker = w;
  }

  /** The thread is gone: what it held fails, and every later send is made here. */
  function fail(w: Worker, error: string) {
    if (worker !== w) return;
    worker = null;
    ready = false;
    for (const resolve of waiting.values()) resolve({ kind: 'closed', error, latencyMs: 0 });
    waiting.clear();
    queue = [];
  }

  function flush() {
    const batch = queue;
    queue = [];
    if (worker && batch.length) worker.postMessage(batch);
  }

  return {
    /** Whether sends now go to the thread. */
    get threaded() {
      return ready;
    },
    send(req) {
      if (!ready || !worker) {
        if (++sends === startAfter) start();
        return local.send(req);
      }
      const id = ++nextId;
      // One message a turn: the delivery worker starts its rows from several callbacks of a turn.
      if (!queue.length) setImmediate(flush);
      // Written out, not `{ ...req, id, url }`: a spread then new keys costs ~1 µs a key (deliveries.ts `attemptOf`).
      queue.push({ id, method: req.method, url: req.url.href, headers: req.headers, body: req.body, fresh: req.fresh });
      return new Promise((resolve) => waiting.set(id, resolve));
    },
    close() {
      local.close();
      const w = worker;
      if (w) {
        fail(w, 'the server is stopping');
        void w.terminate();
      }
    },
  };
}
