// v2 media: chunked upload (initialize → append → finalize → status, and the older command=INIT/
// APPEND/FINALIZE/STATUS form of POST /2/media/upload), one-shot upload, alt text, and lookups by
// media key. multipart/form-data is parsed in this scope only.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.js';
import { checkBody, ID_STRING } from '../../http/body-schema.js';
import { actorOf, MEDIA_SELECTION, readRule, selectionOf, userRule } from '../../http/fields.js';
import { parseQuery, type Query } from '../../http/params.js';
import { partialError, problems } from '../../shared/problems.js';
import { boundaryOf, parseMultipart, partsToObject } from './media.multipart.js';
import {
  appendUpload,
  CATEGORIES,
  finalizeUpload,
  initUpload,
  MEDIA_TYPES,
  mediaByKeys,
  setAltText,
  simpleUpload,
  uploadStatus,
  uploadView,
  type InitUpload,
} from './media.service.js';
import { mediaView } from './media.view.js';

type Fields = Record<string, string | Buffer | number | undefined>;
const WRITE = userRule(['media.write'], { write: true });
const MEDIA_KEY = /^([0-9]+)_([0-9]+)$/;

const INIT_BODY = {
  t: 'object',
  required: ['total_bytes', 'media_type'],
  props: {
    media_type: { t: 'string', enum: MEDIA_TYPES },
    total_bytes: { t: 'int', min: 0 },
    media_category: { t: 'string', enum: CATEGORIES },
    additional_owners: { t: 'array', items: ID_STRING },
    shared: { t: 'bool' },
  },
} as const;

/** Body fields of any upload call: JSON, form or multipart, with the query string's on top. */
function fieldsOf(req: FastifyRequest): Fields {
  const body = req.body;
  const fromBody: Fields = Buffer.isBuffer(body)
    ? partsToObject(parseMultipart(body, boundaryOf(String(req.headers['content-type'])) ?? ''))
    : body && typeof body === 'object'
      ? (body as Fields)
      : {};
  return { ...(req.query as Fields), ...fromBody };
}

/** The file bytes of a `media` field: binary (multipart) or base64 text (`media_data` or JSON). */
function bytesOf(f: Fields): Buffer {
  const v = f.media ?? f.media_data;
  if (Buffer.isBuffer(v)) return v;
  if (typeof v === 'string' && v.length) return Buffer.from(v, 'base64');
  throw problems.invalidParam('media', '', 'media is required');
}

const segmentOf = (f: Fields) => Number(f.segment_index ?? 0);

export function mediaRoutes(app: FastifyInstance, deps: Deps) {
  void app.register(async (scope) => {
    scope.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    uploadRoutes(scope, deps);
  });
  app.get<{ Params: { key: string }; Querystring: Query }>(
    '/2/media/:key',
    { config: { auth: readRule(['tweet.read']) } },
    async (req) => {
      const q = parseQuery(req.query, MEDIA_SELECTION);
      if (!MEDIA_KEY.test(req.params.key))
        throw problems.invalidParam(
          'media_key',
          req.params.key,
          `The \`media_key\` query parameter value [${req.params.key}] does not match ^([0-9]+)_([0-9]+)$`,
        );
      const [m] = await mediaByKeys(deps, [req.params.key]);
      if (!m)
        return {
          errors: [
            partialError(
              problems.resourceNotFound({ parameter: 'media_key', value: req.params.key, resource_type: 'media' }),
            ),
          ],
        };
      return { data: mediaView(m, selectionOf(q).media) };
    },
  );
  app.get<{ Querystring: Query }>('/2/media', { config: { auth: readRule(['tweet.read']) } }, async (req) => {
    const q = parseQuery(
      req.query,
      { media_keys: { kind: 'string', pattern: /^[0-9]+_[0-9]+(,[0-9]+_[0-9]+){0,99}$/ }, ...MEDIA_SELECTION },
      ['media_keys'],
    );
    const keys = [...new Set((q.media_keys as string).split(','))];
    const found = new Map((await mediaByKeys(deps, keys)).map((m) => [m.media_key, m]));
    const fields = selectionOf(q).media;
    const data = keys.flatMap((k) => (found.has(k) ? [mediaView(found.get(k)!, fields)] : []));
    const errors = keys
      .filter((k) => !found.has(k))
      .map((k) =>
        partialError(problems.resourceNotFound({ parameter: 'media_keys', value: k, resource_type: 'media' })),
      );
    return { ...(data.length ? { data } : {}), ...(errors.length ? { errors } : {}) };
  });
}

function uploadRoutes(app: FastifyInstance, deps: Deps) {
  app.post('/2/media/upload/initialize', { config: { auth: WRITE } }, async (req) => {
    const b = checkBody<InitUpload>(req.body, INIT_BODY);
    return { data: uploadView(await initUpload(deps, actorOf(req).userId, b), deps.clock.now()) };
  });
  app.post<{ Params: { id: string } }>('/2/media/upload/:id/append', { config: { auth: WRITE } }, async (req) => {
    const f = fieldsOf(req);
    return { data: await appendUpload(deps, actorOf(req).userId, req.params.id, segmentOf(f), bytesOf(f)) };
  });
  app.post<{ Params: { id: string } }>('/2/media/upload/:id/finalize', { config: { auth: WRITE } }, async (req) => ({
    data: uploadView(await finalizeUpload(deps, actorOf(req).userId, req.params.id), deps.clock.now()),
  }));
  app.get<{ Querystring: Query }>('/2/media/upload', { config: { auth: WRITE } }, async (req) => {
    const q = parseQuery(
      req.query,
      { media_id: { kind: 'string', pattern: /^[0-9]{1,19}$/ }, command: { kind: 'list', values: ['STATUS'] } },
      ['media_id'],
    );
    return { data: uploadView(await uploadStatus(deps, actorOf(req).userId, q.media_id as string), deps.clock.now()) };
  });
  app.post('/2/media/upload', { config: { auth: WRITE } }, async (req) => {
    const f = fieldsOf(req);
    const user = actorOf(req).userId;
    const now = deps.clock.now();
    switch (f.command) {
      case 'INIT':
        return {
          data: uploadView(
            await initUpload(deps, user, {
              media_type: String(f.media_type),
              total_bytes: Number(f.total_bytes),
              media_category: f.media_category as string | undefined,
            }),
            now,
          ),
        };
      case 'APPEND':
        return { data: await appendUpload(deps, user, String(f.media_id), segmentOf(f), bytesOf(f)) };
      case 'FINALIZE':
        return { data: uploadView(await finalizeUpload(deps, user, String(f.media_id)), now) };
      case undefined: {
        const category = String(f.media_category ?? 'tweet_image');
        return {
          data: uploadView(
            await simpleUpload(deps, user, {
              media: bytesOf(f),
              media_category: category,
              media_type: f.media_type as string | undefined,
            }),
            now,
          ),
        };
      }
      default:
        throw problems.invalidParam(
          'command',
          String(f.command),
          'command must be one of INIT, APPEND, FINALIZE, STATUS',
        );
    }
  });
  app.post('/2/media/metadata', { config: { auth: WRITE } }, async (req) => {
    const b = checkBody<{ id: string; metadata: { alt_text?: { text: string } } }>(req.body, {
      t: 'object',
      required: ['id', 'metadata'],
      props: {
        id: ID_STRING,
        metadata: {
          t: 'object',
          open: true,
          props: { alt_text: { t: 'object', required: ['text'], props: { text: { t: 'string', max: 1000 } } } },
        },
      },
    });
    await uploadStatus(deps, actorOf(req).userId, b.id);
    await setAltText(deps, b.id, b.metadata.alt_text?.text ?? null);
    return { data: { id: b.id, associated_metadata: true } };
  });
}
