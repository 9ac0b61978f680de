// What the Ads benches share: the control API and signed Ads requests as the demo user (the banner's
// credentials of a spawned Aviary), each timed from send to the whole answer read, and percentiles.
import { Agent, request } from 'node:http';
import { signRequest } from '../../src/auth/index.js';

export type DemoCredentials = {
  admin_token: string;
  demo: {
    app: { consumer_key: string; consumer_secret: string };
    user: { id: string; access_token: string; access_token_secret: string };
  };
};

export function adsClient(baseUrl: string, creds: DemoCredentials) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const { demo } = creds;
  const admin = { authorization: `Bearer ${creds.admin_token}`, 'content-type': 'application/json' };
  /** How far the server's clock is ahead of this one's (a bench that advances the virtual clock says so). */
  const clock = { aheadMs: 0 };

  /** The OAuth 1.0a header of a request as the demo user (the query string signed with it). */
  const sign = (method: string, url: string) =>
    signRequest({
      method,
      url,
      consumerKey: demo.app.consumer_key,
      consumerSecret: demo.app.consumer_secret,
      token: demo.user.access_token,
      tokenSecret: demo.user.access_token_secret,
      timestamp: Math.floor((Date.now() + clock.aheadMs) / 1000),
    });

  async function control(method: string, path: string, body: unknown): Promise<any> {
    const res = await fetch(baseUrl + path, { method, headers: admin, body: JSON.stringify(body) });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { data: unknown }).data;
  }

  /** One signed Ads request; `json` is a value to send as JSON, or JSON text as it is. */
  async function ads(method: string, path: string, query = '', json?: unknown): Promise<{ ms: number; body: any }> {
    const url = `${baseUrl}/12/${path}${query ? `?${query}` : ''}`;
    const authorization = sign(method, url);
    const headers: Record<string, string> = { authorization };
    const body = json === undefined ? undefined : typeof json === 'string' ? json : JSON.stringify(json);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const t0 = performance.now();
    const res = await fetch(url, { method, headers, body });
    const text = await res.text();
    const ms = performance.now() - t0;
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 500)}`);
    return { ms, body: JSON.parse(text) };
  }

  /**
   * The same request through node:http, its answer kept as bytes: the time until the whole answer has
   * arrived, without fetch's stream machinery or decoding 870 KB to a string on the client's side.
   */
  function adsBytes(method: string, path: string, query = ''): Promise<{ ms: number; body: any }> {
    const url = `${baseUrl}/12/${path}${query ? `?${query}` : ''}`;
    const authorization = sign(method, url);
    return new Promise((resolve, reject) => {
      const t0 = performance.now();
      const req = request(url, { method, headers: { authorization }, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const ms = performance.now() - t0;
          const bytes = Buffer.concat(chunks);
          if ((res.statusCode ?? 0) >= 300) reject(new Error(`${method} ${path}: ${res.statusCode}`));
          else resolve({ ms, body: JSON.parse(bytes.toString('utf8')) });
        });
      });
      req.on('error', reject);
      req.end();
    });
  }

  return { demo, control, ads, adsBytes, clock };
}

/** The p-th percentile (0..1) of the figures, nearest rank. */
export const pct = (xs: readonly number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
