// Issue #15 defect 1: the control API answered without the token when its path was percent-encoded
// (`/%5Faviary/apps`), because the token check read the raw URL while the router matched the decoded
// path. Every control route of the README's table is tried in several spellings, without a token and
// with a wrong one: none may answer 2xx, and nothing may change.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { forEachStore, startServer, uniqueName, type TestServer } from '../support/server.js';

/** `METHOD /_aviary/…` of every row of the README's control-API table (the public contract). */
function controlRoutes(): Array<[string, string]> {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const routes = new Set<string>();
  for (const m of readme.matchAll(/`((?:GET|POST|PUT|PATCH|DELETE) \/_aviary\/[^`?]*)/g)) routes.add(m[1]!);
  return [...routes].map((r) => r.split(' ') as [string, string]);
}

/** Spellings of one path that a router may decode to the same route. */
function spellings(path: string): string[] {
  const rest = path.slice('/_aviary'.length);
  const enc = (c: string) => '%' + c.charCodeAt(0).toString(16).toUpperCase();
  const firstOfRest = rest.length > 1 ? `/${enc(rest[1]!)}${rest.slice(2)}` : rest;
  return [
    path,
    `/%5Faviary${rest}`,
    `/%5faviary${rest}`,
    `/_aviar%79${rest}`,
    `/%5F%61%76%69%61%72%79${rest}`,
    `/_aviary${firstOfRest}`,
    `${path}/`,
  ];
}

forEachStore('control API: the token is required whatever the spelling of the path', (store) => {
  let s: TestServer;
  let appId: string;
  before(async () => {
    s = await startServer({ store });
    appId = (await s.admin('GET', '/_aviary/apps')).body.data[0].id;
  });
  after(() => s.close());

  test('the README lists the control routes this test walks', () => {
    const routes = controlRoutes();
    assert.ok(routes.length >= 20, `only ${routes.length} control routes found in the README`);
    assert.ok(routes.some(([m, p]) => m === 'POST' && p === '/_aviary/reset'));
  });

  test('no spelling of a control route answers without the token', async () => {
    const username = uniqueName('enc');
    const body = { user_id: '12', username, name: 'x', advance_ms: 1, dataset: 'demo', name_: 'x' };
    for (const [method, template] of controlRoutes()) {
      const path = template.replace(/\{id\}/g, template.startsWith('/_aviary/apps') ? appId : '12');
      for (const spelled of spellings(path)) {
        for (const auth of [undefined, 'Bearer wrong-token']) {
          const res = await s.call(method, spelled, { auth, body: method === 'GET' ? undefined : body });
          assert.ok(
            res.status === 401 || res.status === 404,
            `${method} ${spelled} (${auth ?? 'no token'}) answered ${res.status}: ${JSON.stringify(res.body).slice(0, 200)}`,
          );
          if (res.status === 401) assert.equal(res.body.title, 'Unauthorized');
        }
      }
    }
    // Nothing happened: the store was not reset, no user was made.
    assert.equal((await s.admin('GET', `/_aviary/apps/${appId}`)).status, 200);
    assert.equal((await s.admin('GET', `/_aviary/users?username=${username}`)).status, 404);
  });

  test('the encoded spelling still works with the token', async () => {
    const res = await s.admin('GET', '/%5Faviary/apps');
    assert.equal(res.status, 200);
    assert.ok(Array.isArray(res.body.data));
  });
});
