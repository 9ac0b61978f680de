// Walks every operation of the OpenAPI document (spec/x-api-v2-openapi.json) against a started
// server, with the credentials its `security` names and real ids (test/support/walk.ts), and checks
// for each: not a route-not-found, not a 5xx, a 2xx, and the 2xx body valid against the document
// (every `*.fields` value and expansion asked for, so every field Aviary renders is checked).
// Issue #21, Checks. NOT_BUILT_YET names the operations not served yet: the walk fails for a missing
// operation not in it, and for a listed one that is served (the list only shrinks).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { assertMatchesSpec, specMediaTypes } from '../support/spec.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';
import {
  authorization,
  credentialFor,
  LAST,
  makeWorld,
  operations,
  parametersOf,
  pathValue,
  queryValue,
  RECIPES,
  schemaValue,
  type Op,
  type Request,
  type Spec,
  type World,
} from '../support/walk.js';

/** Operations of the document this branch does not serve yet (issue #21 part 1, other branches). */
const NOT_BUILT_YET = new Set<string>([]);

const spec = JSON.parse(readFileSync(new URL('../../spec/x-api-v2-openapi.json', import.meta.url), 'utf8')) as Spec;
const ops = operations(spec);
const walkOrder = [
  ...ops.filter((o) => !LAST.includes(o.op.operationId)),
  ...LAST.map((id) => ops.find((o) => o.op.operationId === id)!),
];

test('the walk visits every operation of the document once', () => {
  assert.equal(new Set(walkOrder.map((o) => o.op.operationId)).size, ops.length);
  for (const id of NOT_BUILT_YET)
    assert.ok(
      ops.some((o) => o.op.operationId === id),
      `${id} is in the document`,
    );
});

/**
 * Statuses the real service answers where the document draws only 200 (the body is checked against
 * the 200 schema): a rule add is 201 as observed (wire notes §4.2, OBS Python client).
 */
const OBSERVED_STATUS: Record<string, number> = { updateRules: 201 };

/** The real 404 of an unknown path (problems.routeNotFound). */
const isRouteNotFound = (status: number, body: unknown) =>
  status === 404 &&
  typeof body === 'object' &&
  body !== null &&
  (body as { type?: string }).type === 'about:blank' &&
  (body as { detail?: string }).detail === 'Not Found';

async function requestOf(s: TestServer, w: World, o: Op): Promise<Request> {
  const recipe = (await RECIPES[o.op.operationId]?.(s, w)) ?? {};
  const req: Request = { path: {}, query: {}, body: recipe.body };
  for (const p of parametersOf(spec, o.op)) {
    if (p.in === 'path') req.path[p.name] = recipe.path?.[p.name] ?? pathValue(w, o.template, p.name) ?? '1';
    if (p.in !== 'query') continue;
    const given = recipe.query?.[p.name];
    const values = p.schema?.items?.enum ?? (p.name === 'expansions' ? p.schema?.enum : undefined);
    // Every value of each field list and expansion (post.fields is tweet.fields' later name: one of them).
    if (given !== undefined) req.query[p.name] = given;
    else if ((p.name.endsWith('.fields') || p.name === 'expansions') && p.name !== 'post.fields' && values)
      req.query[p.name] = values.join(',');
    else if (p.required) {
      req.query[p.name] = queryValue(w, p.name, o.template) ?? schemaValue(p);
    }
  }
  for (const [k, v] of Object.entries(recipe.query ?? {})) req.query[k] ??= v;
  if (o.op.requestBody?.required && req.body === undefined && !NOT_BUILT_YET.has(o.op.operationId))
    throw new Error(`walker: no body recipe for ${o.op.operationId}`);
  return req;
}

function urlOf(o: Op, req: Request): string {
  const path = o.template.replace(/\{(\w+)\}/g, (_, n: string) => encodeURIComponent(req.path[n]!));
  const qs = new URLSearchParams(req.query).toString();
  return qs ? `${path}?${qs}` : path;
}

/** One call; a stream answers with its status and headers and is then left. */
async function send(s: TestServer, w: World, o: Op, url: string, body: unknown) {
  const auth = authorization(s, w, credentialFor(o.op), o.method, url);
  const headers: Record<string, string> = auth ? { authorization: auth } : {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  const ctl = new AbortController();
  const res = await fetch(s.url + url, {
    method: o.method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: ctl.signal,
  });
  const streaming = /\/stream(\/|$)/.test(o.template) && res.status === 200;
  if (streaming) {
    ctl.abort();
    return { status: res.status, body: undefined, type: '', streaming };
  }
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('json')) {
    // Downloads answer raw bytes; the check is that the document declares their media type.
    const bytes = Buffer.from(await res.arrayBuffer());
    return { status: res.status, body: bytes.length ? bytes : undefined, type, streaming };
  }
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed, type, streaming };
}

forEachStore('OpenAPI walk', (store) => {
  let s: TestServer;
  let w: World;
  before(async () => {
    s = await startServer({ store });
    w = await makeWorld(s);
  });
  after(async () => {
    await s.close();
    for (const r of w?.receivers ?? []) await r.close();
  });

  for (const o of walkOrder) {
    const id = o.op.operationId;
    test(`${id}: ${o.method} ${o.template}`, async () => {
      const req = await requestOf(s, w, o);
      const url = urlOf(o, req);
      const res = await send(s, w, o, url, req.body);
      const seen = `${o.method} ${url} → ${res.status} ${JSON.stringify(res.body)?.slice(0, 1500)}`;
      if (NOT_BUILT_YET.has(id)) {
        assert.ok(isRouteNotFound(res.status, res.body), `${id} is served now: remove it from NOT_BUILT_YET (${seen})`);
        return;
      }
      assert.ok(!isRouteNotFound(res.status, res.body), `${id} is not served (route not found): ${seen}`);
      assert.ok(res.status < 500, `5xx: ${seen}`);
      assert.ok(res.status >= 200 && res.status < 300, `not a 2xx with real ids and credentials: ${seen}`);
      const documented = OBSERVED_STATUS[id] === res.status ? 200 : res.status;
      if (Buffer.isBuffer(res.body)) {
        const declared = specMediaTypes(o.method, o.template, documented);
        assert.ok(declared.includes(res.type.split(';')[0]!.trim()), `${res.type} is not in ${declared.join(', ')}`);
      } else if (!res.streaming && res.body !== undefined)
        assertMatchesSpec(o.method, o.template, documented, res.body);
    });
  }
});
