// X Chat media: an upload session per file (initialize → append segments → finalize) tied to a
// conversation, like /2/media/upload's chunked form (modules/media), and the download of the stored
// bytes by members of that conversation. The bytes are the client's encrypted file, kept as sent
// under <data-dir>/chat-media. A finalized file with a TTL is gone once it has lived that long.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Deps } from '../../deps.js';
import { problems } from '../../shared/problems.js';
import { chatRepo, type MediaRow } from './chat.repo.js';
import { eventConversationId, targetOf, ttlOf, type Target } from './chat.rules.js';
import { requireConversation } from './chat.service.js';

const SESSION_MS = 24 * 60 * 60 * 1000;
/** ASSUMED: the ceiling of a video upload (modules/media), as no chat limit is published. */
export const MAX_BYTES = 512 * 1024 * 1024;

const dir = (deps: Deps) => join(deps.config.dataDir, 'chat-media');
const bad = (parameter: string, value: string, message: string) => problems.invalidParam(parameter, value, message);

export async function initializeUpload(
  deps: Deps,
  userId: string,
  b: { conversation_id?: string; total_bytes?: number },
) {
  if (b.conversation_id === undefined) throw bad('conversation_id', '', 'conversation_id is required');
  if (b.total_bytes !== undefined && b.total_bytes > MAX_BYTES)
    throw bad('total_bytes', String(b.total_bytes), `total_bytes must be at most ${MAX_BYTES}`);
  const { c } = await requireConversation(deps, targetOf(b.conversation_id, userId, 'conversation_id'), userId);
  const session = deps.ids.next();
  const now = deps.clock.now();
  const row: MediaRow = {
    session_id: session,
    media_hash_key: createHash('sha256').update(`chat-media:${session}`).digest('hex').slice(0, 32),
    conversation_id: c.id,
    owner_id: userId,
    total_bytes: b.total_bytes ?? null,
    received_bytes: 0,
    segments: '[]',
    state: 'pending',
    message_id: null,
    ttl_msec: null,
    created_at: now,
    expires_at: now + SESSION_MS,
  };
  await chatRepo.insertMedia(deps.db, row);
  return { session_id: session, media_hash_key: row.media_hash_key, conversation_id: eventConversationId(c.id) };
}

/** The caller's live session, matching the conversation and hash key the call names. */
async function ownSession(
  deps: Deps,
  userId: string,
  id: string,
  b: { conversation_id?: string; media_hash_key?: string },
) {
  const m = /^[0-9]{1,19}$/.test(id) ? await chatRepo.media(deps.db, id) : undefined;
  if (!m || m.owner_id !== userId || m.expires_at <= deps.clock.now())
    throw bad('id', id, `The \`id\` value [${id}] is not a valid upload session.`);
  if (b.media_hash_key !== undefined && b.media_hash_key !== m.media_hash_key)
    throw bad('media_hash_key', b.media_hash_key, 'media_hash_key does not belong to this upload session.');
  if (
    b.conversation_id !== undefined &&
    targetOf(b.conversation_id, userId, 'conversation_id').id !== m.conversation_id
  )
    throw bad('conversation_id', b.conversation_id, 'conversation_id does not belong to this upload session.');
  return m;
}

export async function appendUpload(
  deps: Deps,
  userId: string,
  id: string,
  b: { conversation_id: string; media_hash_key: string; segment_index: number; media: Buffer },
) {
  const m = await ownSession(deps, userId, id, b);
  if (m.state !== 'pending') throw bad('id', id, 'This upload session has already been finalized.');
  const segments = (JSON.parse(m.segments) as [number, number][]).filter(([i]) => i !== b.segment_index);
  segments.push([b.segment_index, b.media.length]);
  const received = segments.reduce((n, [, len]) => n + len, 0);
  if (received > (m.total_bytes ?? MAX_BYTES))
    throw bad('media', String(received), `The upload exceeds its total_bytes [${m.total_bytes ?? MAX_BYTES}].`);
  await mkdir(join(dir(deps), id), { recursive: true });
  await writeFile(join(dir(deps), id, String(b.segment_index)), b.media);
  await chatRepo.appended(deps.db, id, received, JSON.stringify(segments));
  return { expires_at: Math.floor(m.expires_at / 1000) };
}

export type Finalize = {
  conversation_id?: string;
  media_hash_key?: string;
  message_id?: string;
  num_parts?: string;
  ttl_msec?: string;
};

export async function finalizeUpload(deps: Deps, userId: string, id: string, b: Finalize) {
  const m = await ownSession(deps, userId, id, b);
  if (m.state === 'done') return { success: true };
  const segments = (JSON.parse(m.segments) as [number, number][]).sort((x, y) => x[0] - y[0]);
  if (b.num_parts !== undefined && b.num_parts !== String(segments.length))
    throw bad('num_parts', b.num_parts, `Received ${segments.length} parts, not ${b.num_parts}.`);
  if (!segments.length) throw bad('id', id, 'Nothing was appended to this upload session.');
  const file = Buffer.concat(await Promise.all(segments.map(([i]) => readFile(join(dir(deps), id, String(i))))));
  if (m.total_bytes !== null && file.length !== m.total_bytes)
    throw bad(
      'id',
      id,
      `File size mismatch: received ${file.length} bytes of the ${m.total_bytes} declared in total_bytes.`,
    );
  const ttl = ttlOf(b.ttl_msec, 'ttl_msec');
  await writeFile(join(dir(deps), `${id}.bin`), file);
  await rm(join(dir(deps), id), { recursive: true, force: true });
  const now = deps.clock.now();
  await chatRepo.finished(deps.db, id, {
    received_bytes: file.length,
    message_id: b.message_id ?? null,
    ttl_msec: ttl ?? null,
    // A finished file lives as long as its TTL says, or as long as the conversation.
    expires_at: ttl ? now + ttl : Number.MAX_SAFE_INTEGER,
  });
  return { success: true };
}

/** The finished file's bytes, for members of its conversation only. */
export async function downloadMedia(deps: Deps, userId: string, t: Target, hashKey: string): Promise<Buffer> {
  const { c } = await requireConversation(deps, t, userId);
  const m = await chatRepo.mediaByHash(deps.db, hashKey);
  const gone = () =>
    problems.resourceNotFound({
      parameter: 'media_hash_key',
      value: hashKey,
      resource_type: 'media',
      detail: `Could not find media with media_hash_key: [${hashKey}].`,
    });
  if (!m || m.conversation_id !== c.id || m.state !== 'done' || m.expires_at <= deps.clock.now()) throw gone();
  const bytes = await readFile(join(dir(deps), `${m.session_id}.bin`)).catch(() => null);
  if (!bytes) throw gone();
  return bytes;
}
