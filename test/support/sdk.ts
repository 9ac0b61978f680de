// The real SDKs pointed at a test server, the way the README tells users to (wire notes §13).
import http from 'node:http';
import { Client as XdkClient } from '@xdevplatform/xdk';
import { Client as TasClient } from 'twitter-api-sdk';
import { TwitterApi, type TwitterApiTokens } from 'twitter-api-v2';

/** twitter-api-v2 has no base-URL option: a plugin rewrites x.com/twitter.com URLs to the server. */
export function twitterApiV2(base: string, creds: string | TwitterApiTokens) {
  const rewrite = ({ params }: { params: { url: string; forceParseMode?: string } }) => {
    const u = new URL(params.url.startsWith('http') ? params.url : 'https://' + params.url);
    if (/(^|\.)(x|twitter)\.com$/.test(u.hostname)) {
      params.url = base + u.pathname + u.search;
      if (u.pathname.startsWith('/oauth/')) params.forceParseMode = 'url';
    }
  };
  return new TwitterApi(
    creds as any,
    {
      plugins: [{ onBeforeRequestConfig: rewrite as any, onBeforeStreamRequestConfig: rewrite as any }],
      httpAgent: new http.Agent(),
    } as any,
  );
}

export function twitterApiSdk(base: string, bearer: string) {
  return new TasClient(bearer, { base_url: base } as any);
}

export function xdk(base: string, config: Record<string, unknown>) {
  return new XdkClient({ ...config, baseUrl: base } as any);
}
