// Ads API callers for tests: an advertiser (a user with an OAuth 1.0a token of an app) and requests
// signed and shaped as the SDKs send them (ads-api-wire-notes §12): the Python SDK's (params in the
// query string, lists as repeated keys, `+` for spaces, booleans `True`/`False`, `/11/` paths) and the
// npm `twitter-ads` package pointed at Aviary by its host constants (§12.1).
import { createRequire } from 'node:module';
import { signRequest } from '../../src/auth/index.js';
import { newApp, newUser, type TestUser } from './actors.js';
import type { TestServer } from './server.js';

export type Advertiser = TestUser & {
  consumerKey: string;
  consumerSecret: string;
  token: string;
  tokenSecret: string;
};

export async function newAdvertiser(s: TestServer, appId?: string): Promise<Advertiser> {
  const user = await newUser(s);
  let app: { id: string; consumer_key: string; consumer_secret: string };
  if (appId) app = (await s.admin('GET', `/_aviary/apps/${appId}`)).body.data;
  else app = (await newApp(s)) as never;
  const t = await s.admin('POST', `/_aviary/apps/${app.id}/access-tokens`, { user_id: user.id });
  if (t.status !== 201) throw new Error(`token: ${JSON.stringify(t.body)}`);
  return {
    ...user,
    consumerKey: app.consumer_key,
    consumerSecret: app.consumer_secret ?? (await secretOf(s, app.id)),
    token: t.body.data.oauth_token,
    tokenSecret: t.body.data.oauth_token_secret,
  };
}

async function secretOf(s: TestServer, appId: string): Promise<string> {
  const app = (await s.admin('GET', `/_aviary/apps/${appId}`)).body.data;
  return app.consumer_secret;
}

/** A production ads account for `owner` made through the control API. */
export async function newAdsAccount(s: TestServer, owner: TestUser, over: Record<string, unknown> = {}) {
  const res = await s.admin('POST', '/_aviary/ads/accounts', { user_id: owner.id, ...over });
  if (res.status !== 201) throw new Error(`ads account: ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string; name: string };
}

export type Params = Record<string, string | number | boolean | Array<string | number>>;

/** Python's urlencode(doseq=True) with quote_plus: repeated keys, `+` for spaces, `True`/`False`. */
export function pythonQuery(params: Params): string {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    for (const item of Array.isArray(v) ? v : [v]) {
      out.append(k, typeof item === 'boolean' ? (item ? 'True' : 'False') : String(item));
    }
  }
  return out.toString(); // URLSearchParams writes spaces as `+`, as quote_plus does
}

export type AdsAnswer = { status: number; body: any; headers: Headers };

/**
 * A request as the Python SDK sends it (`/11/` by default), signed with the advertiser's token.
 * `form` sends the params as a form body instead (twurl -d, notes §1); `json` a JSON body.
 */
export async function adsCall(
  s: TestServer,
  who: Advertiser | null,
  method: string,
  path: string,
  params: Params = {},
  o: { version?: string; form?: boolean; json?: unknown; headers?: Record<string, string> } = {},
): Promise<AdsAnswer> {
  const qs = o.form ? '' : pythonQuery(params);
  const url = `${s.url}/${o.version ?? '11'}/${path}${qs ? `?${qs}` : ''}`;
  const formBody = o.form ? pythonQuery(params) : undefined;
  const headers: Record<string, string> = { ...o.headers };
  if (who) {
    headers.authorization = signRequest({
      method,
      url,
      consumerKey: who.consumerKey,
      consumerSecret: who.consumerSecret,
      token: who.token,
      tokenSecret: who.tokenSecret,
      timestamp: Math.floor((await serviceNow(s)) / 1000),
      form: formBody ? Object.fromEntries(new URLSearchParams(formBody)) : undefined,
    });
  }
  let body: string | undefined;
  if (formBody !== undefined) {
    body = formBody;
    headers['content-type'] = 'application/x-www-form-urlencoded';
  } else if (o.json !== undefined) {
    body = JSON.stringify(o.json);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(url, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* keep text */
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

async function serviceNow(s: TestServer): Promise<number> {
  return Date.parse((await s.admin('GET', '/_aviary/clock')).body.data.now);
}

/** The npm `twitter-ads` client (FallenTech, 0.2.1), both hosts pointed at Aviary (notes §12.1). */
export function npmAds(s: TestServer, who: Advertiser, o: { sandbox?: boolean } = {}) {
  const require = createRequire(import.meta.url);
  const constants = require('twitter-ads/lib/constants');
  constants.API_HOST = `${s.url}/`;
  constants.API_SANDBOX_HOST = `${s.url}/`;
  const TwitterAdsAPI = require('twitter-ads');
  const client = new TwitterAdsAPI({
    consumer_key: who.consumerKey,
    consumer_secret: who.consumerSecret,
    access_token: who.token,
    access_token_secret: who.tokenSecret,
    sandbox: o.sandbox ?? false,
    api_version: '12',
  });
  const call =
    (method: 'get' | 'post' | 'put' | 'delete') =>
    (url: string, params: Record<string, unknown> = {}): Promise<{ status: number; body: any; error: any }> =>
      new Promise((resolve) => {
        client[method](url, params, (err: any, resp: any, body: any) =>
          resolve({ status: resp?.statusCode ?? err?.statusCode ?? 0, body: body ?? err?.body, error: err ?? null }),
        );
      });
  return { get: call('get'), post: call('post'), put: call('put'), delete: call('delete') };
}
