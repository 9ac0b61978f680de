// News stories from posts, as pure functions: each post is filed under its topics (the entities of its
// context annotations and its hashtags), topics held by at least MIN_POSTS posts become stories, and a
// story's headline, hook, summary, keywords and contexts are drawn from its posts, the most engaged
// first. X writes its stories with Grok from the posts of a cluster (SPEC News: "An AI generated news
// story", `cluster_posts_results`); Aviary's are extractive, and the same posts give the same story.
import type { PostRow } from '../posts/index.js';

export const MIN_POSTS = 2;
const MAX_CLUSTER_POSTS = 20;

type Annotation = { domain: { id: string; name: string }; entity: { id: string; name: string } };
type Tag = { tag: string };
export type Topic = { key: string; label: string; domain: string | null };
export type Cluster = Topic & { posts: PostRow[] };

export type Story = {
  rest_id: string;
  name: string;
  category: string;
  hook: string;
  summary: string;
  keywords: string[];
  disclaimer: string;
  contexts: Record<string, unknown>;
  cluster_posts_results: { post_id: string }[];
  last_updated_at_ms: string;
  updated_at: number;
};

const json = <T>(s: string | null): T | null => (s ? (JSON.parse(s) as T) : null);

/** The topics a post is about: its annotated entities and its hashtags (case folded). */
export function topicsOf(p: PostRow): Topic[] {
  const out = new Map<string, Topic>();
  for (const a of json<Annotation[]>(p.context_annotations) ?? [])
    out.set(`e:${a.entity.id}`, { key: `e:${a.entity.id}`, label: a.entity.name, domain: a.domain.name });
  const e = json<{ hashtags?: Tag[] }>(p.entities);
  for (const h of e?.hashtags ?? []) {
    const key = `h:${h.tag.toLowerCase()}`;
    if (!out.has(key)) out.set(key, { key, label: `#${h.tag}`, domain: null });
  }
  return [...out.values()];
}

/** Share of a cluster's posts another story already tells past which it is the same story. */
const SAME_STORY = 0.8;

/**
 * Posts filed by topic; topics with MIN_POSTS posts or more are stories, the largest first (an
 * annotated entity before a hashtag of the same size), and a topic whose posts a larger story
 * already mostly holds is that story, not another.
 */
export function clusterPosts(posts: readonly PostRow[]): Cluster[] {
  const clusters = new Map<string, Cluster>();
  for (const p of posts)
    for (const t of topicsOf(p)) {
      const c = clusters.get(t.key) ?? { ...t, posts: [] };
      c.posts.push(p);
      clusters.set(t.key, c);
    }
  const ranked = [...clusters.values()]
    .filter((c) => c.posts.length >= MIN_POSTS)
    .sort((a, b) => b.posts.length - a.posts.length || (a.key < b.key ? -1 : 1));
  const told = new Set<string>();
  const kept: Cluster[] = [];
  for (const c of ranked) {
    const known = c.posts.filter((p) => told.has(p.id)).length;
    if (known >= SAME_STORY * c.posts.length) continue;
    kept.push(c);
    for (const p of c.posts) told.add(p.id);
  }
  return kept;
}

/** FNV-1a over 64 bits: a topic's story keeps its id from one computation to the next. */
export function storyId(key: string): string {
  let h = 0xcbf29ce484222325n;
  for (const byte of Buffer.from(`news|${key}`)) {
    h ^= BigInt(byte);
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return (h % 10n ** 18n).toString();
}

const engagement = (p: PostRow) => p.like_count + 2 * p.retweet_count + p.reply_count + p.quote_count;
const byEngagement = (a: PostRow, b: PostRow) => engagement(b) - engagement(a) || (a.seq < b.seq ? 1 : -1);

const STOP = new Set(
  'about after again also been being but can could from have having here into just like more most much must only other over same some such than that their them then there these they this those through very what when where which while with would your will were was are the and for not you our out has had its'.split(
    ' ',
  ),
);
/** Plain text of a post: no links, mentions or RT prefix. */
const plain = (t: string) =>
  t
    .replace(/^RT @\w+: /, '')
    .replace(/https?:\/\/\S+/g, '')
    .replace(/@\w+/g, '')
    .replace(/\s+/g, ' ')
    .trim();

function keywordsOf(c: Cluster): string[] {
  const counts = new Map<string, number>();
  for (const p of c.posts)
    for (const w of new Set(
      plain(p.text)
        .toLowerCase()
        .match(/[\p{L}\p{N}]{4,}/gu) ?? [],
    ))
      if (!STOP.has(w)) counts.set(w, (counts.get(w) ?? 0) + 1);
  const top = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([w]) => w);
  return [...new Set([c.label.replace(/^#/, '').toLowerCase(), ...top])].slice(0, 8);
}

/** Annotation domains → the story's category and where its entity goes in `contexts`. */
const CATEGORY: Record<string, string> = {
  'Sports Event': 'Sports',
  Sport: 'Sports',
  'Sports Team': 'Sports',
  Brand: 'Business',
  'Brand Vertical': 'Business',
  'Business Taxonomy': 'Business',
  Product: 'Technology',
  Technology: 'Technology',
  Person: 'News',
};
const ENTITY_KIND: Record<string, string> = {
  'Sports Event': 'events',
  Brand: 'organizations',
  'Brand Vertical': 'organizations',
  Person: 'people',
  Product: 'products',
  Place: 'places',
};

function contextsOf(c: Cluster): Record<string, unknown> {
  const ctx: Record<string, unknown> = { topics: [c.label] };
  const kind = c.domain ? ENTITY_KIND[c.domain] : undefined;
  if (kind) ctx.entities = { [kind]: [c.label] };
  if (c.domain === 'Sports Team') ctx.sports = { teams: [c.label] };
  const tickers = new Set<string>();
  for (const p of c.posts)
    for (const t of json<{ cashtags?: Tag[] }>(p.entities)?.cashtags ?? []) tickers.add(t.tag.toUpperCase());
  if (tickers.size) ctx.finance = { tickers: [...tickers].sort() };
  return ctx;
}

const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);

/** The story of a cluster, every field of SPEC News (views pick what `news.fields` asks for). */
export function storyOf(c: Cluster, iso: (ms: number) => string): Story {
  const posts = [...c.posts].sort(byEngagement);
  const lead = plain(posts[0]!.text);
  const updated = Math.max(...c.posts.map((p) => p.created_at));
  const authors = new Set(c.posts.map((p) => p.author_id)).size;
  const quotes = posts.slice(0, 3).map((p) => `“${cut(plain(p.text), 120)}”`);
  return {
    rest_id: storyId(c.key),
    name: cut(`${c.label}: ${lead}`, 100),
    category: (c.domain && CATEGORY[c.domain]) ?? 'Trending',
    hook: cut(lead, 140),
    summary: `${c.posts.length} posts from ${authors} accounts discuss ${c.label}. ${quotes.join(' ')}`,
    keywords: keywordsOf(c),
    disclaimer: 'This story is a summary of posts on X and may evolve over time.',
    contexts: contextsOf(c),
    cluster_posts_results: posts.slice(0, MAX_CLUSTER_POSTS).map((p) => ({ post_id: p.id })),
    last_updated_at_ms: iso(updated),
    updated_at: updated,
  };
}

/** Whether every word of a query is in the story's headline, keywords, summary or topics. */
export function storyMatches(s: Story, query: string): boolean {
  const hay = [s.name, s.summary, ...s.keywords, ...((s.contexts.topics as string[]) ?? [])].join(' ').toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((w) => hay.includes(w.replace(/^#/, '')));
}
