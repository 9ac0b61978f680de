// Outgoing HTTP to registered webhook URLs (undici): keep-alive connections, a hard timeout, no redirects, and
// every failure sorted into what the state machine needs (seed, States and transitions): a TLS
// exception invalidates a webhook at once, a timeout or a closed connection is transient.
import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import { Agent, type Dispatcher } from 'undici';
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
  // Strict mode checks every address a socket connects to: a host name's through `lookup` (undici
  // hands its connect options to net/tls.connect), an IP literal's (which never reaches `lookup`) in
  // refusedLiteral.
  const lookup = config.strictWebhooks ? (publicOnlyLookup as never) : undefined;
  const ca = config.webhookCaFile ? [...rootCertificates, readFileSync(config.webhookCaFile, 'utf8')] : undefined;
  const connect = { lookup, ca, timeout: config.webhookTimeoutMs };
  // As many idle connections may stay open as may be busy (per origin), so a burst does not close
  // and reopen them. A fresh request gets a connection of its own, closed after it, with no TLS
  // session to resume.
  const pooled = new Agent({ connections: 128, connect });
  const once = new Agent({ connect: { ...connect, maxCachedSessions: 0 } });

  /** Strict mode's connect-time refusal of an IP literal, worded as publicOnlyLookup's refusal of a name. */
  function refusedLiteral(url: URL): HttpResult | null {
    const literal = config.strictWebhooks ? internalLiteral(url) : null;
    return literal
      ? { kind: 'closed', error: `EADDRBLOCKED: refusing to connect to internal address ${literal}`, latencyMs: 0 }
      : null;
  }

  // undici's dispatch with a handler of its own: no response stream, no AbortController (issue #23:
  // ~40 µs of CPU a request against ~110 for node:http's client, bench/NOTES.md thirtieth pass).
  function send(r: HttpRequest): Promise<HttpResult> {
    const refused = refusedLiteral(r.url);
    if (refused) return Promise.resolve(refused);
    const started = elapsed();
    return new Promise((resolve) => {
      let settled = false;
      let abort: ((err: Error) => void) | null = null;
      let status = 0;
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = (res: HttpResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(res);
      };
      const fail = (err: NodeJS.ErrnoException) =>
        finish({
          kind: classify(err, r.url),
          error: `${err.code ?? 'ERROR'}: ${err.message}`,
          latencyMs: elapsed() - started,
        });
      const timer = setTimeout(() => {
        finish({
          kind: 'timeout',
          error: `no reply within ${config.webhookTimeoutMs} ms`,
          latencyMs: elapsed() - started,
        });
        abort?.(new Error('timed out'));
      }, config.webhookTimeoutMs);
      const handler: Dispatcher.DispatchHandlers = {
        // Called as the request is written; one that timed out while it waited for a connection goes no further.
        onConnect(a) {
          abort = a;
          if (settled) a(new Error('timed out'));
        },
        onError: fail,
        onHeaders(code) {
          status = code;
          return true;
        },
        onData(c) {
          if (size < MAX_BODY) {
            chunks.push(c);
            size += c.length;
          }
          return true;
        },
        onComplete() {
          finish({
            kind: 'response',
            status,
            body: Buffer.concat(chunks).toString('utf8'),
            latencyMs: elapsed() - started,
          });
        },
      };
      try {
        (r.fresh ? once : pooled).dispatch(
          {
            origin: r.url.origin,
            path: r.url.pathname + r.url.search,
            method: r.method,
            headers: r.headers,
            body: r.body,
            reset: r.fresh === true,
          },
          handler,
        );
      } catch (err) {
        fail(err as NodeJS.ErrnoException);
      }
    });
  }

  return {
    send,
    close() {
      for (const a of [pooled, once]) void a.destroy().catch(() => undefined);
    },
  };
}
