// Articles: a draft holds a title and a DraftJS body; publishing it creates its seed post through the
// posts module's write path (so it reaches timelines, search, streams and webhooks) in the same
// transaction that marks the draft published. Throws problems; knows nothing of HTTP.
import type { Deps } from '../../deps.js';
import { problems } from '../../shared/problems.js';
import type { Actor } from '../../shared/selection.js';
import { attachableMedia } from '../media/index.js';
import { preparePost, publishPost } from '../posts/index.js';
import { articlesRepo, type ArticleRow } from './articles.repo.js';

type Draft = {
  title: string;
  content_state: { blocks: unknown[]; entities: unknown[] };
  cover_media?: { media_category: string; media_id: string };
};

/** The longest title the seed post repeats before the article's link. */
const TITLE_IN_POST = 200;

const notFound = (id: string) =>
  problems.resourceNotFound({ parameter: 'article_id', value: id, resource_type: 'article' });

export async function createDraft(deps: Deps, authorId: string, d: Draft): Promise<{ id: string; title: string }> {
  // A cover must be the author's own processed upload, as a post's media must.
  if (d.cover_media) await attachableMedia(deps, authorId, [d.cover_media.media_id]);
  const row: ArticleRow = {
    id: deps.ids.next(),
    author_id: authorId,
    title: d.title,
    content_state: JSON.stringify(d.content_state),
    cover_media: d.cover_media?.media_id ?? null,
    post_id: null,
    created_at: deps.clock.now(),
    published_at: null,
  };
  await articlesRepo.insert(deps.db, row);
  return { id: row.id, title: row.title };
}

/** The seed post: the title and the article's link, with the cover attached. */
function seedText(a: ArticleRow): string {
  const title = a.title.length > TITLE_IN_POST ? `${a.title.slice(0, TITLE_IN_POST - 1)}…` : a.title;
  return `${title} https://x.com/i/article/${a.id}`;
}

export async function publishArticle(deps: Deps, actor: Actor, id: string): Promise<{ post_id: string }> {
  const a = await articlesRepo.byId(deps.db, id);
  // Another user's draft is not theirs to see: it does not exist for them.
  if (!a || a.author_id !== actor.userId) throw notFound(id);
  if (a.post_id) throw problems.conflict(`Article ${id} is already published as post ${a.post_id}.`);
  const cover = a.cover_media ? await attachableMedia(deps, a.author_id, [a.cover_media]) : [];
  const { row, author } = await preparePost(deps, {
    authorId: a.author_id,
    text: seedText(a),
    source: actor.app.name,
    appId: actor.app.id,
    mediaKeys: cover.map((m) => m.media_key),
    nullcast: false,
  });
  await deps.db.tx(async (tx) => {
    if (!(await articlesRepo.publish(tx, a.id, row.id, row.created_at)))
      throw problems.conflict(`Article ${id} is already published.`);
    await publishPost(deps, tx, row, author);
  });
  return { post_id: row.id };
}
