// X Chat over @xdevplatform/xdk: public keys, a one-to-one started by its keys, encrypted messages and
// key changes read back as events, read marks and typing, the inbox with expansions, groups
// (initialize → create → add members with a key rotation), message TTLs on the service clock, and DM
// blocks closing one-to-one chat.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { newUser, userToken, type TestUser } from '../support/actors.js';
import { xdk } from '../support/sdk.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

const b64 = (s: string) => Buffer.from(s).toString('base64');
const pairOf = (a: string, b: string) => (BigInt(a) < BigInt(b) ? `${a}-${b}` : `${b}-${a}`);

forEachStore('chat conversations', (store) => {
  let s: TestServer;
  const users: Record<string, TestUser> = {};
  const tokens: Record<string, string> = {};
  const client = (who: string): any => xdk(s.url, { accessToken: tokens[who]!.slice(7) });
  const keysFor = (...who: string[]) =>
    who.map((w) => ({ userId: users[w]!.id, publicKeyVersion: '1', encryptedConversationKey: b64(`key for ${w}`) }));

  before(async () => {
    s = await startServer({ store, spec: true });
    for (const who of ['alice', 'bob', 'carol', 'dave']) {
      users[who] = await newUser(s);
      tokens[who] = await userToken(s, users[who].id);
      await s.call('POST', `/2/users/${users[who].id}/public_keys`, {
        auth: tokens[who],
        body: { public_key: { public_key: b64(`pk ${who}`) }, version: '1' },
      });
    }
  });
  after(async () => {
    await s.close();
  });

  test('a one-to-one starts with its keys; messages and the key change read back as events', async () => {
    const { alice, bob } = users as Record<string, TestUser>;
    const keys: any = await client('alice').chat.addConversationKeys(bob!.id, {
      conversationKeyVersion: '1700000000000',
      conversationParticipantKeys: keysFor('alice', 'bob'),
    });
    assert.equal(keys.data.conversationId, pairOf(alice!.id, bob!.id));
    const sent: any = await client('alice').chat.sendMessage(bob!.id, {
      messageId: 'm-1',
      encodedMessageCreateEvent: b64('ciphertext one'),
      encodedMessageEventSignature: b64('signature one'),
    });
    assert.equal(sent.data.encodedMessageEvent, b64('ciphertext one'));
    await client('bob').chat.sendMessage(alice!.id, { messageId: 'm-2', encodedMessageCreateEvent: b64('reply') });
    // A retried send (same message id) stores nothing new.
    await client('bob').chat.sendMessage(alice!.id, { messageId: 'm-2', encodedMessageCreateEvent: b64('reply') });

    const events: any = await client('bob').chat.getConversationEvents(alice!.id, {
      chatMessageEventFields: ['sender_id', 'conversation_id', 'is_trusted', 'previous_id'],
    });
    assert.deepEqual(
      events.data.map((e: any) => e.id),
      ['m-2', 'm-1', keys.data.sequenceId],
    );
    assert.equal(events.data[1].encodedEvent, b64('ciphertext one'));
    assert.equal(events.data[1].senderId, alice!.id);
    assert.equal(events.data[1].isTrusted, true);
    assert.equal(events.data[0].isTrusted, false);
    assert.equal(events.data[0].previousId, events.data[1].sequenceId);
    assert.equal(events.data[0].conversationId, pairOf(alice!.id, bob!.id).replace('-', ':'));
    assert.equal(events.meta.resultCount, 3);
    assert.equal(events.meta.conversationKeyEvents.length, 1);

    const page1 = await s.call('GET', `/2/chat/conversations/${alice!.id}/events?max_results=2`, {
      auth: tokens.bob,
    });
    assert.equal(page1.body.meta.has_more, true);
    const page2 = await s.call(
      'GET',
      `/2/chat/conversations/${alice!.id}/events?max_results=2&pagination_token=${page1.body.meta.next_token}`,
      { auth: tokens.bob },
    );
    assert.deepEqual(
      page2.body.data.map((e: any) => e.id),
      [keys.data.sequenceId],
    );

    const read: any = await client('bob').chat.markConversationRead(alice!.id, {
      seenUntilSequenceId: events.data[0].sequenceId,
    });
    assert.deepEqual(read, { data: { success: true } });
    const badRead = await s.call('POST', `/2/chat/conversations/${alice!.id}/read`, {
      auth: tokens.bob,
      body: { seen_until_sequence_id: '1' },
    });
    assert.equal(badRead.status, 400);
    assert.deepEqual(await client('alice').chat.sendTypingIndicator(bob!.id), { data: { success: true } });
  });

  test('keys must cover every participant, with public key versions they registered', async () => {
    const { carol, dave } = users as Record<string, TestUser>;
    const missing = await s.call('POST', `/2/chat/conversations/${dave!.id}/keys`, {
      auth: tokens.carol,
      body: {
        conversation_key_version: '1',
        conversation_participant_keys: [
          { user_id: carol!.id, public_key_version: '1', encrypted_conversation_key: 'x' },
        ],
      },
    });
    assert.equal(missing.status, 400);
    const unknownVersion = await s.call('POST', `/2/chat/conversations/${dave!.id}/keys`, {
      auth: tokens.carol,
      body: {
        conversation_key_version: '1',
        conversation_participant_keys: [
          { user_id: carol!.id, public_key_version: '1', encrypted_conversation_key: 'x' },
          { user_id: dave!.id, public_key_version: '9', encrypted_conversation_key: 'y' },
        ],
      },
    });
    assert.equal(unknownVersion.status, 400);
    assert.match(unknownVersion.body.errors[0].message, /no public key version \[9\]/);
    // Nothing was started by the refused calls.
    const none = await s.call('GET', `/2/chat/conversations/${dave!.id}`, { auth: tokens.carol });
    assert.equal(none.status, 404);
    const noKeys = await s.call('POST', `/2/chat/conversations/${dave!.id}/messages`, {
      auth: tokens.carol,
      body: { message_id: 'x', encoded_message_create_event: b64('x') },
    });
    assert.equal(noKeys.status, 404);
  });

  test('the inbox lists conversations, latest first, with expansions and message requests', async () => {
    const { alice, bob } = users as Record<string, TestUser>;
    const inbox: any = await client('bob').chat.getConversations({
      expansions: ['participant_ids'],
      userFields: ['created_at'],
    });
    assert.equal(inbox.data[0].id, pairOf(alice!.id, bob!.id));
    assert.equal(inbox.data[0].type, 'direct');
    assert.deepEqual(inbox.data[0].participantIds.sort(), [alice!.id, bob!.id].sort());
    assert.deepEqual(inbox.includes.users.map((u: any) => u.id).sort(), [alice!.id, bob!.id].sort());
    assert.equal(inbox.meta.hasMessageRequests, false);
    const one = await s.call(
      'GET',
      `/2/chat/conversations/${pairOf(alice!.id, bob!.id)}?chat_conversation.fields=participant_ids,is_muted,group_name`,
      { auth: tokens.alice },
    );
    assert.deepEqual(Object.keys(one.body.data).sort(), ['id', 'is_muted', 'participant_ids', 'type']);
    const outsider = await s.call('GET', `/2/chat/conversations/${pairOf(alice!.id, bob!.id)}`, {
      auth: tokens.carol,
    });
    assert.equal(outsider.status, 404);
    // Dave is written to first and has not answered: a message request.
    await client('carol').chat.addConversationKeys(users.dave!.id, {
      conversationKeyVersion: '1',
      conversationParticipantKeys: keysFor('carol', 'dave'),
    });
    const daves = await s.call('GET', '/2/chat/conversations', { auth: tokens.dave });
    assert.equal(daves.body.meta.has_message_requests, true);
  });

  test('groups: initialize, create with members and admins, add members with a key rotation', async () => {
    const { alice, bob, carol, dave } = users as Record<string, TestUser>;
    const init: any = await client('alice').chat.initializeGroup();
    const id = init.data.conversationId;
    assert.match(id, /^g[0-9]+$/);
    const created: any = await client('alice').chat.createConversation({
      conversationId: id,
      conversationKeyVersion: '1',
      conversationParticipantKeys: keysFor('alice', 'bob', 'carol'),
      groupMembers: [bob!.id, carol!.id],
      groupName: b64('encrypted name'),
      ttlMsec: '60000',
    });
    assert.equal(created.data.conversationId, id);
    const again = await s.call('POST', '/2/chat/conversations/group', {
      auth: tokens.alice,
      body: {
        conversation_id: id,
        conversation_key_version: '2',
        conversation_participant_keys: [],
        group_members: [],
      },
    });
    assert.equal(again.status, 400);
    const notAdmin = await s.call('POST', `/2/chat/conversations/${id}/members`, {
      auth: tokens.bob,
      body: { user_ids: [dave!.id] },
    });
    assert.equal(notAdmin.status, 403);
    const added: any = await client('alice').chat.addGroupMembers(id, {
      userIds: [dave!.id],
      conversationKeyVersion: '2',
      conversationParticipantKeys: keysFor('alice', 'bob', 'carol', 'dave'),
    });
    assert.deepEqual(added.currentMemberIds, [alice!.id, bob!.id, carol!.id, dave!.id]);
    assert.match(added.conversationKeyChangeSequenceId, /^[0-9]+$/);
    const group: any = await client('dave').chat.getConversation(id, {
      chatConversationFields: ['admin_ids', 'member_ids', 'group_name', 'message_ttl_msec', 'created_at'],
    });
    assert.deepEqual(group.data.adminIds, [alice!.id]);
    assert.equal(group.data.memberIds.length, 4);
    assert.equal(group.data.groupName, b64('encrypted name'));
    assert.equal(group.data.messageTtlMsec, '60000');
    const events = await s.call('GET', `/2/chat/conversations/${id}/events`, { auth: tokens.dave });
    assert.equal(events.body.meta.conversation_key_events.length, 2);
  });

  test('a message outlives its group TTL on the service clock, then is gone', async () => {
    const init = await s.call('POST', '/2/chat/conversations/group/initialize', { auth: tokens.bob });
    const id = init.body.data.conversation_id;
    await s.call('POST', '/2/chat/conversations/group', {
      auth: tokens.bob,
      body: {
        conversation_id: id,
        conversation_key_version: '1',
        conversation_participant_keys: keysFor('bob', 'carol').map((k) => ({
          user_id: k.userId,
          public_key_version: '1',
          encrypted_conversation_key: k.encryptedConversationKey,
        })),
        group_members: [users.carol!.id],
        ttl_msec: '60000',
      },
    });
    // Virtual time from now on (tokens minted in real time stay valid for the minute advanced).
    await s.admin('POST', '/_aviary/clock', { set: new Date().toISOString() });
    const sent = await s.call('POST', `/2/chat/conversations/${id}/messages`, {
      auth: tokens.carol,
      body: { message_id: 'short-lived', encoded_message_create_event: b64('soon gone') },
    });
    assert.equal(sent.status, 201);
    const ids = async () =>
      (await s.call('GET', `/2/chat/conversations/${id}/events`, { auth: tokens.bob })).body.data?.map(
        (e: any) => e.id,
      );
    assert.ok((await ids()).includes('short-lived'));
    await s.admin('POST', '/_aviary/clock', { advance_ms: 61_000 });
    assert.ok(!(await ids()).includes('short-lived'));
  });

  test('a DM block closes one-to-one chat both ways', async () => {
    const { alice, bob } = users as Record<string, TestUser>;
    await s.call('POST', `/2/users/${bob!.id}/dm/block`, { auth: tokens.alice });
    const refused = await s.call('POST', `/2/chat/conversations/${alice!.id}/messages`, {
      auth: tokens.bob,
      body: { message_id: 'blocked', encoded_message_create_event: b64('x') },
    });
    assert.equal(refused.status, 403);
    const typing = await s.call('POST', `/2/chat/conversations/${bob!.id}/typing`, { auth: tokens.alice });
    assert.equal(typing.status, 403);
    await s.call('POST', `/2/users/${bob!.id}/dm/unblock`, { auth: tokens.alice });
    const ok = await s.call('POST', `/2/chat/conversations/${alice!.id}/messages`, {
      auth: tokens.bob,
      body: { message_id: 'after', encoded_message_create_event: b64('x') },
    });
    assert.equal(ok.status, 201);
  });

  test('bad ids, bodies and credentials are refused in the v2 problem format', async () => {
    const badId = await s.call('GET', '/2/chat/conversations/x12/events', { auth: tokens.alice });
    assert.equal(badId.status, 400);
    assert.equal(badId.body.title, 'Invalid Request');
    const badBody = await s.call('POST', `/2/chat/conversations/${users.bob!.id}/messages`, {
      auth: tokens.alice,
      body: { message_id: 'y', encoded_message_create_event: 'not base64!' },
    });
    assert.equal(badBody.status, 400);
    const app = await s.call('GET', '/2/chat/conversations', { auth: `Bearer ${s.bearer}` });
    assert.equal(app.status, 403);
    const noScope = await userToken(s, users.alice!.id, { scopes: ['tweet.read', 'users.read'] });
    assert.equal((await s.call('GET', '/2/chat/conversations', { auth: noScope })).status, 403);
  });
});
