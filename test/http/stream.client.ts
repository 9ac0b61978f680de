// Helpers of the filtered-stream tests: a raw stream reader that keeps every chunk (to check the
// `\r\n` framing and keep-alives), apps with rules, and posts created over HTTP with a user token.
import type { FastifyInstance } from 'fastify';
import { newApp, newUser, userToken, type AppOptions } from '../support/actors.js';
import { assertMatchesSpec, specHas } from '../support/spec.js';
import { poll, type TestServer } from '../support/server.js';

export type RawStream = {
  status: number;
  body: any;
  /** Parsed JSON lines in arrival order. */
  lines: any[];
  /** Bare `\r\n` keep-alives received. */
  keepAlives: number;
  text: () => string;
  ended: Promise<void>;
  isEnded: () => boolean;
  /** Waits for the first line satisfying `pred` (also among those already received). */
  waitFor(pred: (line: any) => boolean, timeoutMs?: number): Promise<any>;
  close(): Promise<void>;
};

/** GET /2/tweets/search/stream (or another stream's path) with a bearer token, read as raw bytes. */
export async function openStream(
  s: TestServer,
  bearer: string,
  query = '',
  path = '/2/tweets/search/stream',
): Promise<RawStream> {
  const ac = new AbortController();
  const res = await fetch(`${s.url}${path}${query ? `?${query}` : ''}`, {
    headers: { authorization: `Bearer ${bearer}` },
    signal: ac.signal,
  });
  const out = { status: res.status, body: undefined as any, lines: [] as any[], keepAlives: 0, raw: '' };
  if (res.status !== 200) {
    out.body = await res.json();
    return {
      ...out,
      text: () => '',
      ended: Promise.resolve(),
      isEnded: () => true,
      waitFor: () => Promise.reject(new Error('not streaming')),
      close: async () => {},
    };
  }
  let ended = false;
  let buf = '';
  const ended$ = (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body as any) {
        const text = decoder.decode(chunk, { stream: true });
        out.raw += text;
        buf += text;
        let i;
        while ((i = buf.indexOf('\r\n')) >= 0) {
          const line = buf.slice(0, i);
          buf = buf.slice(i + 2);
          if (line === '') out.keepAlives++;
          else out.lines.push(JSON.parse(line));
        }
      }
    } catch {
      /* aborted */
    }
    ended = true;
  })();
  return {
    get status() {
      return out.status;
    },
    get body() {
      return out.body;
    },
    get lines() {
      return out.lines;
    },
    get keepAlives() {
      return out.keepAlives;
    },
    text: () => out.raw,
    ended: ended$,
    isEnded: () => ended,
    waitFor: (pred, timeoutMs = 5000) => poll(() => out.lines.find(pred), { timeoutMs, intervalMs: 5 }),
    async close() {
      ac.abort();
      await ended$;
    },
  };
}

export type StreamApp = { id: string; bearer: string };

/** A fresh app (enterprise unless told) with the given rules; returns its bearer and the rule ids by value. */
export async function appWithRules(
  s: TestServer,
  rules: { value: string; tag?: string }[],
  o: AppOptions = {},
): Promise<StreamApp & { rules: Record<string, string> }> {
  const app = await newApp(s, { tier: 'enterprise', ...o });
  const res = rules.length
    ? await s.call('POST', '/2/tweets/search/stream/rules', {
        auth: `Bearer ${app.bearer_token}`,
        body: { add: rules },
      })
    : { status: 201, body: { data: [] } };
  if (res.status !== 201) throw new Error(`rules not added: ${JSON.stringify(res.body)}`);
  const ids = Object.fromEntries((res.body.data as { id: string; value: string }[]).map((r) => [r.value, r.id]));
  return { id: app.id, bearer: app.bearer_token, rules: ids };
}

/** A user allowed to post, and a function creating posts as that user over HTTP. */
export async function poster(s: TestServer, over: Record<string, unknown> = {}) {
  const user = await newUser(s, { premium: true, ...over });
  const token = await userToken(s, user.id, { tier: 'enterprise' });
  const post = async (body: string | Record<string, unknown>): Promise<string> => {
    const res = await s.call('POST', '/2/tweets', {
      auth: token,
      body: typeof body === 'string' ? { text: body } : body,
    });
    if (res.status !== 201) throw new Error(`post failed: ${JSON.stringify(res.body)}`);
    return res.body.data.id;
  };
  return { user, token, post };
}

/** A word no other test uses, so rules match only this test's posts. */
export function word(prefix = 'w'): string {
  return `${prefix}${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * Every 2xx JSON answer of a documented /2/ route checked against the OpenAPI document, like
 * `startServer({spec: true})`, except that a rules add answering 201 (OBS, notes §4.2; SPEC lists only
 * 200) is checked against the 200 schema.
 */
export function specChecks() {
  const out = { checked: 0, violations: [] as string[] };
  const install = (app: FastifyInstance) => {
    app.addHook('onSend', async (req, reply, payload) => {
      const url = req.routeOptions.url;
      if (!url?.startsWith('/2/') || reply.statusCode >= 300 || typeof payload !== 'string' || !payload) return payload;
      const template = url.replace(/:(\w+)/g, '{$1}');
      if (!specHas(req.method, template)) return payload;
      const status = reply.statusCode === 201 && template === '/2/tweets/search/stream/rules' ? 200 : reply.statusCode;
      try {
        assertMatchesSpec(req.method, template, status, JSON.parse(payload));
        out.checked++;
      } catch (err) {
        out.violations.push((err as Error).message);
      }
      return payload;
    });
  };
  return Object.assign(out, { install });
}
