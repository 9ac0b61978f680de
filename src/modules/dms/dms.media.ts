// Download of a DM's attached media (GET /2/dm_conversations/media/{dm_id}/{media_id}/{resource_id},
// SPEC 2.166): the bytes uploaded for a media attached to a message event, for a participant of its
// conversation only. `resource_id` is the media file's name with its extension — the last segment of
// the media's `url` (e.g. `hVJQTwig.jpg`), as on the real service's DM media links.
import type { Deps } from '../../deps.js';
import { problems } from '../../shared/problems.js';
import { edgesRepo } from '../edges/index.js';
import { mediaByKeys, mediaBytes } from '../media/index.js';
import { dmsRepo } from './dms.repo.js';

const notFound = (parameter: string, value: string, what: string) =>
  problems.resourceNotFound({
    parameter,
    value,
    resource_type: 'media',
    detail: `Could not find ${what} with ${parameter}: [${value}].`,
  });

export async function dmMediaBytes(
  deps: Deps,
  userId: string,
  dmId: string,
  mediaId: string,
  resourceId: string,
): Promise<{ bytes: Buffer; mime: string }> {
  const e = await dmsRepo.event(deps.db, dmId);
  // Someone outside the conversation learns nothing, not even that the event exists.
  if (!e || !(await edgesRepo.has(deps.db, 'dm_participants', e.conversation_id, userId)))
    throw notFound('dm_id', dmId, 'DM event');
  const keys = e.media_keys ? (JSON.parse(e.media_keys) as string[]) : [];
  const key = keys.find((k) => k.endsWith(`_${mediaId}`));
  const [m] = key ? await mediaByKeys(deps, [key]) : [];
  if (!m) throw notFound('media_id', mediaId, 'media');
  const file = m.url?.slice(m.url.lastIndexOf('/') + 1);
  if (file !== resourceId) throw notFound('resource_id', resourceId, 'media resource');
  const bytes = await mediaBytes(deps, m.id);
  if (!bytes) throw notFound('media_id', mediaId, 'media');
  return { bytes, mime: m.mime_type };
}
