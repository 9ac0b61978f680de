// The walker's world and recipes for news, community notes, articles, Spaces, communities and the
// users extras of issue #21 (search, affiliates, reposts of me), so each of their reads finds
// something real: a news story needs several posts on one topic (src/modules/news/news.clusters.ts),
// a note needs a URL in its text and someone else's post, Spaces and communities are made through
// the control API (the public API cannot make them), a Space's posts are those linking to it; media
// subtitles attach an uploaded track to the caller's own video.
import { adminPost, type TestUser } from './actors.js';
import { mp4 } from './ads-media.js';
import type { TestApp } from './receiver.js';
import { uniqueName, type TestServer } from './server.js';

type Base = { app: TestApp; alice: TestUser; bob: TestUser; carol: TestUser; oauth2: string; reply: string };
type Req = { path?: Record<string, string>; query?: Record<string, string>; body?: unknown };

export type StoriesWorld = {
  /** The hashtag (without #) of the walker's news story, Space title and community name. */
  topic: string;
  news: string;
  space: string;
  community: string;
};

const must = (what: string, r: { status: number; body: any }, ok = [200, 201]) => {
  if (!ok.includes(r.status)) throw new Error(`walk fixture ${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
};

/** SPEC CommunityNoteInfo, with the URL the text must hold (notes.rules.ts). */
const NOTE_INFO = {
  text: 'The photo is older, see https://example.com/archive for the original.',
  classification: 'misinformed_or_potentially_misleading',
  misleading_tags: ['outdated_information'],
  trustworthy_sources: true,
};

/** SPEC ArticleContentState (DraftJS blocks and entities). */
const CONTENT = {
  blocks: [
    { text: 'How the walker walks', type: 'header-one' },
    {
      text: 'Every operation, once, at example.com',
      type: 'unstyled',
      entity_ranges: [{ key: 0, offset: 26, length: 11 }],
    },
  ],
  entities: [{ key: '0', value: { type: 'link', mutability: 'mutable', data: { url: 'https://example.com' } } }],
};

export async function makeStoriesWorld(s: TestServer, b: Base): Promise<StoriesWorld> {
  const { alice, bob, carol } = b;
  const topic = uniqueName('Walk').replace(/[^A-Za-z0-9]/g, '');
  // Three posts from two accounts on one hashtag make a story (news.test.ts).
  await adminPost(s, alice.id, { text: `Harbour flooded overnight after the storm #${topic}` });
  await adminPost(s, bob.id, { text: `Ferries cancelled as the harbour closes #${topic}` });
  await adminPost(s, carol.id, { text: `Harbour cleanup expected to take a week #${topic}` });
  const found = must(
    'news',
    await s.call('GET', `/2/news/search?query=${topic}`, { auth: `Bearer ${b.app.bearer_token}` }),
  );
  if (!found.data?.length) throw new Error(`walk fixture news: no story for #${topic} ${JSON.stringify(found)}`);

  const space = must(
    'space',
    await s.admin('POST', '/_aviary/spaces', { host_id: alice.id, title: `Night ${topic} talk` }),
  ).data.id;
  must(
    'space details',
    await s.admin('PATCH', `/_aviary/spaces/${space}`, { speaker_ids: [bob.id], is_ticketed: true }),
  );
  must('space buyer', await s.admin('POST', `/_aviary/spaces/${space}/buyers`, { user_id: carol.id }));
  await adminPost(s, bob.id, { text: `Join us now https://x.com/i/spaces/${space}` });

  const community = must(
    'community',
    await s.admin('POST', '/_aviary/communities', {
      name: `${topic} club`.slice(0, 30),
      creator_id: alice.id,
      description: 'People who walk every operation',
    }),
  ).data.id;
  must('community member', await s.admin('POST', `/_aviary/communities/${community}/members`, { user_id: bob.id }));

  must('affiliate', await s.admin('POST', `/_aviary/users/${alice.id}/affiliates`, { user_id: bob.id }));
  // Others' reposts of alice's posts (bob's token is minted on the walker's app).
  const mine = await adminPost(s, alice.id, { text: `worth reposting ${topic}` });
  const bobToken = must(
    'bob token',
    await s.admin('POST', `/_aviary/apps/${b.app.id}/oauth2-tokens`, {
      user_id: bob.id,
      scopes: ['tweet.read', 'tweet.write', 'users.read'],
    }),
  ).data.access_token;
  must(
    'repost of alice',
    await s.call('POST', `/2/users/${bob.id}/retweets`, { auth: `Bearer ${bobToken}`, body: { tweet_id: mine.id } }),
  );
  // A test-mode note of alice's, for the notes she has written.
  const claim = await adminPost(s, bob.id, { text: `A claim that needs context ${topic}` });
  must(
    'note',
    await s.call('POST', '/2/notes', { auth: b.oauth2, body: { post_id: claim.id, test_mode: true, info: NOTE_INFO } }),
  );
  return { topic, news: found.data[0].rest_id, space, community };
}

/** Path values of these operations (the generic rules have none for their ids). */
export function storiesPathValue(w: StoriesWorld, template: string, name: string): string | undefined {
  if (name !== 'id') return undefined;
  if (template.startsWith('/2/news/')) return w.news;
  if (template.startsWith('/2/spaces/')) return w.space;
  if (template.startsWith('/2/communities/')) return w.community;
  return undefined;
}

type Recipe = (s: TestServer, w: Base & StoriesWorld) => Promise<Req> | Req;

/** A post of bob's and a note of alice's on it, for a call of its own. */
async function noteOnNewPost(s: TestServer, w: Base): Promise<string> {
  const post = await adminPost(s, w.bob.id, { text: 'Another claim that needs context' });
  const r = must(
    'note',
    await s.call('POST', '/2/notes', { auth: w.oauth2, body: { post_id: post.id, test_mode: true, info: NOTE_INFO } }),
  );
  return r.data.id;
}

export const STORIES_RECIPES: Record<string, Recipe> = {
  articleCreateDraft: () => ({ body: { title: 'Walking the document', content_state: CONTENT } }),
  articlePublish: async (s, w) => {
    const r = must(
      'article draft',
      await s.call('POST', '/2/articles/draft', {
        auth: w.oauth2,
        body: { title: 'Published by the walker', content_state: CONTENT },
      }),
    );
    return { path: { article_id: r.data.id } };
  },
  searchCommunities: (_s, w) => ({ query: { query: w.topic } }),
  searchNews: (_s, w) => ({ query: { query: w.topic } }),
  searchSpaces: (_s, w) => ({ query: { query: w.topic } }),
  getSpacesByIds: (_s, w) => ({ query: { ids: w.space } }),
  searchUsers: (_s, w) => ({ query: { query: w.alice.username } }),
  evaluateCommunityNotes: (_s, w) => ({ body: { post_id: w.reply, note_text: NOTE_INFO.text } }),
  createCommunityNotes: async (s, w) => ({
    body: {
      post_id: (await adminPost(s, w.bob.id, { text: 'Yet another claim to note' })).id,
      test_mode: true,
      info: NOTE_INFO,
    },
  }),
  deleteCommunityNotes: async (s, w) => ({ path: { id: await noteOnNewPost(s, w) } }),
  createMediaSubtitles: async (s, w) => ({ body: await subtitlesOf(s, w, 'EN') }),
  deleteMediaSubtitles: async (s, w) => {
    const made = await subtitlesOf(s, w, 'ES');
    must('subtitles', await s.call('POST', '/2/media/subtitles', { auth: w.oauth2, body: made }));
    return { body: { id: made.id, media_category: made.media_category, language_code: 'ES' } };
  },
};

/** A video of alice's and a subtitle track for it (SPEC SubtitlesCreateRequest). */
async function subtitlesOf(s: TestServer, w: Base, language_code: string) {
  const upload = async (file: Buffer, media_category: string, media_type: string) =>
    must(
      'subtitles media',
      await s.call('POST', '/2/media/upload', {
        auth: w.oauth2,
        body: { media: file.toString('base64'), media_category, media_type },
      }),
    ).data.id as string;
  const video = await upload(mp4(640, 360, 5000), 'tweet_video', 'video/mp4');
  const track = await upload(Buffer.from('1\n00:00:00,000 --> 00:00:01,000\nWalked\n'), 'subtitles', 'text/srt');
  return {
    id: video,
    media_category: 'TweetVideo',
    subtitles: { id: track, language_code, display_name: language_code === 'EN' ? 'English' : 'Español' },
  };
}
