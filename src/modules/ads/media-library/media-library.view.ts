// Media library objects on the wire, in the order of the docs' example (notes §9.6). Only videos carry
// duration, poster, title, description and aspect_ratio ("images omit" them; GIFs, whose example the
// notes do not show, are treated as images).
import { adsTime } from '../kit/time.js';
import type { LibraryRow } from './media-library.repo.js';

export function libraryView(r: LibraryRow): Record<string, unknown> {
  const video = r.media_type === 'VIDEO';
  return {
    tweeted: Boolean(r.tweeted),
    ...(video ? { duration: r.duration_ms } : {}),
    name: r.name,
    file_name: r.file_name,
    ...(video ? { description: r.description } : {}),
    media_url: r.media_url,
    media_category: r.media_category,
    ...(video ? { poster_media_url: r.poster_media_url, poster_media_key: r.poster_media_key } : {}),
    media_key: r.media_key,
    created_at: adsTime(r.created_at),
    // Uploads are added only once processed (state succeeded), so transcoding is complete (seed: "seen").
    media_status: 'TRANSCODE_COMPLETED',
    ...(video ? { title: r.title } : {}),
    media_type: r.media_type,
    ...(video ? { aspect_ratio: r.aspect_ratio } : {}),
    updated_at: adsTime(r.updated_at),
    deleted: Boolean(r.deleted),
  };
}
