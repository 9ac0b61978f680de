// X Chat public keys: registering one's own versioned keys (XDK chat.addUserPublicKey), reading a
// user's keys (XDK users.getPublicKey) and the current key of several users (users.getPublicKeys),
// with public_key.fields, partial errors, conflicts and the user-context rule.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { newUser, userToken, type TestUser } from '../support/actors.js';
import { xdk } from '../support/sdk.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

const key = (tag: string) => ({
  public_key: Buffer.from(`identity-${tag}`).toString('base64'),
  signing_public_key: Buffer.from(`signing-${tag}`).toString('base64'),
  identity_public_key_signature: Buffer.from(`sig-${tag}`).toString('base64'),
});

forEachStore('users public keys', (store) => {
  let s: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let aliceToken: string;
  before(async () => {
    s = await startServer({ store, spec: true });
    alice = await newUser(s);
    bob = await newUser(s);
    aliceToken = await userToken(s, alice.id);
  });
  after(async () => {
    await s.close();
  });

  test('XDK registers a key; the answer carries the registration-only Juicebox settings', async () => {
    const client: any = xdk(s.url, { accessToken: aliceToken.slice(7) });
    const res: any = await client.chat.addUserPublicKey(alice.id, { publicKey: key('a1'), version: '1' });
    assert.equal(res.data.publicKeyVersion, '1');
    assert.equal(res.data.publicKey, key('a1').public_key);
    assert.equal(res.data.juiceboxConfig.tokenMap.length, 3);
    assert.equal(typeof res.data.juiceboxConfig.registerThreshold, 'number');
    assert.ok(res.data.juiceboxConfig.realmStateString);
  });

  test("a user's keys read back newest first, with the fields asked for", async () => {
    await s.call('POST', `/2/users/${alice.id}/public_keys`, {
      auth: aliceToken,
      body: { public_key: key('a2'), version: '2' },
    });
    const client: any = xdk(s.url, { accessToken: (await userToken(s, bob.id)).slice(7) });
    const res: any = await client.users.getPublicKey(alice.id, {
      publicKeyFields: ['signing_public_key', 'juicebox_config'],
    });
    assert.deepEqual(
      res.data.map((k: any) => k.publicKeyVersion),
      ['2', '1'],
    );
    assert.equal(res.data[0].signingPublicKey, key('a2').signing_public_key);
    // Registration-only parts are not handed out on reads.
    assert.equal(res.data[0].juiceboxConfig.realmStateString, undefined);
    assert.equal(res.data[0].juiceboxConfig.tokenMap[0].value.publicKey, undefined);
    const plain = await s.call('GET', `/2/users/${alice.id}/public_keys`, { auth: aliceToken });
    assert.deepEqual(Object.keys(plain.body.data[0]).sort(), ['public_key', 'public_key_version']);
  });

  test('the current key of several users, with partial errors for unknown users and users without keys', async () => {
    const carol = await newUser(s);
    const res = await s.call('GET', `/2/users/public_keys?ids=${alice.id},${carol.id},1`, { auth: aliceToken });
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.body.data.map((k: any) => k.public_key_version),
      ['2'],
    );
    assert.deepEqual(
      res.body.errors.map((e: any) => [e.value, e.type]),
      [
        [carol.id, 'https://api.twitter.com/2/problems/resource-not-found'],
        ['1', 'https://api.twitter.com/2/problems/resource-not-found'],
      ],
    );
    const none = await s.call('GET', `/2/users/${carol.id}/public_keys`, { auth: aliceToken });
    assert.equal(none.body.data, undefined);
    assert.match(none.body.errors[0].detail, /public keys/);
  });

  test('a version is immutable: the same key again is accepted, another key is a conflict', async () => {
    const again = await s.call('POST', `/2/users/${alice.id}/public_keys`, {
      auth: aliceToken,
      body: { public_key: key('a2'), version: '2' },
    });
    assert.equal(again.status, 200);
    const other = await s.call('POST', `/2/users/${alice.id}/public_keys`, {
      auth: aliceToken,
      body: { public_key: key('zz'), version: '2' },
    });
    assert.equal(other.status, 409);
    assert.equal(other.body.type, 'https://api.twitter.com/2/problems/conflict');
    const generated = await s.call('POST', `/2/users/${alice.id}/public_keys`, {
      auth: aliceToken,
      body: { public_key: key('a3'), version: '0', generate_version: true },
    });
    assert.equal(generated.status, 200);
    assert.notEqual(generated.body.data.public_key_version, '0');
    const list = await s.call('GET', `/2/users/${alice.id}/public_keys`, { auth: aliceToken });
    assert.equal(list.body.data[0].public_key_version, generated.body.data.public_key_version);
  });

  test("one registers only one's own key; bodies are validated; app-only is refused", async () => {
    const forBob = await s.call('POST', `/2/users/${bob.id}/public_keys`, {
      auth: aliceToken,
      body: { public_key: key('b'), version: '1' },
    });
    assert.equal(forBob.status, 403);
    const bad = await s.call('POST', `/2/users/${alice.id}/public_keys`, { auth: aliceToken, body: { version: 3 } });
    assert.equal(bad.status, 400);
    assert.deepEqual(
      bad.body.errors.map((e: any) => e.message),
      ['$.public_key: is missing but it is required', '$.version: integer found, string expected'],
    );
    const app = await s.call('GET', `/2/users/${alice.id}/public_keys`, { auth: `Bearer ${s.bearer}` });
    assert.equal(app.status, 403);
    const noIds = await s.call('GET', '/2/users/public_keys', { auth: aliceToken });
    assert.equal(noIds.status, 400);
  });
});
