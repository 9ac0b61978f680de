// The benches' side of the wire, shared by writes, firehose, stream and cluster: a free port, a
// keep-alive JSON client, a reader of newline-delimited stream messages, and quantiles.
import http from 'node:http';
import { createServer, type AddressInfo } from 'node:net';

/** A port nothing listens on now (the server spawned next takes it). */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

export type Reply = { status: number; body: any };

/** JSON requests over one keep-alive agent, as many clients at once as `maxSockets`. */
export function client(base: string, maxSockets = 64) {
  const { hostname, port } = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const request = (method: string, path: string, auth: string, body?: unknown): Promise<Reply> =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        {
          host: hostname,
          port,
          method,
          path,
          agent,
          headers: { authorization: auth, ...(payload ? { 'content-type': 'application/json' } : {}) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : undefined });
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  return { request, hostname, port: Number(port), close: () => agent.destroy() };
}
export type Client = ReturnType<typeof client>;

export type OpenStream = { req: http.ClientRequest; closedAt: number | null };

/**
 * Opens a streaming endpoint (`path` with its query) and calls `onMessage` with every message that
 * carries `data`, and the instant its line arrived. Resolves once the server answered 200.
 */
export function openStream(
  c: Client,
  path: string,
  bearer: string,
  onMessage: (m: any, at: number) => void,
): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: c.hostname, port: c.port, path, headers: { authorization: `Bearer ${bearer}` } },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream ${path}: ${res.statusCode}`));
        const s: OpenStream = { req, closedAt: null };
        res.on('close', () => (s.closedAt ??= performance.now()));
        let buf = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          const at = performance.now();
          buf += chunk;
          let i;
          while ((i = buf.indexOf('\r\n')) >= 0) {
            const line = buf.slice(0, i);
            buf = buf.slice(i + 2);
            if (!line) continue;
            const m = JSON.parse(line);
            if (m.data) onMessage(m, at);
          }
        });
        res.on('error', () => undefined);
        resolve(s);
      },
    );
    req.on('error', reject);
  });
}

/** The `p` quantile of ascending figures, to 0.1. */
export const quantile = (sorted: number[], p: number) =>
  Number((sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN).toFixed(1));
