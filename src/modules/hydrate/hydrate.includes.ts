// Fields and expansions, once for every list endpoint: the Hydrator collects what a response refers
// to, loads it in batches and renders `includes`. Includes are collected in order of first appearance
// without duplicates; posts of protected authors the viewer does not follow become
// `not-authorized-for-resource` partial errors with the section they would have appeared in, and
// missing referenced objects `resource-not-found`.
import type { Deps } from '../../deps.js';
import { partialError, problems, type ProblemBody, type ResourceType, type Section } from '../../shared/problems.js';
import { LINK_FIELDS, withLinks, type Selection, type Viewer } from '../../shared/selection.js';
import { connections, followedAmong } from '../follows/index.js';
import { mediaByKeys, mediaView } from '../media/index.js';
import { placeById, placeView } from '../places/index.js';
import {
  cachedPosts,
  jsonColumns,
  latestPosts,
  pollsByIds,
  pollView,
  tweetView,
  type Entities,
  type PostRow,
} from '../posts/index.js';
import { cachedUsers, findUsersByUsernames, userView, type UserExtras, type UserRow } from '../users/index.js';
import { flatten } from '../../shared/arrays.js';

export type Envelope = { data?: unknown; includes?: Record<string, unknown[]>; errors?: ProblemBody[]; meta?: unknown };
export type RenderOptions = { parameter: string; single?: boolean; extraErrors?: ProblemBody[] };

/** Collects what a response refers to, loads it in batches and renders the includes. */
export class Hydrator {
  users = new Map<string, UserRow | null>();
  private userOrder = new Set<string>();
  private usernames: string[] = [];
  /** The ids the posts' mentions were resolved to when written, by username (lower case). */
  private mentionIds = new Map<string, string>();
  private tweetOrder = new Map<string, PostRow>();
  private mediaKeys: string[] = [];
  private pollIds: string[] = [];
  private placeIds: string[] = [];
  private followed: Set<string> | null = null;
  errors: ProblemBody[] = [];

  constructor(
    private deps: Deps,
    private viewer: Viewer,
    private sel: Selection,
  ) {}

  async loadUsers(ids: string[]): Promise<void> {
    const missing = (ids.length > 1 ? [...new Set(ids)] : ids).filter((id) => !this.users.has(id));
    if (!missing.length) return;
    for (const id of missing) this.users.set(id, null);
    for (const u of await cachedUsers(this.deps, missing)) this.users.set(u.id, u);
  }

  /** Whether the viewer may see posts by `authorId` (protected authors need a follow). */
  async canSee(authorIds: string[]): Promise<(id: string) => boolean> {
    await this.loadUsers(authorIds);
    const locked = authorIds.filter((id) => this.users.get(id)?.protected === 1 && id !== this.viewer.userId);
    if (locked.length && !this.followed)
      this.followed = await followedAmong(this.deps, this.viewer.userId, [...new Set(locked)]);
    return (id) => this.users.get(id)?.protected !== 1 || id === this.viewer.userId || Boolean(this.followed?.has(id));
  }

  deny(value: string, parameter: string, section: Section, type: ResourceType = 'tweet') {
    this.errors.push(
      partialError(problems.notAuthorizedForResource({ parameter, value, resource_type: type, section })),
    );
  }
  missing(value: string, parameter: string, type: ResourceType) {
    this.errors.push(partialError(problems.resourceNotFound({ parameter, value, resource_type: type })));
  }

  addUser(id: string | null | undefined) {
    if (id) this.userOrder.add(id);
  }
  addTweet(p: PostRow) {
    if (!this.tweetOrder.has(p.id)) this.tweetOrder.set(p.id, p);
  }

  /** The expansions a post asks for; referenced posts are loaded by the caller (`expandRefs`). */
  expandPost(p: PostRow, exp: readonly string[]) {
    if (exp.includes('author_id')) this.addUser(p.author_id);
    if (exp.includes('in_reply_to_user_id')) this.addUser(p.reply_to_user_id);
    // The row's parsed columns, shared with its render (posts.view.ts `jsonColumns`).
    if (exp.includes('entities.mentions.username') && p.entities) {
      for (const m of (jsonColumns(p).entities as Entities | undefined)?.mentions ?? []) {
        const name = m.username.toLowerCase();
        this.usernames.push(name);
        if (m.id) this.mentionIds.set(name, m.id);
      }
    }
    if (exp.includes('attachments.media_keys') && p.media_keys) this.mediaKeys.push(...(jsonColumns(p).media ?? []));
    if (exp.includes('attachments.poll_ids') && p.poll_id) this.pollIds.push(p.poll_id);
    if (exp.includes('geo.place_id') && p.place_id) this.placeIds.push(p.place_id);
  }

  /** referenced_tweets.id (and .author_id, .attachments.media_keys) and edit_history_tweet_ids. */
  async expandRefs(posts: PostRow[]) {
    const exp = this.sel.expansions;
    // `referenced_tweets.id.author_id` alone still includes the referenced posts, as the real service does.
    const refs = exp.some((e) => e.startsWith('referenced_tweets.id'));
    if (!refs && !exp.includes('edit_history_tweet_ids')) return;
    const refIds = refs
      ? flatten(posts, (p) => [p.repost_of_id, p.quote_of_id, p.reply_to_id]).filter((x): x is string => !!x)
      : [];
    const history = exp.includes('edit_history_tweet_ids')
      ? flatten(posts, (p) => (JSON.parse(p.edit_history) as string[]).filter((id) => id !== p.id))
      : [];
    const wanted = [...new Set([...refIds, ...history])];
    if (!wanted.length) return;
    const rows = new Map((await cachedPosts(this.deps, wanted)).map((r) => [r.id, r]));
    const visible = await this.canSee([...rows.values()].map((r) => r.author_id));
    for (const id of wanted) {
      const r = rows.get(id);
      const parameter = refIds.includes(id) ? 'referenced_tweets.id' : 'edit_history_tweet_ids';
      if (!r) {
        this.missing(id, parameter, 'tweet');
        continue;
      }
      if (!visible(r.author_id)) {
        this.deny(id, parameter, 'includes');
        continue;
      }
      this.addTweet(r);
      if (refIds.includes(id) && exp.includes('referenced_tweets.id.author_id')) this.addUser(r.author_id);
      if (refIds.includes(id) && exp.includes('referenced_tweets.id.attachments.media_keys') && r.media_keys)
        this.mediaKeys.push(...(jsonColumns(r).media ?? []));
    }
  }

  async includes(extraTweets: PostRow[] = []): Promise<Record<string, unknown[]> | undefined> {
    for (const t of extraTweets) this.addTweet(t);
    if (this.nothingReferenced()) return undefined;
    const out: Record<string, unknown[]> = {};
    const users = await this.includedUsers();
    if (users.length) out.users = await userViews(this.deps, this.viewer, users, this.sel);
    if (this.tweetOrder.size) {
      const fields = withLinks(this.sel.tweet, this.sel.expansions, LINK_FIELDS.referencedTweet);
      out.tweets = [...this.tweetOrder.values()].map((t) => tweetView(t, fields, this.viewer.userId));
    }
    const keys = [...new Set(this.mediaKeys)];
    if (keys.length) {
      const media = new Map((await mediaByKeys(this.deps, keys)).map((m) => [m.media_key, m]));
      const rendered = keys.flatMap((k) => (media.has(k) ? [mediaView(media.get(k)!, this.sel.media)] : []));
      if (rendered.length) out.media = rendered;
    }
    const polls = await pollsByIds(this.deps, [...new Set(this.pollIds)]);
    if (polls.length) out.polls = polls.map((p) => pollView(p, this.sel.poll, this.deps.clock.now()));
    const places = [...new Set(this.placeIds)].flatMap((id) => {
      const p = placeById(id);
      return p ? [placeView(p, this.sel.place)] : [];
    });
    if (places.length) out.places = places;
    return Object.keys(out).length ? out : undefined;
  }

  private nothingReferenced(): boolean {
    return (
      !this.userOrder.size &&
      !this.usernames.length &&
      !this.tweetOrder.size &&
      !this.mediaKeys.length &&
      !this.pollIds.length &&
      !this.placeIds.length
    );
  }

  private async includedUsers(): Promise<UserRow[]> {
    // Mentioned accounts are included by their current username. The id a mention was resolved to
    // is read with the other users, through the row cache: while that user still has the name
    // (usernames are unique) it is the account the name names, and only renamed ones are read by name.
    await this.loadUsers([...this.userOrder, ...this.mentionIds.values()]);
    const out = [...this.userOrder].map((id) => this.users.get(id)).filter((u): u is UserRow => !!u);
    const names = [...new Set(this.usernames)].filter((n) => !out.some((u) => u.username_lower === n));
    const byName = new Map<string, UserRow>();
    for (const n of names) {
      const u = this.users.get(this.mentionIds.get(n) ?? '');
      if (u?.username_lower === n) byName.set(n, u);
    }
    const unknown = names.filter((n) => !byName.has(n));
    if (unknown.length) for (const u of await findUsersByUsernames(this.deps, unknown)) byName.set(u.username_lower, u);
    for (const n of names) if (byName.has(n)) out.push(byName.get(n)!);
    return out;
  }
}

/** Users rendered with the relational extras they ask for, computed in one batch. */
export async function userViews(
  deps: Deps,
  viewer: Viewer,
  users: UserRow[],
  sel: Selection,
): Promise<Record<string, unknown>[]> {
  const extras = new Map<string, UserExtras>(users.map((u) => [u.id, {}]));
  const ids = users.map((u) => u.id);
  if (sel.user.includes('most_recent_tweet_id')) {
    for (const r of await latestPosts(deps, ids)) extras.get(r.author_id)!.most_recent_tweet_id = r.id;
  }
  if (sel.user.includes('connection_status') && viewer.userId) {
    for (const [id, s] of await connections(deps, viewer.userId, ids)) extras.get(id)!.connection_status = s;
  }
  if (sel.user.includes('confirmed_email') && viewer.readsEmail) {
    const me = users.find((u) => u.id === viewer.userId);
    if (me?.email) extras.get(me.id)!.confirmed_email = me.email;
  }
  return users.map((u) => userView(u, sel.user, extras.get(u.id)));
}
