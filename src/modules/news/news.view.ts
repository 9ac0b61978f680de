// Story → wire shape of the v2 News object: `rest_id` always, `name` as the headline every reader
// shows, the rest by `news.fields`. The field enum and the schema disagree on two names (notes §8.4):
// `id` asks for `rest_id` (always there) and `updated_at` for `last_updated_at_ms`.
import { pick, type Renderers } from '../../shared/pick.js';
import type { Story } from './news.clusters.js';

const RENDER: Renderers<Story> = {
  category: (s) => s.category,
  cluster_posts_results: (s) => s.cluster_posts_results,
  contexts: (s) => s.contexts,
  disclaimer: (s) => s.disclaimer,
  hook: (s) => s.hook,
  keywords: (s) => s.keywords,
  summary: (s) => s.summary,
};

export function newsView(s: Story, fields: readonly string[]): Record<string, unknown> {
  const out = pick(RENDER, s, fields, { rest_id: s.rest_id, name: s.name });
  if (fields.includes('updated_at')) out.last_updated_at_ms = s.last_updated_at_ms;
  return out;
}
