// A webhook receiver for tests: a real node:http(s) server on 127.0.0.1 that implements what the
// docs and twitter-autohook require (notes §2.1-2.2): it answers CRC GETs with
// {"response_token":"sha256=<base64 HMAC-SHA256(consumer secret, crc_token)>"} after checking the
// signature header over the raw query string, and accepts POSTs only with
// `Content-Type: application/json` exactly and a valid signature over the raw body.
// Tests switch its behaviour (`crc`, `post`) to drive the webhook state machine and retries.
import { createHmac } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';

export type CrcMode = 'ok' | 'wrong-token' | 'redirect' | 'hang' | { status: number };
export type PostMode = 'ok' | 'hang' | { status: number } | { failRatio: number } | { answer: (r: Received) => number };

export type Received = {
  body: string;
  json: any;
  headers: Record<string, string | string[] | undefined>;
  signatureOk: boolean;
  contentTypeOk: boolean;
  at: number;
  path: string;
};
export type CrcReceived = {
  query: string;
  signatureOk: boolean;
  crcToken: string | null;
  nonce: string | null;
  at: number;
};

const hmac = (secret: string, msg: string | Buffer) =>
  'sha256=' + createHmac('sha256', secret).update(msg).digest('base64');

export type Receiver = {
  url: string;
  secret: string;
  crc: CrcMode;
  post: PostMode;
  header: string;
  crcs: CrcReceived[];
  posts: Received[];
  /** Events (parsed bodies) accepted with a 2xx. */
  accepted: Received[];
  /** Receiver status per POST attempt, in order. */
  answered: number[];
  setTls(ctx: { key: string; cert: string }): void;
  close(): Promise<void>;
};

export async function startReceiver(
  o: { secret?: string; path?: string; tls?: { key: string; cert: string }; header?: string } = {},
): Promise<Receiver> {
  const r: Receiver = {
    url: '',
    secret: o.secret ?? '',
    crc: 'ok',
    post: 'ok',
    header: o.header ?? 'x-twitter-webhooks-signature',
    crcs: [],
    posts: [],
    accepted: [],
    answered: [],
    setTls(ctx) {
      (server as https.Server).setSecureContext(ctx);
    },
    close: async () => {
      server.closeAllConnections?.();
      await new Promise<void>((res) => server.close(() => res()));
    },
  };
  const hung: ServerResponse[] = [];

  function onCrc(req: IncomingMessage, res: ServerResponse, query: string) {
    const params = new URLSearchParams(query);
    const crcToken = params.get('crc_token');
    r.crcs.push({
      query,
      signatureOk: req.headers[r.header] === hmac(r.secret, query),
      crcToken,
      nonce: params.get('nonce'),
      at: Date.now(),
    });
    const mode = r.crc;
    if (mode === 'hang') {
      hung.push(res);
      return;
    }
    if (mode === 'redirect') {
      res.writeHead(302, { location: 'https://example.com/' }).end();
      return;
    }
    if (typeof mode === 'object') {
      res.writeHead(mode.status, { 'content-type': 'text/plain' }).end('nope');
      return;
    }
    if (!crcToken) {
      res.writeHead(400).end('Missing crc_token');
      return;
    }
    const token = mode === 'wrong-token' ? hmac('not-the-secret', crcToken) : hmac(r.secret, crcToken);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ response_token: token }));
  }

  function onPost(req: IncomingMessage, res: ServerResponse, raw: Buffer) {
    const body = raw.toString('utf8');
    let json: unknown = null;
    try {
      json = JSON.parse(body);
    } catch {
      /* recorded as null */
    }
    const rec: Received = {
      body,
      json,
      headers: req.headers,
      at: Date.now(),
      path: req.url ?? '',
      signatureOk: req.headers[r.header] === hmac(r.secret, raw),
      contentTypeOk: req.headers['content-type'] === 'application/json',
    };
    r.posts.push(rec);
    const mode = r.post;
    let status = 200;
    if (mode === 'hang') {
      hung.push(res);
      return;
    }
    if (typeof mode === 'object')
      status =
        'status' in mode
          ? mode.status
          : 'answer' in mode
            ? mode.answer(rec)
            : Math.random() < mode.failRatio
              ? 503
              : 200;
    if (!rec.contentTypeOk || !rec.signatureOk) status = 401;
    r.answered.push(status);
    if (status >= 200 && status < 300) r.accepted.push(rec);
    res.writeHead(status).end();
  }

  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const q = req.url?.indexOf('?') ?? -1;
      const query = q >= 0 ? req.url!.slice(q + 1) : '';
      if (req.method === 'GET') onCrc(req, res, query);
      else if (req.method === 'POST') onPost(req, res, Buffer.concat(chunks));
      else res.writeHead(405).end();
    });
  };
  const server = o.tls ? https.createServer({ key: o.tls.key, cert: o.tls.cert }, handler) : http.createServer(handler);
  server.keepAliveTimeout = 60_000;
  server.on('close', () => {
    for (const h of hung) h.destroy();
  });
  await new Promise<void>((res) => server.listen(0, '127.0.0.1', () => res()));
  const port = (server.address() as AddressInfo).port;
  r.url = `${o.tls ? 'https' : 'http'}://127.0.0.1:${port}${o.path ?? '/webhooks/twitter'}`;
  return r;
}

type Server = {
  admin<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
  call<T = any>(
    method: string,
    path: string,
    opts?: { auth?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: T; headers: Headers }>;
};
export type TestApp = { id: string; consumer_secret: string; bearer_token: string; consumer_key: string; auth: string };

/** A fresh app through the control API (tier enterprise unless given). */
export async function newApp(s: Server, tier = 'enterprise'): Promise<TestApp> {
  const res = await s.admin('POST', '/_aviary/apps', { name: `wh${Math.random().toString(36).slice(2, 10)}`, tier });
  if (res.status !== 201) throw new Error(`app creation failed: ${JSON.stringify(res.body)}`);
  return { ...res.body.data, auth: `Bearer ${res.body.data.bearer_token}` };
}

/** A receiver for the app and a webhook registered on it. */
export async function newWebhook(
  s: Server,
  app: TestApp,
  o: { path?: string } = {},
): Promise<{ receiver: Receiver; id: string }> {
  const receiver = await startReceiver({ secret: app.consumer_secret, path: o.path });
  const res = await s.call('POST', '/2/webhooks', { auth: app.auth, body: { url: receiver.url } });
  if (res.status !== 200) {
    // Closed here: nothing else holds it, and an open receiver keeps the test file from ending.
    await receiver.close();
    throw new Error(`webhook registration failed: ${JSON.stringify(res.body)}`);
  }
  return { receiver, id: res.body.data.id };
}

/** The service time a CRC was sent at (its nonce is base64url of the epoch-ms string, notes §2.1). */
export const crcTime = (c: CrcReceived) => Number(Buffer.from(c.nonce ?? '', 'base64url').toString('utf8'));

/** A user through the control API. */
export async function newUser(s: Server, o: Record<string, unknown> = {}): Promise<{ id: string; username: string }> {
  const username = `u${Math.random().toString(36).slice(2, 12)}`;
  const res = await s.admin('POST', '/_aviary/users', { username, name: username, ...o });
  if (res.status !== 201) throw new Error(`user creation failed: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** An OAuth 2.0 user token of `userId` for the app. */
export async function userToken(
  s: Server,
  app: TestApp,
  userId: string,
  scopes = [
    'tweet.read',
    'tweet.write',
    'users.read',
    'like.read',
    'like.write',
    'dm.read',
    'dm.write',
    'follows.read',
    'follows.write',
    'mute.read',
    'block.read',
  ],
): Promise<string> {
  const res = await s.admin('POST', `/_aviary/apps/${app.id}/oauth2-tokens`, { user_id: userId, scopes });
  if (res.status !== 201) throw new Error(`token failed: ${JSON.stringify(res.body)}`);
  return `Bearer ${res.body.data.access_token}`;
}

/** Subscribes the app's webhook to an activity kind for a user (a user token when the kind is private). */
export async function subscribe(s: Server, auth: string, body: Record<string, unknown>): Promise<string> {
  const res = await s.call('POST', '/2/activity/subscriptions', { auth, body });
  if (res.status !== 200) throw new Error(`subscription failed: ${JSON.stringify(res.body)}`);
  return res.body.data.subscription.subscription_id;
}
