// Subtitles of an uploaded video (SPEC POST/DELETE /2/media/subtitles): the caller's own finished
// video gets one track per language, each naming a `subtitles` media (an SRT/VTT upload, DOCS media
// best practices) the caller also uploaded. What one call writes the next reads back in
// `associated_subtitles`.
import type { Deps } from '../../deps.js';
import { problems } from '../../shared/problems.js';
import { mediaRepo, type MediaRow } from './media.repo.js';
import { subtitlesRepo, type SubtitleRow } from './subtitles.repo.js';

/** SPEC MediaCategorySubtitles, and the upload category each names. */
export const SUBTITLE_CATEGORIES = ['AmplifyVideo', 'TweetVideo'] as const;
type Category = (typeof SUBTITLE_CATEGORIES)[number];

async function ownVideo(deps: Deps, ownerId: string, id: string): Promise<MediaRow> {
  const m = await mediaRepo.byId(deps.db, id);
  if (!m || m.owner_id !== ownerId || m.type !== 'video' || m.state !== 'succeeded') {
    throw problems.invalidParam('id', id, `The \`id\` value [${id}] is not a video you uploaded.`);
  }
  return m;
}

export async function addSubtitles(
  deps: Deps,
  ownerId: string,
  o: { id: string; media_category: Category; subtitles: { id: string; language_code: string; display_name: string } },
) {
  await ownVideo(deps, ownerId, o.id);
  const sub = await mediaRepo.byId(deps.db, o.subtitles.id);
  if (!sub || sub.owner_id !== ownerId || sub.media_category !== 'subtitles' || sub.state !== 'succeeded') {
    throw problems.invalidParam(
      'subtitles.id',
      o.subtitles.id,
      `The \`subtitles.id\` value [${o.subtitles.id}] is not a subtitles file you uploaded.`,
    );
  }
  const row: SubtitleRow = {
    media_id: o.id,
    language_code: o.subtitles.language_code,
    display_name: o.subtitles.display_name,
    subtitle_media_id: o.subtitles.id,
    created_at: deps.clock.now(),
  };
  await deps.db.tx((tx) => subtitlesRepo.put(tx, row));
  return subtitlesView(o.id, o.media_category, await subtitlesRepo.ofMedia(deps.db, o.id));
}

export async function deleteSubtitles(deps: Deps, ownerId: string, o: { id: string; language_code: string }) {
  await ownVideo(deps, ownerId, o.id);
  return { deleted: await deps.db.tx((tx) => subtitlesRepo.remove(tx, o.id, o.language_code)) };
}

/** SPEC SubtitlesCreateResponse `data`: every track the video now has. */
function subtitlesView(id: string, category: Category, rows: SubtitleRow[]) {
  return {
    id,
    media_category: category,
    associated_subtitles: rows.map((r) => ({
      id: r.subtitle_media_id,
      language_code: r.language_code,
      display_name: r.display_name,
    })),
  };
}
