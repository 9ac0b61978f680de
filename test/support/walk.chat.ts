// The walker's world and recipes for X Chat, public keys, DM blocks and DM media, and compliance jobs
// (test/http/openapi.walk.test.ts, issue #21 Checks): chat needs every participant's public key
// registered before a conversation's keys (SPEC ChatInitializeConversationKeysRequest), a one-to-one
// started by its keys before messages, read marks need a real sequence id, and downloads need bytes
// uploaded first. Kept apart from walk.ts so each file keeps one job and a readable size.
import { SCOPES } from '../../src/auth/scopes.js';
import { newUser, type TestUser } from './actors.js';
import type { TestApp } from './receiver.js';
import type { TestServer } from './server.js';

type Base = { app: TestApp; alice: TestUser; bob: TestUser; carol: TestUser; oauth2: string };
type Req = { path?: Record<string, string>; query?: Record<string, string>; body?: unknown };

export type ChatWorld = {
  /** The group alice made with bob, carol joins it in the walk. */
  chatGroup: string;
  /** The sequence id of bob's message to alice (what alice marks read). */
  chatSequence: string;
  /** A finalized chat upload in alice and bob's conversation. */
  chatMediaKey: string;
  dmMedia: { dm_id: string; media_id: string; resource_id: string };
  complianceJob: string;
};

const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64');
let seq = 0;
const unique = (tag: string) => `${tag}-${Date.now()}-${++seq}`;

const must = (what: string, r: { status: number; body: any }, ok = [200, 201]) => {
  if (!ok.includes(r.status)) throw new Error(`walk fixture ${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
};

/** A user's token on the walker's app, with every scope. */
async function tokenOf(s: TestServer, app: TestApp, user: TestUser): Promise<string> {
  const r = must(
    'chat token',
    await s.admin('POST', `/_aviary/apps/${app.id}/oauth2-tokens`, { user_id: user.id, scopes: Object.keys(SCOPES) }),
  );
  return `Bearer ${r.data.access_token}`;
}

const keysFor = (users: TestUser[]) =>
  users.map((u) => ({ user_id: u.id, public_key_version: '1', encrypted_conversation_key: b64(`key ${u.id}`) }));

export async function makeChatWorld(s: TestServer, b: Base): Promise<ChatWorld> {
  const { alice, bob, carol } = b;
  const tokens = new Map<TestUser, string>([[alice, b.oauth2]]);
  for (const u of [bob, carol]) tokens.set(u, await tokenOf(s, b.app, u));
  const as = (u: TestUser, method: string, path: string, body?: unknown) =>
    s.call(method, path, { auth: tokens.get(u)!, body });
  for (const u of [alice, bob, carol])
    must(
      'public key',
      await as(u, 'POST', `/2/users/${u.id}/public_keys`, {
        public_key: { public_key: b64(`pk ${u.id}`) },
        version: '1',
      }),
    );
  must(
    'chat keys',
    await as(alice, 'POST', `/2/chat/conversations/${bob.id}/keys`, {
      conversation_key_version: '1',
      conversation_participant_keys: keysFor([alice, bob]),
    }),
  );
  must(
    'chat message',
    await as(alice, 'POST', `/2/chat/conversations/${bob.id}/messages`, {
      message_id: unique('m'),
      encoded_message_create_event: b64('hello bob'),
    }),
  );
  must(
    'chat reply',
    await as(bob, 'POST', `/2/chat/conversations/${alice.id}/messages`, {
      message_id: unique('m'),
      encoded_message_create_event: b64('hello alice'),
    }),
  );
  // The send answers no sequence id (SPEC ChatSendMessageResponse): the events page has it.
  const events = must('chat events', await as(alice, 'GET', `/2/chat/conversations/${bob.id}/events?max_results=1`));
  const group = await newGroup(s, b, [bob]);
  const chatMediaKey = await chatUpload(s, b, true);

  // A DM carrying a picture, and the resource name its media url ends with.
  const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('a walker jpeg')]);
  const up = must(
    'dm media',
    await as(alice, 'POST', '/2/media/upload', { media_data: b64(jpeg), media_category: 'dm_image' }),
  );
  const dm = must(
    'dm with media',
    await as(alice, 'POST', `/2/dm_conversations/with/${bob.id}/messages`, {
      text: 'a picture',
      attachments: [{ media_id: up.data.id }],
    }),
  );
  const look = must('dm media url', await as(alice, 'GET', `/2/media/3_${up.data.id}?media.fields=url`));

  const job = must(
    'compliance job',
    await s.call('POST', '/2/compliance/jobs', { auth: `Bearer ${b.app.bearer_token}`, body: { type: 'tweets' } }),
  );
  return {
    chatGroup: group,
    chatSequence: events.data[0].sequence_id,
    chatMediaKey,
    dmMedia: {
      dm_id: dm.data.dm_event_id,
      media_id: up.data.id,
      resource_id: String(look.data.url).split('/').pop()!,
    },
    complianceJob: job.data.id,
  };
}

/** The body that makes an initialized group of alice's with `members`. */
const groupBody = (id: string, b: Base, members: TestUser[]) => ({
  conversation_id: id,
  conversation_key_version: '1',
  conversation_participant_keys: keysFor([b.alice, ...members]),
  group_members: members.map((m) => m.id),
  group_name: b64('walkers'),
});

async function newGroup(s: TestServer, b: Base, members: TestUser[]): Promise<string> {
  const init = must('group init', await s.call('POST', '/2/chat/conversations/group/initialize', { auth: b.oauth2 }));
  const id = init.data.conversation_id;
  must(
    'group',
    await s.call('POST', '/2/chat/conversations/group', { auth: b.oauth2, body: groupBody(id, b, members) }),
  );
  return id;
}

/** An upload session in alice and bob's conversation, appended; finalized too when asked. */
async function chatUpload(s: TestServer, b: Base, finalize: boolean): Promise<string> {
  const bytes = Buffer.from('encrypted walker bytes');
  const init = must(
    'chat upload',
    await s.call('POST', '/2/chat/media/upload/initialize', {
      auth: b.oauth2,
      body: { conversation_id: b.bob.id, total_bytes: bytes.length },
    }),
  );
  const { session_id: id, media_hash_key: key } = init.data;
  must(
    'chat append',
    await s.call('POST', `/2/chat/media/upload/${id}/append`, {
      auth: b.oauth2,
      body: { conversation_id: b.bob.id, media_hash_key: key, segment_index: 0, media: b64(bytes) },
    }),
  );
  if (finalize) must('chat finalize', await s.call('POST', `/2/chat/media/upload/${id}/finalize`, { auth: b.oauth2 }));
  return finalize ? key : `${id} ${key}`;
}

/** Path values of these operations (the generic rules would name alice, the caller). */
export function chatPathValue(w: Base & ChatWorld, template: string, name: string): string | undefined {
  if (template.startsWith('/2/chat/conversations/{id}')) return name === 'id' ? w.bob.id : undefined;
  if (template === '/2/chat/media/{id}/{media_hash_key}') return { id: w.bob.id, media_hash_key: w.chatMediaKey }[name];
  if (template.startsWith('/2/compliance/jobs/')) return name === 'id' ? w.complianceJob : undefined;
  if (template.startsWith('/2/dm_conversations/media/')) return w.dmMedia[name as keyof ChatWorld['dmMedia']];
  return undefined;
}

type Recipe = (s: TestServer, w: Base & ChatWorld) => Promise<Req> | Req;

export const CHAT_RECIPES: Record<string, Recipe> = {
  createChatConversation: async (s, w) => {
    const init = must('group init', await s.call('POST', '/2/chat/conversations/group/initialize', { auth: w.oauth2 }));
    return { body: groupBody(init.data.conversation_id, w, [w.bob, w.carol]) };
  },
  // Alice starts a one-to-one with carol by its keys.
  addConversationKeys: (_s, w) => ({
    path: { id: w.carol.id },
    body: { conversation_key_version: '1', conversation_participant_keys: keysFor([w.alice, w.carol]) },
  }),
  // Carol joins alice's group, with the conversation key rotated to cover her.
  addChatGroupMembers: (_s, w) => ({
    path: { id: w.chatGroup },
    body: {
      user_ids: [w.carol.id],
      conversation_key_version: '2',
      conversation_participant_keys: keysFor([w.alice, w.bob, w.carol]),
    },
  }),
  sendChatMessage: () => ({ body: { message_id: unique('m'), encoded_message_create_event: b64('walked') } }),
  markChatConversationRead: (_s, w) => ({ body: { seen_until_sequence_id: w.chatSequence } }),
  chatMediaUploadInitialize: (_s, w) => ({ body: { conversation_id: w.bob.id, total_bytes: 10 } }),
  chatMediaUploadAppend: async (s, w) => {
    const init = must(
      'chat upload',
      await s.call('POST', '/2/chat/media/upload/initialize', {
        auth: w.oauth2,
        body: { conversation_id: w.bob.id },
      }),
    );
    const { session_id: id, media_hash_key: key } = init.data;
    return {
      path: { id },
      body: { conversation_id: w.bob.id, media_hash_key: key, segment_index: 0, media: b64('appended') },
    };
  },
  chatMediaUploadFinalize: async (s, w) => {
    const [id, key] = (await chatUpload(s, w, false)).split(' ');
    return { path: { id: id! }, body: { media_hash_key: key, num_parts: '1' } };
  },
  createComplianceJobs: () => ({ body: { type: 'users', name: 'walked' } }),
  // Blocks and unblocks DMs from a user of its own, so the conversations above stay open.
  blockUsersDms: async (s) => ({ path: { id: (await newUser(s)).id } }),
  unblockUsersDms: async (s, w) => {
    const id = (await newUser(s)).id;
    must('dm block', await s.call('POST', `/2/users/${id}/dm/block`, { auth: w.oauth2 }));
    return { path: { id } };
  },
  addUserPublicKey: () => ({ body: { public_key: { public_key: b64('a second key') }, version: '2' } }),
};
