// adsRouter: how every Ads endpoint is mounted. A resource declares method, path, parameters and a
// handler; the router serves it under /12/ and /11/ (the SDKs send /11/, notes §1; /5/ where the seed
// says), reads parameters from the query string and a form body (kit/params.ts), checks that the
// account in the path is the caller's (kit/account.ts), keeps the typed echo for the envelope and for
// error bodies, and wraps what the handler returns in the success envelope (notes §3.1).
// Authentication (OAuth 1.0a user context only) is checked before routing, by adsAuth in ../index.ts.
import { Transform } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../../deps.js';
import type { Infer, Shape } from '../../../http/input.js';
import { problems } from '../../../shared/problems.js';
import { JSON_UTF8 } from '../../../http/wire.js';
import { requireAccount, type AdsAccount } from './account.js';
import { answerBuffers, type AnswerBuffer, type AnswerBuffers } from './answer-buffers.js';
import { ENDPOINTS, versionsOf, type Method } from './coverage.js';
import { adsError } from './errors.js';
import { writeRawInts } from './ids.js';
import { listQuery, listShape, type ListOptions, type ListParams, type ListQuery } from './list.js';
import { mergeRaw, readAds } from './params.js';

export type AdsCaller = { userId: string; appId: string };

export type AdsContext = {
  caller: AdsCaller;
  /** The account named by `:account_id`, checked; null on paths without one. */
  account: AdsAccount | null;
  /** Path parameters other than the account, as given. */
  path: Record<string, string>;
  /** The typed echo so far (path and query/form parameters): `request.params` of the envelope. */
  echo: Record<string, unknown>;
  /** The JSON body of endpoints that take one (cards, batches), unchecked. */
  body: unknown;
  /** Batches: echo this array of `{params, operation_type}` as `request`, on success and error (notes §3.1). */
  echoBatch(request: unknown[]): void;
};

/** What a handler answers: `data` and, for lists, the page's cursor and count. */
export type AdsResult = {
  data: unknown;
  next_cursor?: string | null;
  total_count?: number;
  status?: number;
  /** Answers without `data` carry a message instead (draft post preview, notes §9.2). */
  message?: string;
};

type RouteOptions<S extends Shape> = {
  params?: S;
  /** Sandbox-only calls (notes §6) work on sandbox accounts only. */
  sandboxOnly?: boolean;
  /** The body must be JSON (`Content-Type: application/json`), as for cards and batches. */
  json?: boolean;
  /**
   * The endpoint's own body limit in bytes (custom audience users: 5,000,000, seed "Limits"). Bodies up
   * to twice it reach the route whatever the app's limit, so one just over is refused here as a
   * request-level Ads error naming `body`; beyond that Fastify's 413 (in the Ads envelope) answers.
   */
  maxBodyBytes?: number;
};

const BODY_BYTES = Symbol('body bytes');
type Counted = FastifyRequest & { [BODY_BYTES]?: number };

/** Counts the bytes of a request body as it streams in (for `maxBodyBytes`). */
function countBytes(req: FastifyRequest, payload: NodeJS.ReadableStream) {
  const counted = req as Counted;
  counted[BODY_BYTES] = 0;
  return payload.pipe(
    new Transform({
      transform(chunk: Buffer, _enc, done) {
        counted[BODY_BYTES]! += chunk.length;
        done(null, chunk);
      },
    }),
  );
}
type Handler<S extends Shape> = (ctx: AdsContext, p: Infer<S>) => Promise<AdsResult>;
type ListHandler<S extends Shape> = (ctx: AdsContext, p: Infer<S>, list: ListQuery) => Promise<AdsResult>;

export type AdsRouter = {
  get<S extends Shape>(path: string, o: RouteOptions<S>, h: Handler<S>): void;
  post<S extends Shape>(path: string, o: RouteOptions<S>, h: Handler<S>): void;
  put<S extends Shape>(path: string, o: RouteOptions<S>, h: Handler<S>): void;
  delete<S extends Shape>(path: string, o: RouteOptions<S>, h: Handler<S>): void;
  list<S extends Shape>(path: string, o: RouteOptions<S> & ListOptions, h: ListHandler<S>): void;
  /** Routes mounted so far, as `METHOD path` (for the coverage check). */
  mounted(): ReadonlySet<string>;
};

export const callerOf = (req: FastifyRequest): AdsCaller => {
  const c = req.caller;
  if (!c || c.kind !== 'oauth1-user') throw problems.unauthorized();
  return { userId: c.userId, appId: c.app.id };
};

const RAW = Symbol('JSON text');
export type PreRendered = { [RAW]: string[] };

/**
 * `data` as objects already rendered to JSON text, for lists that store each row's wire form (line
 * items, ADR 0018): a page of 1,000 is answered by encoding each text once into the answer's buffer,
 * without building or stringifying 1,000 objects (~870 KB).
 */
export const preRendered = (items: string[]): PreRendered => ({ [RAW]: items });

const [COMMA, CLOSE_ARRAY, CLOSE_OBJECT] = Buffer.from(',]}');
/**
 * The envelope's text, whose `data` is the placeholder `0` that ends it, with the rows in its place:
 * one buffer of the exact size, each row written into it once. Joining the rows into one string first
 * cost ~7 ms a page (flattened, measured and encoded again: ADR 0018); a Buffer per row, concatenated,
 * ~1 ms more than this (bench/NOTES.md, "the Ads page of 1,000 line items from text rows").
 */
function withRows(text: string, rows: string[], buffers: AnswerBuffers): AnswerBuffer {
  const head = `${text.slice(0, -'0}'.length)}[`;
  let size = Buffer.byteLength(head) + Math.max(rows.length - 1, 0) + 2;
  for (const row of rows) size += Buffer.byteLength(row);
  const answer = buffers.take(size);
  const out = answer.bytes;
  let at = out.write(head);
  for (let i = 0; i < rows.length; i++) {
    if (i > 0) out[at++] = COMMA!;
    at += out.write(rows[i]!, at);
  }
  out[at++] = CLOSE_ARRAY!;
  out[at] = CLOSE_OBJECT!;
  return answer;
}

function envelope(
  reply: FastifyReply,
  echo: Record<string, unknown> | unknown[],
  r: AdsResult,
  buffers: AnswerBuffers,
) {
  const { data, status, ...page } = r;
  const raw = typeof data === 'object' && data !== null && RAW in data ? (data as PreRendered)[RAW] : null;
  // `data` is the last key, so pre-rendered text replaces the placeholder that ends the JSON.
  const body = { request: Array.isArray(echo) ? echo : { params: echo }, ...page, data: raw === null ? data : 0 };
  const text = writeRawInts(JSON.stringify(body));
  reply.code(status ?? 200).type(JSON_UTF8);
  if (raw === null) return reply.send(text);
  const answer = withRows(text, raw, buffers);
  reply.raw.once('finish', answer.release);
  return reply.send(answer.bytes);
}

export function adsRouter(app: FastifyInstance, deps: Deps): AdsRouter {
  const mounted = new Set<string>();
  const buffers = answerBuffers();

  function mount<S extends Shape>(
    method: Method,
    path: string,
    o: RouteOptions<S>,
    run: (ctx: AdsContext, raw: Record<string, string[]>, req: FastifyRequest) => Promise<AdsResult>,
  ) {
    const endpoint = ENDPOINTS.find((x) => x.method === method && x.path === path);
    if (!endpoint) throw new Error(`${method} ${path} is not in the Ads endpoint table (kit/coverage.ts)`);
    mounted.add(`${method} ${path}`);
    for (const version of versionsOf(endpoint)) {
      const max = o.maxBodyBytes;
      app.route({
        method,
        url: `/${version}/${path}`,
        ...(max ? { bodyLimit: 2 * max, preParsing: async (req, _reply, payload) => countBytes(req, payload) } : {}),
        handler: async (req, reply) => {
          req.adsEcho = {};
          const pathParams = { ...(req.params as Record<string, string>) };
          const echo: Record<string, unknown> = { ...pathParams };
          req.adsEcho = echo;
          if (max && ((req as Counted)[BODY_BYTES] ?? 0) > max)
            throw adsError('INVALID_PARAMETER', `A maximum of ${max} bytes may be provided for body`, 'body');
          const type = String(req.headers['content-type'] ?? '');
          if (o.json && !/^application\/json/i.test(type))
            throw adsError('INVALID_PARAMETER', 'Content-Type must be application/json', 'Content-Type');
          const form = !o.json && /^application\/x-www-form-urlencoded/i.test(type) ? req.body : undefined;
          const raw = mergeRaw(req.query, form);
          const caller = callerOf(req);
          const { account_id: accountId, ...rest } = pathParams;
          const account =
            accountId === undefined
              ? null
              : await requireAccount(deps, caller.userId, accountId, {
                  write: method !== 'GET',
                  withDeleted: /^true$/i.test(raw.with_deleted?.at(-1) ?? ''),
                  sandboxOnly: o.sandboxOnly ?? false,
                });
          const ctx: AdsContext = {
            caller,
            account,
            path: rest,
            echo,
            body: o.json ? req.body : undefined,
            echoBatch: (request) => void (req.adsEcho = request),
          };
          const result = await run(ctx, raw, req);
          return envelope(reply, req.adsEcho ?? echo, result, buffers);
        },
      });
    }
  }

  function plain(method: Method) {
    return <S extends Shape>(path: string, o: RouteOptions<S>, h: Handler<S>) =>
      mount(method, path, o, async (ctx, raw) => {
        const read = readAds(raw, o.params ?? ({} as S));
        Object.assign(ctx.echo, read.echo);
        return h(ctx, read.value);
      });
  }

  return {
    get: plain('GET'),
    post: plain('POST'),
    put: plain('PUT'),
    delete: plain('DELETE'),
    list<S extends Shape>(path: string, o: RouteOptions<S> & ListOptions, h: ListHandler<S>) {
      const shape = { ...listShape(o), ...(o.params ?? ({} as S)) };
      mount('GET', path, o, async (ctx, raw) => {
        const read = readAds(raw, shape);
        Object.assign(ctx.echo, read.echo);
        // The list parameters are in every list's shape (listShape); TypeScript cannot see it through S.
        const q = listQuery(read.value as unknown as ListParams, o);
        // with_total_count's lower limit (200 per 15 minutes) is counted with the others, by src/limits.
        return h(ctx, read.value as Infer<S>, q);
      });
    },
    mounted: () => mounted,
  };
}
