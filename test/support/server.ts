// startServer(): a real Aviary on 127.0.0.1:0 with a throw-away store, driven over HTTP by tests.
// forEachStore(): runs a suite once on SQLite and again on PostgreSQL when AVIARY_TEST_DATABASE_URL
// is set (each server in a fresh schema), saying plainly when the PostgreSQL run is skipped.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe } from 'node:test';
import pg from 'pg';
import { buildConfig, testEnv, type ConfigInput } from '../../src/config/index.js';
import { startAviary, type Aviary, type StartOptions } from '../../src/main.js';
import { specRecorder } from './spec.js';

export type StoreKind = 'sqlite' | 'postgres';
export const PG_URL = testEnv().databaseUrl;

export type TestServer = Aviary & {
  store: StoreKind;
  /** Calls the control API with the admin token. */
  admin<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
  /** Calls any route with the given Authorization header value. */
  call<T = any>(
    method: string,
    path: string,
    opts?: { auth?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: T; headers: Headers }>;
  bearer: string;
  /** 2xx answers checked against the OpenAPI document so far (servers started with `spec: true`). */
  specChecked(): number;
  /** Shuts down as on SIGTERM but keeps the data, for restart tests; `close()` still cleans up. */
  stop(): Promise<void>;
  /**
   * Brings the search index up to date before a test times what follows: the demo seed's 5,000 posts
   * are filed in the background after the start, in batches that each hold the event loop, and a
   * search drains what is left before it answers (ADR 0009).
   */
  settleSearchIndex(): Promise<void>;
};

/** Drops a test's PostgreSQL schema, on a connection of its own (the store that used it is closed). */
export async function dropSchema(schema: string): Promise<void> {
  if (!PG_URL) return;
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await c.end();
  }
}

let counter = 0;
const freshSchema = (store: StoreKind) =>
  store === 'postgres' ? `t_${process.pid}_${Date.now().toString(36)}_${counter++}` : null;

/**
 * `spec: true` checks every 2xx JSON answer of a documented /2/ route against the OpenAPI document
 * as it is sent (SDK traffic included); `close()` then fails with every violation seen.
 * `sameStoreAs`: a restart on the data dir (and schema) of a server already stopped with `stop()`,
 * with this call's config; either server's `close()` then removes the shared store.
 */
export async function startServer(
  opts: { store?: StoreKind; config?: ConfigInput; spec?: boolean; sameStoreAs?: TestServer } & StartOptions = {},
): Promise<TestServer> {
  const previous = opts.sameStoreAs?.deps.config;
  const store = opts.sameStoreAs?.store ?? opts.store ?? 'sqlite';
  const dataDir = previous ? previous.dataDir : mkdtempSync(join(tmpdir(), 'aviary-test-'));
  const schema = previous ? previous.databaseSchema : freshSchema(store);
  if (store === 'postgres' && !PG_URL) throw new Error('AVIARY_TEST_DATABASE_URL is not set');
  const config = buildConfig({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    // Errors only: an unexpected one (a 500's cause, a background worker's failure) is in the test's output
    // and in the failure summary at the end of `npm test` (scripts/failures-reporter.mjs).
    logLevel: 'error',
    banner: false,
    databaseUrl: store === 'postgres' ? PG_URL : null,
    databaseSchema: schema,
    // Suites call one endpoint with one token past its real limit (the Ads global reads allow 5 per 15
    // minutes, ads notes §5); test/http/limits.*.test.ts turn the limits on with `rateLimits: 'real'`.
    rateLimits: 'off',
    ...opts.config,
  });
  const recorder = opts.spec ? specRecorder() : null;
  const aviary = await startAviary(config, {
    ...opts,
    beforeListen: async (app) => {
      recorder?.install(app);
      await opts.beforeListen?.(app);
    },
  });
  const close = aviary.close;

  async function call(
    method: string,
    path: string,
    o: { auth?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { ...o.headers };
    if (o.auth) headers.authorization = o.auth;
    let body: string | undefined;
    if (o.body !== undefined) {
      body = typeof o.body === 'string' ? o.body : JSON.stringify(o.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(aviary.url + path, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body: parsed as any, headers: res.headers };
  }

  const bearer = aviary.credentials?.app.bearer_token ?? '';
  return Object.assign(aviary, {
    store,
    bearer,
    call,
    admin: (method: string, path: string, body?: unknown) =>
      call(method, path, { auth: `Bearer ${aviary.adminToken}`, body }),
    specChecked: () => recorder?.checked ?? 0,
    async settleSearchIndex() {
      const res = await call('GET', '/2/tweets/search/recent?query=aviary', { auth: `Bearer ${bearer}` });
      if (res.status !== 200)
        throw new Error(`the settling search answered ${res.status}: ${JSON.stringify(res.body)}`);
    },
    stop: () => close(),
    async close() {
      await close();
      rmSync(dataDir, { recursive: true, force: true });
      if (schema) await dropSchema(schema);
      if (recorder?.violations.length)
        throw new Error(`responses not matching the OpenAPI document:\n${recorder.violations.join('\n')}`);
    },
  });
}

export const STORES: StoreKind[] = ['sqlite', 'postgres'];

export function forEachStore(name: string, suite: (store: StoreKind) => void) {
  for (const store of STORES) {
    const skip =
      store === 'postgres' && !PG_URL
        ? 'skipped: AVIARY_TEST_DATABASE_URL is not set (CI sets it; see .ci/run)'
        : false;
    describe(`${name} [${store}]`, { skip }, () => suite(store));
  }
}

/** Unique, valid usernames for factories (≤ 15 chars). */
export function uniqueName(prefix = 'u'): string {
  return `${prefix}${Date.now().toString(36).slice(-5)}${(counter++).toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.slice(
    0,
    15,
  );
}

/**
 * Polls fn until it returns a truthy value or the timeout passes. The default wait is generous: it
 * only delays a failing test, and on a loaded two-core machine a webhook delivery once took longer
 * than 5 s to arrive while two test files ran at once.
 */
export async function poll<T>(fn: () => Promise<T> | T, { timeoutMs = 15_000, intervalMs = 20 } = {}): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error(`poll timed out after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
