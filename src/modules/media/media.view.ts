// Domain → wire shape of the v2 Media object: `media_key` and `type` always, the rest on request.
import { pick, type Renderers } from '../../shared/pick.js';
import type { MediaRow } from './media.repo.js';

const RENDER: Renderers<MediaRow> = {
  alt_text: (m) => m.alt_text ?? undefined,
  duration_ms: (m) => (m.type === 'video' ? (m.duration_ms ?? undefined) : undefined),
  height: (m) => m.height ?? undefined,
  width: (m) => m.width ?? undefined,
  preview_image_url: (m) => (m.type === 'photo' ? undefined : (m.preview_image_url ?? undefined)),
  url: (m) => (m.type === 'photo' ? (m.url ?? undefined) : undefined),
  public_metrics: (m) => (m.type === 'video' ? { view_count: m.view_count } : undefined),
  variants: (m) =>
    m.type === 'photo' || !m.url
      ? undefined
      : [{ content_type: 'video/mp4', url: m.url, ...(m.type === 'video' ? { bit_rate: 2176000 } : { bit_rate: 0 }) }],
};

export function mediaView(m: MediaRow, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = { media_key: m.media_key, type: m.type };
  return pick(RENDER, m, fields, out);
}
