// Driving the OAuth sign-in pages with plain HTTP, as a browser would: GET the page, keep its
// cookies, read the form's hidden fields (CSRF token included), POST it back, follow nothing.
import type { TestServer } from './server.js';
import { uniqueName } from './server.js';

const unescape = (s: string) =>
  s.replace(/&#(\d+);/g, (_m, n) => String.fromCharCode(Number(n))).replace(/&amp;/g, '&');

export class Browser {
  readonly cookies = new Map<string, string>();

  private remember(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
  }

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async get(url: string) {
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: this.cookieHeader() } });
    this.remember(res);
    return { status: res.status, location: res.headers.get('location'), html: await res.text(), headers: res.headers };
  }

  async post(url: string, fields: Record<string, string>) {
    const res = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams(fields).toString(),
      headers: { cookie: this.cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
    });
    this.remember(res);
    return { status: res.status, location: res.headers.get('location'), html: await res.text(), headers: res.headers };
  }
}

/** The page's form: where it posts and its hidden fields. */
export function formOf(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form method="post" action="([^"]*)"/.exec(html)?.[1];
  if (action === undefined) throw new Error(`no form on the page:\n${html.slice(0, 2000)}`);
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g))
    fields[unescape(m[1]!)] = unescape(m[2]!);
  return { action: unescape(action), fields };
}

/** Points an SDK's x.com / api.x.com / twitter.com link at the test server. */
export function localUrl(s: TestServer, link: string): string {
  const u = new URL(link);
  return s.url + u.pathname + u.search;
}

/**
 * Opens `link` (an authorize page), signs in and presses Authorize (or Cancel). Returns the final
 * answer: a redirect (`location`) or a page (`html`).
 */
export async function decide(
  s: TestServer,
  link: string,
  o: { username?: string; password?: string; action?: 'allow' | 'deny'; browser?: Browser } = {},
) {
  const browser = o.browser ?? new Browser();
  const page = await browser.get(localUrl(s, link));
  if (page.status !== 200) return { ...page, browser };
  const form = formOf(page.html);
  const fields = {
    ...form.fields,
    action: o.action ?? 'allow',
    ...(o.username ? { username: o.username, password: o.password ?? '' } : {}),
  };
  const res = await browser.post(s.url + form.action, fields);
  return { ...res, browser };
}

export async function makeUser(s: TestServer, o: { password?: string } = {}) {
  const username = uniqueName('u');
  const res = await s.admin('POST', '/_aviary/users', {
    username,
    name: username,
    ...(o.password ? { password: o.password } : {}),
  });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.data as { id: string; username: string };
}

/** A registered callback that never resolves (.test is reserved); browsers intercept it. */
export const CALLBACK = 'http://app.example.test/callback';

export async function makeApp(s: TestServer, o: { permission?: string; callback_urls?: string[] } = {}) {
  const res = await s.admin('POST', '/_aviary/apps', { name: uniqueName('app'), callback_urls: [CALLBACK], ...o });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.data as {
    id: string;
    name: string;
    consumer_key: string;
    consumer_secret: string;
    bearer_token: string;
    client_id: string;
    client_secret: string;
  };
}
