// The X Activity API event kinds (notes §6.1): the seed's twelve, the spec's (2.166) and the current
// docs' further kinds. `private` kinds need the filtered user's consent — a user-context token of that
// user with the scope named (DOCS x-api/activity/introduction.mdx); public ones work app-only.
// `aliases` are other names of the same trigger: the seed's profile.update.verified/affiliate (from
// the changelog) and the spec's …_badge names; a subscription under either name receives the event.
export type Kind = { name: string; private?: string; directional?: boolean; needsUser?: boolean; aliases?: string[] };

const K = (name: string, o: Omit<Kind, 'name'> = {}): Kind => ({ name, needsUser: true, ...o });

export const KINDS: Kind[] = [
  K('post.create'),
  K('post.delete'),
  K('post.mention.create', { private: 'tweet.read' }),
  K('post.reply.create', { private: 'tweet.read' }),
  K('post.quote.create', { private: 'tweet.read' }),
  K('post.repost.create', { private: 'tweet.read' }),
  K('profile.update.bio'),
  K('profile.update.profile_picture'),
  K('profile.update.banner_picture'),
  K('profile.update.screenname'),
  K('profile.update.geo'),
  K('profile.update.url'),
  K('profile.update.handle'),
  K('profile.update.verified', { aliases: ['profile.update.verified_badge'] }),
  K('profile.update.affiliate', { aliases: ['profile.update.affiliate_badge'] }),
  K('follow.follow', { directional: true }),
  K('follow.unfollow', { directional: true }),
  K('like.create', { private: 'like.read', directional: true }),
  K('mute.mute', { private: 'mute.read' }),
  K('mute.unmute', { private: 'mute.read' }),
  K('block.block', { private: 'block.read' }),
  K('block.unblock', { private: 'block.read' }),
  K('dm.sent', { private: 'dm.read', directional: true }),
  K('dm.received', { private: 'dm.read', directional: true }),
  K('dm.read', { private: 'dm.read', directional: true }),
  K('dm.indicate_typing', { private: 'dm.read', directional: true }),
  K('chat.received', { private: 'dm.read', directional: true }),
  K('chat.sent', { private: 'dm.read', directional: true }),
  K('chat.conversation_join', { private: 'dm.read', directional: true }),
  K('spaces.start'),
  K('spaces.end'),
  K('news.new', { needsUser: false }),
];

const BY_NAME = new Map<string, Kind>();
for (const k of KINDS) {
  BY_NAME.set(k.name, k);
  for (const a of k.aliases ?? []) BY_NAME.set(a, k);
}

/** The kind a subscription's event_type names (canonical or alias), or undefined. */
export const kindOf = (eventType: string) => BY_NAME.get(eventType);
export const EVENT_TYPES = [...BY_NAME.keys()];

/** Every name a subscription may use to receive events of this canonical kind. */
export function namesOf(kind: string): string[] {
  const k = BY_NAME.get(kind);
  return k ? [k.name, ...(k.aliases ?? [])] : [kind];
}

const words = (s: string) =>
  (s.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g) ?? [])
    .map((w) => w.toLowerCase())
    .sort()
    .join(' ');
const DOTTED_WORDS = new Map(EVENT_TYPES.map((n) => [n.split(/[._]/).sort().join(' '), n]));
DOTTED_WORDS.set(['dm', 'received'].sort().join(' '), 'dm.received');

/** The dotted name an old PascalCase kind (ProfileBioUpdate, …) was replaced by (DOCS changelog, 2026-03-18). */
export function replacementOf(eventType: string): string | undefined {
  if (!/^[A-Z][A-Za-z]+$/.test(eventType)) return undefined;
  return DOTTED_WORDS.get(words(eventType));
}

/**
 * Direction filter values: the spec's inbound/outbound and the changelog's sent/received/both for DM and chat events.
 */
export const DIRECTIONS = ['inbound', 'outbound', 'sent', 'received', 'both'] as const;
export type Direction = 'inbound' | 'outbound';

export function directionMatches(filter: string | null, d: Direction): boolean {
  if (!filter || filter === 'both') return true;
  return filter === 'outbound' || filter === 'sent' ? d === 'outbound' : d === 'inbound';
}
