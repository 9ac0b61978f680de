// X Chat media through @xdevplatform/xdk: an upload session tied to a conversation (initialize →
// append segments as base64 → finalize) and the download of the stored (encrypted) bytes by the
// conversation's members only.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { newUser, userToken, type TestUser } from '../support/actors.js';
import { xdk } from '../support/sdk.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64');

forEachStore('chat media', (store) => {
  let s: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let aliceToken: string;
  let bobToken: string;
  before(async () => {
    s = await startServer({ store, spec: true });
    alice = await newUser(s);
    bob = await newUser(s);
    aliceToken = await userToken(s, alice.id);
    bobToken = await userToken(s, bob.id);
    for (const [u, t] of [
      [alice, aliceToken],
      [bob, bobToken],
    ] as const)
      await s.call('POST', `/2/users/${u.id}/public_keys`, {
        auth: t,
        body: { public_key: { public_key: b64(u.id) }, version: '1' },
      });
    await s.call('POST', `/2/chat/conversations/${bob.id}/keys`, {
      auth: aliceToken,
      body: {
        conversation_key_version: '1',
        conversation_participant_keys: [alice.id, bob.id].map((id) => ({
          user_id: id,
          public_key_version: '1',
          encrypted_conversation_key: b64(id),
        })),
      },
    });
  });
  after(async () => {
    await s.close();
  });

  test('chunked upload, then both members download the same bytes', async () => {
    const file = Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 251));
    const client: any = xdk(s.url, { accessToken: aliceToken.slice(7) });
    const init: any = await client.chat.mediaUploadInitialize({ conversationId: bob.id, totalBytes: file.length });
    const { sessionId, mediaHashKey, conversationId } = init.data;
    const pair = BigInt(alice.id) < BigInt(bob.id) ? `${alice.id}:${bob.id}` : `${bob.id}:${alice.id}`;
    assert.equal(conversationId, pair);
    assert.match(mediaHashKey, /^[a-zA-Z0-9]{1,50}$/);
    for (const [i, part] of [file.subarray(0, 2000), file.subarray(2000)].entries()) {
      const res: any = await client.chat.mediaUploadAppend(sessionId, {
        media: b64(part),
        segmentIndex: i,
        conversationId: bob.id,
        mediaHashKey,
      });
      assert.equal(typeof res.data.expiresAt, 'number');
    }
    // Not downloadable before it is finalized.
    const early = await s.call('GET', `/2/chat/media/${bob.id}/${mediaHashKey}`, { auth: aliceToken });
    assert.equal(early.status, 404);
    const fin: any = await client.chat.mediaUploadFinalize(sessionId, { mediaHashKey, numParts: '2' });
    assert.deepEqual(fin, { data: { success: true } });
    const bobs: any = xdk(s.url, { accessToken: bobToken.slice(7) });
    const got: ArrayBuffer = await bobs.chat.mediaDownload(alice.id, mediaHashKey);
    assert.deepEqual(Buffer.from(got), file);
    const raw = await fetch(`${s.url}/2/chat/media/${pair.replace(':', '-')}/${mediaHashKey}`, {
      headers: { authorization: aliceToken },
    });
    assert.equal(raw.headers.get('content-type'), 'application/octet-stream');
    assert.deepEqual(Buffer.from(await raw.arrayBuffer()), file);
  });

  test('sessions are checked: owner, hash key, sizes, part count; outsiders get nothing', async () => {
    const init = await s.call('POST', '/2/chat/media/upload/initialize', {
      auth: aliceToken,
      body: { conversation_id: bob.id, total_bytes: 4 },
    });
    const { session_id: id, media_hash_key: key } = init.body.data;
    const append = (auth: string, body: Record<string, unknown>) =>
      s.call('POST', `/2/chat/media/upload/${id}/append`, {
        auth,
        body: { conversation_id: bob.id, media_hash_key: key, segment_index: 0, media: b64('abcd'), ...body },
      });
    assert.equal((await append(bobToken, {})).status, 400);
    assert.equal((await append(aliceToken, { media_hash_key: 'abc' })).status, 400);
    assert.equal((await append(aliceToken, { media: b64('too long') })).status, 400);
    assert.equal((await append(aliceToken, { segment_index: '0' })).status, 200);
    const wrongParts = await s.call('POST', `/2/chat/media/upload/${id}/finalize`, {
      auth: aliceToken,
      body: { num_parts: '3' },
    });
    assert.equal(wrongParts.status, 400);
    const fin = await s.call('POST', `/2/chat/media/upload/${id}/finalize`, { auth: aliceToken, body: {} });
    assert.equal(fin.status, 200);
    const outsider = await newUser(s);
    const denied = await s.call('GET', `/2/chat/media/${alice.id}/${key}`, { auth: await userToken(s, outsider.id) });
    assert.equal(denied.status, 404);
    const notMember = await s.call('POST', '/2/chat/media/upload/initialize', {
      auth: await userToken(s, outsider.id),
      body: { conversation_id: alice.id },
    });
    assert.equal(notMember.status, 404);
    const badKey = await s.call('GET', `/2/chat/media/${bob.id}/not-a-key!`, { auth: aliceToken });
    assert.equal(badKey.status, 400);
  });

  test('a media TTL on finalize removes the file from downloads once passed', async () => {
    const init = await s.call('POST', '/2/chat/media/upload/initialize', {
      auth: aliceToken,
      body: { conversation_id: bob.id },
    });
    const { session_id: id, media_hash_key: key } = init.body.data;
    await s.call('POST', `/2/chat/media/upload/${id}/append`, {
      auth: aliceToken,
      body: { conversation_id: bob.id, media_hash_key: key, segment_index: 0, media: b64('brief') },
    });
    await s.admin('POST', '/_aviary/clock', { set: new Date().toISOString() });
    await s.call('POST', `/2/chat/media/upload/${id}/finalize`, { auth: aliceToken, body: { ttl_msec: '30000' } });
    assert.equal((await s.call('GET', `/2/chat/media/${bob.id}/${key}`, { auth: aliceToken })).status, 200);
    await s.admin('POST', '/_aviary/clock', { advance_ms: 31_000 });
    assert.equal((await s.call('GET', `/2/chat/media/${bob.id}/${key}`, { auth: aliceToken })).status, 404);
  });
});
