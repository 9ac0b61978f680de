// X Chat events reach the X Activity API: a message is chat.sent for its sender and chat.received
// for the other participants; creating a group is chat.conversation_join for each member added.
// Payloads are the encrypted event as stored (notes §6.2 `chat.*`).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { newApp, newUser, newWebhook, subscribe, userToken, type Receiver, type TestApp } from '../support/receiver.js';
import { forEachStore, poll, startServer, type TestServer } from '../support/server.js';

const b64 = (s: string) => Buffer.from(s).toString('base64');

forEachStore('chat: activity events', (store) => {
  let s: TestServer;
  let app: TestApp;
  let r: Receiver;
  let webhookId: string;
  before(async () => {
    s = await startServer({ store });
    app = await newApp(s);
    ({ receiver: r, id: webhookId } = await newWebhook(s, app));
  });
  after(async () => {
    await s.close();
    await r.close();
  });

  async function watch(token: string, userId: string, event_type: string) {
    await subscribe(s, token, { event_type, filter: { user_id: userId }, webhook_id: webhookId });
    return () =>
      poll(() => {
        const got = r.accepted
          .map((p) => p.json.data)
          .filter((d) => d.event_type === event_type && d.filter.user_id === userId);
        return got.length ? got : null;
      }) as Promise<any[]>;
  }
  async function chatter() {
    const u = await newUser(s);
    const token = await userToken(s, app, u.id);
    await s.call('POST', `/2/users/${u.id}/public_keys`, {
      auth: token,
      body: { public_key: { public_key: b64(u.id) }, version: '1' },
    });
    return { ...u, token };
  }
  const keys = (...ids: string[]) =>
    ids.map((id) => ({ user_id: id, public_key_version: '1', encrypted_conversation_key: b64(`k${id}`) }));

  test('a message: chat.sent for the sender, chat.received for the recipient', async () => {
    const alice = await chatter();
    const bob = await chatter();
    const sent = await watch(alice.token, alice.id, 'chat.sent');
    const received = await watch(bob.token, bob.id, 'chat.received');
    await s.call('POST', `/2/chat/conversations/${bob.id}/keys`, {
      auth: alice.token,
      body: { conversation_key_version: '7', conversation_participant_keys: keys(alice.id, bob.id) },
    });
    const res = await s.call('POST', `/2/chat/conversations/${bob.id}/messages`, {
      auth: alice.token,
      body: { message_id: 'hello-1', encoded_message_create_event: b64('secret'), conversation_token: 'tok' },
    });
    assert.equal(res.status, 201);
    const [out] = await sent();
    const [inn] = await received();
    assert.deepEqual(out.payload, inn.payload);
    assert.equal(inn.payload.id, 'hello-1');
    assert.equal(inn.payload.sender_id, alice.id);
    assert.equal(inn.payload.encoded_event, b64('secret'));
    assert.equal(inn.payload.conversation_key_version, '7');
    assert.equal(inn.payload.conversation_token, 'tok');
    const pair = BigInt(alice.id) < BigInt(bob.id) ? `${alice.id}:${bob.id}` : `${bob.id}:${alice.id}`;
    assert.equal(inn.payload.conversation_id, pair);
  });

  test('a new group: chat.conversation_join for each member added', async () => {
    const owner = await chatter();
    const member = await chatter();
    const joined = await watch(member.token, member.id, 'chat.conversation_join');
    const init = await s.call('POST', '/2/chat/conversations/group/initialize', { auth: owner.token });
    const id = init.body.data.conversation_id;
    const created = await s.call('POST', '/2/chat/conversations/group', {
      auth: owner.token,
      body: {
        conversation_id: id,
        conversation_key_version: '1',
        conversation_participant_keys: keys(owner.id, member.id),
        group_members: [member.id],
      },
    });
    assert.equal(created.status, 201);
    const [e] = await joined();
    assert.equal(e.payload.conversation_id, id);
    assert.equal(e.payload.sender_id, owner.id);
    assert.equal(e.payload.sequence_id, created.body.data.conversation_key_change_sequence_id);
  });
});
