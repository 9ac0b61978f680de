// v2 media: chunked upload (initialize → append → finalize → status, and the older command=INIT/
// APPEND/FINALIZE/STATUS form of POST /2/media/upload), one-shot upload, alt text, and lookups by
// media key. multipart/form-data is parsed in this scope only.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.js';
import { anyAuth, userContext } from '../../http/auth.js';
import { actorOf, viewerOf } from '../../http/caller.js';
import {
  arr,
  bool,
  id,
  int,
  list,
  obj,
  oneOf,
  readJson,
  readPath,
  readQuery,
  required,
  splitList,
  str,
  withDefault,
  type Query,
} from '../../http/input.js';
import { MEDIA_SELECTION, selectionOf } from '../../http/v2-query.js';
import { problems } from '../../shared/problems.js';
import { boundaryOf, parseMultipart, partsToObject } from './media.multipart.js';
import {
  appendUpload,
  CATEGORIES,
  finalizeUpload,
  initUpload,
  MEDIA_TYPES,
  lookupMedia,
  setAltText,
  simpleUpload,
  uploadStatus,
  uploadView,
} from './media.service.js';
import { mediaView } from './media.view.js';
import { subtitlesRoutes } from './subtitles.routes.js';

const WRITE = userContext(['media.write'], { write: true });
const MEDIA_KEY = str({ pattern: /^([0-9]+)_([0-9]+)$/ });
const MEDIA_KEYS = {
  media_keys: required(
    str({
      pattern: /^[0-9]+_[0-9]+(,[0-9]+_[0-9]+){0,99}$/,
      message: 'The `media_keys` query parameter value [{v}] is not valid',
    }),
  ),
  ...MEDIA_SELECTION,
};
const STATUS_QUERY = {
  media_id: required(
    str({ pattern: /^[0-9]{1,19}$/, message: 'The `media_id` query parameter value [{v}] is not valid' }),
  ),
  command: list(['STATUS']),
};

// `total_bytes` first: the validator names missing properties in this order.
const INIT_BODY = {
  total_bytes: required(int({ min: 0 })),
  media_type: required(oneOf(MEDIA_TYPES)),
  media_category: oneOf(CATEGORIES),
  additional_owners: arr(id()),
  shared: bool(),
};
/**
 * SPEC MetadataCreateRequest: only `id` is required; `metadata` holds alt_text and a dozen other kinds
 * (sensitive_media_warning, geo_restrictions…) that are accepted and not modelled.
 */
const METADATA_BODY = {
  id: required(id()),
  metadata: obj({ alt_text: obj({ text: required(str({ max: 1000 })) }) }, { open: true }),
};

/**
 * The fields of an upload call in the older command form (and of append): a form, multipart or JSON
 * body with the query string's fields on top, every value read as text (a form's are); the file
 * itself is `media` (binary in multipart, else base64) or `media_data` (base64).
 */
const UPLOAD_FIELDS = {
  command: oneOf(['INIT', 'APPEND', 'FINALIZE'], { message: 'command must be one of INIT, APPEND, FINALIZE, STATUS' }),
  media_id: str(),
  segment_index: withDefault(int({ min: 0, max: 999 }), 0),
  media_type: str(),
  total_bytes: int({ min: 0 }),
  media_category: str(),
  additional_owners: str(),
  shared: oneOf(['true', 'false']),
  media: str(),
  media_data: str(),
};
type Upload = ReturnType<typeof uploadFieldsOf>;

function uploadFieldsOf(req: FastifyRequest<{ Querystring: Query }>) {
  const body = req.body;
  const parts = Buffer.isBuffer(body)
    ? partsToObject(parseMultipart(body, boundaryOf(String(req.headers['content-type'])) ?? ''))
    : body;
  const text: Query = { ...req.query };
  let file: Buffer | undefined;
  if (parts && typeof parts === 'object' && !Array.isArray(parts)) {
    for (const [k, v] of Object.entries(parts)) {
      if (k === 'media' && Buffer.isBuffer(v)) file = v;
      else if (Buffer.isBuffer(v)) text[k] = v.toString('utf8');
      else if (v !== undefined && v !== null) text[k] = typeof v === 'string' ? v : JSON.stringify(v);
    }
  }
  return { ...readQuery(text, UPLOAD_FIELDS), file };
}

/** The file bytes: a binary `media` part, or base64 text in `media` or `media_data`. */
function bytesOf(f: Upload): Buffer {
  if (f.file) return f.file;
  const text = f.media ?? f.media_data;
  if (text) return Buffer.from(text, 'base64');
  throw problems.invalidParam('media', '', 'media is required');
}

/** INIT in the older form: the same fields as /2/media/upload/initialize, as text. */
function initOf(f: Upload) {
  if (f.media_type === undefined) throw problems.invalidParam('media_type', '', 'media_type is required');
  if (f.total_bytes === undefined) throw problems.invalidParam('total_bytes', '', 'total_bytes is required');
  return { media_type: f.media_type, total_bytes: f.total_bytes, media_category: f.media_category };
}

/** The upload session an older-form call names. */
function mediaIdOf(f: Upload): string {
  if (f.media_id === undefined) throw problems.invalidParam('media_id', '', 'media_id is required');
  return f.media_id;
}

export function mediaRoutes(app: FastifyInstance, deps: Deps) {
  void app.register(async (scope) => {
    scope.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    uploadRoutes(scope, deps);
  });
  subtitlesRoutes(app, deps);
  app.get<{ Params: { key: string }; Querystring: Query }>(
    '/2/media/:key',
    { config: { auth: anyAuth(['tweet.read']) } },
    async (req) => {
      const q = readQuery(req.query, MEDIA_SELECTION);
      const key = readPath('media_key', req.params.key, MEDIA_KEY);
      const { rows, errors } = await lookupMedia(deps, viewerOf(req).userId, [key], 'media_key');
      if (!rows[0]) return { errors };
      return { data: mediaView(rows[0], selectionOf(q).media) };
    },
  );
  app.get<{ Querystring: Query }>('/2/media', { config: { auth: anyAuth(['tweet.read']) } }, async (req) => {
    const q = readQuery(req.query, MEDIA_KEYS);
    const { rows, errors } = await lookupMedia(deps, viewerOf(req).userId, splitList(q.media_keys), 'media_keys');
    const fields = selectionOf(q).media;
    const data = rows.map((m) => mediaView(m, fields));
    return { ...(data.length ? { data } : {}), ...(errors.length ? { errors } : {}) };
  });
}

function uploadRoutes(app: FastifyInstance, deps: Deps) {
  app.post('/2/media/upload/initialize', { config: { auth: WRITE } }, async (req) => {
    const b = readJson(req.body, INIT_BODY);
    return { data: uploadView(await initUpload(deps, actorOf(req).userId, b), deps.clock.now()) };
  });
  app.post<{ Params: { id: string }; Querystring: Query }>(
    '/2/media/upload/:id/append',
    { config: { auth: WRITE } },
    async (req) => {
      const f = uploadFieldsOf(req);
      return { data: await appendUpload(deps, actorOf(req).userId, req.params.id, f.segment_index, bytesOf(f)) };
    },
  );
  app.post<{ Params: { id: string } }>('/2/media/upload/:id/finalize', { config: { auth: WRITE } }, async (req) => ({
    data: uploadView(await finalizeUpload(deps, actorOf(req).userId, req.params.id), deps.clock.now()),
  }));
  app.get<{ Querystring: Query }>('/2/media/upload', { config: { auth: WRITE } }, async (req) => {
    const q = readQuery(req.query, STATUS_QUERY);
    return { data: uploadView(await uploadStatus(deps, actorOf(req).userId, q.media_id), deps.clock.now()) };
  });
  app.post<{ Querystring: Query }>('/2/media/upload', { config: { auth: WRITE } }, async (req) => {
    const f = uploadFieldsOf(req);
    const user = actorOf(req).userId;
    const now = deps.clock.now();
    switch (f.command) {
      case 'INIT':
        return { data: uploadView(await initUpload(deps, user, initOf(f)), now) };
      case 'APPEND':
        return { data: await appendUpload(deps, user, mediaIdOf(f), f.segment_index, bytesOf(f)) };
      case 'FINALIZE':
        return { data: uploadView(await finalizeUpload(deps, user, mediaIdOf(f)), now) };
      case undefined: {
        const o = { media: bytesOf(f), media_category: f.media_category ?? 'tweet_image', media_type: f.media_type };
        return { data: uploadView(await simpleUpload(deps, user, o), now) };
      }
    }
  });
  app.post('/2/media/metadata', { config: { auth: WRITE } }, async (req) => {
    const b = readJson(req.body, METADATA_BODY);
    await uploadStatus(deps, actorOf(req).userId, b.id);
    const alt = b.metadata?.alt_text;
    if (alt) await setAltText(deps, b.id, alt.text);
    // SPEC MetadataCreateResponse: `associated_metadata` is the metadata now held for the media (an
    // object, as XDK 0.6.6's CreateMediaMetadataResponseData draws it), here the alt text Aviary keeps.
    return { data: { id: b.id, associated_metadata: alt ? { alt_text: { text: alt.text } } : {} } };
  });
}
