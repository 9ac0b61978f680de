// Outgoing HTTP to registered webhook URLs: keep-alive agents, a hard timeout, no redirects, and
// every failure sorted into what the state machine needs (seed, States and transitions): a TLS
// exception invalidates a webhook at once, a timeout or a closed connection is transient.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { rootCertificates } from 'node:tls';
import type { Config } from '../config/index.js';
import { internalLiteral, publicOnlyLookup } from './url-policy.js';

export type HttpResult =
  | { kind: 'response'; status: number; body: string; latencyMs: number }
  | { kind: 'timeout' | 'closed' | 'tls'; error: string; latencyMs: number };

/** `fresh`: a new connection (a check must see the receiver's current TLS set-up, not a reused session). */
export type HttpRequest = {
  method: 'GET' | 'POST';
  url: URL;
  headers: Record<string, string>;
  body?: string;
  fresh?: boolean;
};

export interface HttpClient {
  send(req: HttpRequest): Promise<HttpResult>;
  close(): void;
}

const MAX_BODY = 64 * 1024;
const TLS_CODES =
  /^(ERR_TLS_|ERR_SSL_|ERR_OSSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|HOSTNAME_MISMATCH|EPROTO$)/;

function classify(err: NodeJS.ErrnoException, url: URL): 'tls' | 'closed' {
  if (url.protocol === 'https:' && (TLS_CODES.test(err.code ?? '') || /SSL|TLS|certificate/i.test(err.message)))
    return 'tls';
  return 'closed';
}

/** What the client reads of the configuration (a worker thread gets it as data: http.thread.ts). */
export type ClientConfig = Pick<Config, 'strictWebhooks' | 'webhookCaFile' | 'webhookTimeoutMs'>;

export function createHttpClient(config: ClientConfig, elapsed: () => number): HttpClient {
  // Strict mode checks every address a socket connects to: a host name's through `lookup`, an IP
  // literal's (which never reaches `lookup`) in refusedLiteral.
  const lookup = config.strictWebhooks ? (publicOnlyLookup as never) : undefined;
  const ca = config.webhookCaFile ? [...rootCertificates, readFileSync(config.webhookCaFile, 'utf8')] : undefined;
  // As many idle sockets may stay open as may be busy, so a burst does not close and reopen connections.
  const opts = { keepAlive: true, maxSockets: 128, maxFreeSockets: 128, lookup };
  const agents = { 'http:': new http.Agent(opts), 'https:': new https.Agent({ ...opts, ca }) };
  const once = {
    'http:': new http.Agent({ ...opts, keepAlive: false }),
    'https:': new https.Agent({ ...opts, keepAlive: false, ca }),
  };

  /** Strict mode's connect-time refusal of an IP literal, worded as publicOnlyLookup's refusal of a name. */
  function refusedLiteral(url: URL): HttpResult | null {
    const literal = config.strictWebhooks ? internalLiteral(url) : null;
    return literal
      ? { kind: 'closed', error: `EADDRBLOCKED: refusing to connect to internal address ${literal}`, latencyMs: 0 }
      : null;
  }

  function send(r: HttpRequest): Promise<HttpResult> {
    const refused = refusedLiteral(r.url);
    if (refused) return Promise.resolve(refused);
    const started = elapsed();
    const lib = r.url.protocol === 'https:' ? https : http;
    return new Promise((resolve) => {
      let settled = false;
      const finish = (res: HttpResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(res);
      };
      const headers: Record<string, string | number> = { ...r.headers };
      if (r.body !== undefined) headers['content-length'] = Buffer.byteLength(r.body);
      const req = lib.request(
        r.url,
        { method: r.method, headers, agent: (r.fresh ? once : agents)[r.url.protocol as 'http:' | 'https:'] },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (c: Buffer) => {
            if (size < MAX_BODY) {
              chunks.push(c);
              size += c.length;
            }
          });
          res.on('end', () =>
            finish({
              kind: 'response',
              status: res.statusCode ?? 0,
              body: Buffer.concat(chunks).toString('utf8'),
              latencyMs: elapsed() - started,
            }),
          );
          res.on('error', (err) => finish({ kind: 'closed', error: err.message, latencyMs: elapsed() - started }));
        },
      );
      const timer = setTimeout(() => {
        finish({
          kind: 'timeout',
          error: `no reply within ${config.webhookTimeoutMs} ms`,
          latencyMs: elapsed() - started,
        });
        req.destroy();
      }, config.webhookTimeoutMs);
      req.on('error', (err: NodeJS.ErrnoException) =>
        finish({
          kind: classify(err, r.url),
          error: `${err.code ?? 'ERROR'}: ${err.message}`,
          latencyMs: elapsed() - started,
        }),
      );
      req.end(r.body);
    });
  }

  return {
    send,
    close() {
      for (const a of [...Object.values(agents), ...Object.values(once)]) a.destroy();
    },
  };
}
