// Media upload: chunked (initialize → append segments → finalize → status) and one-shot. Bytes are
// kept under <data-dir>/media/<id>; width, height and duration are read from the file itself.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Deps } from '../../deps.js';
import type { Queryable } from '../../store/index.js';
import { partialError, problems, type ProblemBody } from '../../shared/problems.js';
import { mediaRepo, type MediaRow } from './media.repo.js';
import { probe } from './media.probe.js';

export const CATEGORIES = [
  'amplify_video',
  'tweet_gif',
  'tweet_image',
  'tweet_video',
  'dm_gif',
  'dm_image',
  'dm_video',
  'subtitles',
] as const;
export const MEDIA_TYPES = [
  'video/mp4',
  'video/webm',
  'video/mp2t',
  'video/quicktime',
  'text/srt',
  'text/vtt',
  'image/jpeg',
  'image/gif',
  'image/bmp',
  'image/png',
  'image/webp',
  'image/pjpeg',
  'image/tiff',
] as const;
const EXPIRES_S = 24 * 60 * 60;
const KEY_PREFIX = { photo: '3', video: '7', animated_gif: '16' } as const;
/** Size limits by kind (DOCS media best practices): images 5 MB, GIFs 15 MB, videos 512 MB. */
const MAX_BYTES = { photo: 5 * 1024 * 1024, animated_gif: 15 * 1024 * 1024, video: 512 * 1024 * 1024 };

export type InitUpload = { media_type: string; total_bytes: number; media_category?: string };

function kindOf(mime: string, category?: string): MediaRow['type'] {
  if (mime.startsWith('video/') || category?.endsWith('video')) return 'video';
  if (mime === 'image/gif' && category !== 'tweet_image' && category !== 'dm_image') return 'animated_gif';
  return 'photo';
}

const dir = (deps: Deps) => join(deps.config.dataDir, 'media');
const hash = (s: string) => createHash('sha256').update(s).digest('base64url').slice(0, 15);

export async function initUpload(deps: Deps, ownerId: string, o: InitUpload): Promise<MediaRow> {
  const type = kindOf(o.media_type, o.media_category);
  if (o.total_bytes > MAX_BYTES[type]) {
    throw problems.invalidParam(
      'total_bytes',
      String(o.total_bytes),
      `total_bytes must be at most ${MAX_BYTES[type]} for ${type} media`,
    );
  }
  const id = deps.ids.next();
  const now = deps.clock.now();
  const row: MediaRow = {
    id,
    media_key: `${KEY_PREFIX[type]}_${id}`,
    owner_id: ownerId,
    type,
    media_category:
      o.media_category ?? `tweet_${type === 'animated_gif' ? 'gif' : type === 'photo' ? 'image' : 'video'}`,
    mime_type: o.media_type,
    total_bytes: o.total_bytes,
    received_bytes: 0,
    segments: '[]',
    state: 'pending',
    width: null,
    height: null,
    duration_ms: null,
    alt_text: null,
    url: null,
    preview_image_url: null,
    view_count: 0,
    created_at: now,
    expires_at: now + EXPIRES_S * 1000,
  };
  await mediaRepo.insert(deps.db, row);
  return row;
}

async function ownUpload(deps: Deps, ownerId: string, id: string, parameter = 'media_id'): Promise<MediaRow> {
  const m = await mediaRepo.byId(deps.db, id);
  if (!m || m.owner_id !== ownerId || m.expires_at <= deps.clock.now()) {
    throw problems.invalidParam(parameter, id, `The \`${parameter}\` value [${id}] is not a valid upload session.`);
  }
  return m;
}

export async function appendUpload(
  deps: Deps,
  ownerId: string,
  id: string,
  segment: number,
  bytes: Buffer,
): Promise<{ expires_at: number }> {
  const m = await ownUpload(deps, ownerId, id, 'id');
  if (m.state !== 'pending') throw problems.invalidParam('id', id, 'This upload session has already been finalized.');
  if (!Number.isInteger(segment) || segment < 0 || segment > 999)
    throw problems.invalidParam('segment_index', String(segment), 'segment_index must be an integer between 0 and 999');
  const segments = (JSON.parse(m.segments) as [number, number][]).filter(([i]) => i !== segment);
  segments.push([segment, bytes.length]);
  await mkdir(join(dir(deps), id), { recursive: true });
  await writeFile(join(dir(deps), id, String(segment)), bytes);
  await mediaRepo.appended(
    deps.db,
    id,
    segments.reduce((n, [, len]) => n + len, 0),
    JSON.stringify(segments),
  );
  return { expires_at: Math.floor(m.expires_at / 1000) };
}

export async function finalizeUpload(deps: Deps, ownerId: string, id: string): Promise<MediaRow> {
  const m = await ownUpload(deps, ownerId, id, 'id');
  if (m.state !== 'pending') return m;
  const segments = (JSON.parse(m.segments) as [number, number][]).sort((a, b) => a[0] - b[0]);
  const parts = await Promise.all(segments.map(([i]) => readFile(join(dir(deps), id, String(i)))));
  const file = Buffer.concat(parts);
  if (file.length !== m.total_bytes) {
    throw problems.invalidParam(
      'id',
      id,
      `File size mismatch: received ${file.length} bytes of the ${m.total_bytes} declared in total_bytes.`,
    );
  }
  await writeFile(join(dir(deps), `${id}.bin`), file);
  await rm(join(dir(deps), id), { recursive: true, force: true });
  return complete(deps, m, file);
}

/** Reads the file's dimensions and publishes it; processing finishes at once. */
async function complete(deps: Deps, m: MediaRow, file: Buffer): Promise<MediaRow> {
  const p = probe(file);
  const h = hash(m.id);
  const done: MediaRow = {
    ...m,
    state: 'succeeded',
    received_bytes: file.length,
    width: p.width ?? null,
    height: p.height ?? null,
    duration_ms: m.type === 'video' ? (p.duration_ms ?? 0) : null,
    url:
      m.type === 'photo'
        ? `https://pbs.twimg.com/media/${h}.jpg`
        : m.type === 'video'
          ? `https://video.twimg.com/ext_tw_video/${m.id}/pu/vid/${p.width ?? 0}x${p.height ?? 0}/${h}.mp4`
          : `https://video.twimg.com/tweet_video/${h}.mp4`,
    preview_image_url: m.type === 'photo' ? null : `https://pbs.twimg.com/ext_tw_video_thumb/${m.id}/pu/img/${h}.jpg`,
  };
  await mediaRepo.finish(deps.db, m.id, done);
  return done;
}

export async function simpleUpload(
  deps: Deps,
  ownerId: string,
  o: { media: Buffer; media_category: string; media_type?: string },
): Promise<MediaRow> {
  const mime = o.media_type ?? sniffMime(o.media);
  const m = await initUpload(deps, ownerId, {
    media_type: mime,
    total_bytes: o.media.length,
    media_category: o.media_category,
  });
  await mkdir(dir(deps), { recursive: true });
  await writeFile(join(dir(deps), `${m.id}.bin`), o.media);
  return complete(deps, m, o.media);
}

function sniffMime(b: Buffer): string {
  if (b.length >= 4 && b.readUInt32BE(0) === 0x89504e47) return 'image/png';
  if (b[0] === 0xff && b[1] === 0xd8) return 'image/jpeg';
  if (b.toString('ascii', 0, 3) === 'GIF') return 'image/gif';
  if (b.toString('ascii', 8, 12) === 'WEBP') return 'image/webp';
  return 'image/jpeg';
}

/** The stored bytes of a finished upload (null when there are none). */
export async function mediaBytes(deps: Deps, id: string): Promise<Buffer | null> {
  return readFile(join(dir(deps), `${id}.bin`)).catch(() => null);
}

export const uploadStatus = (deps: Deps, ownerId: string, id: string) => ownUpload(deps, ownerId, id);

/** The v2 upload answer: ids, size, expiry, and processing state for videos and GIFs. */
export function uploadView(m: MediaRow, now: number): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: m.id,
    media_key: m.media_key,
    expires_after_secs: Math.max(0, Math.floor((m.expires_at - now) / 1000)),
  };
  if (m.state !== 'pending') out.size = m.received_bytes;
  if (m.type !== 'photo' && m.state !== 'pending')
    out.processing_info = { state: m.state, progress_percent: m.state === 'succeeded' ? 100 : 0 };
  return out;
}

export const mediaByKeys = (deps: Deps, keys: readonly string[]) => mediaRepo.byKeys(deps.db, keys);

/** Media uploaded for Direct Messages (`dm_*` categories). */
const isDmMedia = (m: MediaRow) => m.media_category.startsWith('dm_');

/**
 * The media lookups (`GET /2/media/:key`, `GET /2/media?media_keys=`): each key's row, or the
 * partial error in its place (`errors[]` of a 200). A Direct Message attachment is private to its
 * conversation, whose participants reach it through the DM events' `attachments.media_keys` and the
 * DM media download; the public lookup refuses it with `disallowed-resource` (SPEC: "the resource
 * requested violates the precepts of this API"; twitter-api-java-sdk's generated model narrows its
 * `resource_type` to tweet and media). ASSUMED: where the real service produces this problem is not
 * documented; the uploader may still look their own upload up (its url names the file to download).
 */
export async function lookupMedia(
  deps: Deps,
  viewerId: string | null,
  keys: readonly string[],
  parameter: string,
): Promise<{ rows: MediaRow[]; errors: ProblemBody[] }> {
  const found = new Map((await mediaRepo.byKeys(deps.db, keys)).map((m) => [m.media_key, m]));
  const rows: MediaRow[] = [];
  const errors: ProblemBody[] = [];
  for (const key of keys) {
    const m = found.get(key);
    if (!m) {
      errors.push(partialError(problems.resourceNotFound({ parameter, value: key, resource_type: 'media' })));
    } else if (isDmMedia(m) && m.owner_id !== viewerId) {
      const detail = `Sorry, the media with ${parameter}: [${key}] is attached to a Direct Message and cannot be looked up.`;
      errors.push(
        partialError(
          problems.disallowedResource({ resource_id: key, resource_type: 'media', section: 'data', detail }),
        ),
      );
    } else rows.push(m);
  }
  return { rows, errors };
}

export const setAltText = (deps: Deps, id: string, alt: string | null) => mediaRepo.setAltText(deps.db, id, alt);

/** Media a user may attach: uploaded by them, processed, at most 4 (DOCS manage-tweets). */
export async function attachableMedia(deps: Deps, ownerId: string, ids: string[]): Promise<MediaRow[]> {
  const rows = await mediaRepo.byIds(deps.db, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const m = byId.get(id);
    if (!m || m.owner_id !== ownerId) throw problems.invalidParam('media.media_ids', id, `Your media IDs are invalid.`);
    if (m.state !== 'succeeded')
      throw problems.invalidParam('media.media_ids', id, `Media ${id} has not finished processing.`);
    return m;
  });
}

/** Bulk insert of already-processed media (seeding), inside the caller's transaction. */
export const insertMediaMany = (db: Queryable, rows: MediaRow[]) => mediaRepo.insertMany(db, rows);
