// The worker thread of http.thread.ts: the server's own client (http.ts), answering each turn's
// requests in one message.
import { parentPort, workerData } from 'node:worker_threads';
import { createHttpClient, type ClientConfig, type HttpResult } from './http.js';
import type { WireRequest, WireResult } from './http.thread.js';

const port = parentPort!;
// Latencies are differences: the thread's own monotonic clock serves (the service clock stays on the event loop).
const client = createHttpClient((workerData as { config: ClientConfig }).config, () => performance.now());
let done: WireResult[] = [];

function answer(id: number, result: HttpResult) {
  if (!done.length) setImmediate(flush);
  done.push({ id, result });
}

function flush() {
  const batch = done;
  done = [];
  port.postMessage(batch);
}

port.on('message', (batch: WireRequest[]) => {
  for (const r of batch)
    void client.send({ ...r, url: new URL(r.url) }).then(
      (result) => answer(r.id, result),
      (err: unknown) => answer(r.id, { kind: 'closed', error: String(err), latencyMs: 0 }),
    );
});
port.postMessage('ready');
