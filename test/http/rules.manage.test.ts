// Filtered-stream rules: add, list, delete, dry runs and the error bodies of the wire notes (§4.2):
// duplicates, invalid rules with `details`, over-cap and over-long rules, unknown deletes; per-tier
// limits; counts and the powerstream read; rules belong to the caller's app.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { newApp, newUser, userToken } from '../support/actors.js';
import { twitterApiSdk, twitterApiV2, xdk } from '../support/sdk.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';
import { specChecks, word } from './stream.client.js';

const PROBLEMS = 'https://api.twitter.com/2/problems/';
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

forEachStore('stream rules', (store) => {
  let s: TestServer;
  const spec = specChecks();
  before(async () => {
    const config = {
      streamRuleCap: 3,
      streamRuleLength: 30,
      streamRuleCapEnterprise: 5,
      streamRuleLengthEnterprise: 60,
    };
    s = await startServer({ store, config, beforeListen: spec.install });
  });
  after(async () => {
    await s.close();
    assert.deepEqual(spec.violations, []);
    assert.ok(spec.checked > 20);
  });

  const bearerOf = async (tier = 'enterprise') => `Bearer ${(await newApp(s, { tier })).bearer_token}`;
  const rules = (auth: string, body: unknown, query = '') =>
    s.call('POST', `/2/tweets/search/stream/rules${query}`, { auth, body });
  const list = (auth: string, query = '') => s.call('GET', `/2/tweets/search/stream/rules${query}`, { auth });

  test('twitter-api-v2 adds (201, data, meta.sent, meta.summary) and lists rules; tags only where given', async () => {
    const app = await newApp(s);
    const client = twitterApiV2(s.url, app.bearer_token);
    const [a, b] = [word(), word()];
    const added = await client.v2.updateStreamRules({
      add: [{ value: `${a} has:media`, tag: 'with media' }, { value: b }],
    });
    assert.deepEqual(
      added.data.map((r) => [r.value, r.tag]),
      [
        [`${a} has:media`, 'with media'],
        [b, undefined],
      ],
    );
    assert.ok(added.data.every((r) => /^[0-9]{1,19}$/.test(r.id)));
    assert.match(added.meta.sent, ISO);
    assert.deepEqual(added.meta.summary, { created: 2, not_created: 0, valid: 2, invalid: 0 });
    const listed = await client.v2.streamRules();
    assert.deepEqual(
      listed.data,
      added.data.map((r) => (r.tag ? r : { id: r.id, value: r.value })),
    );
    assert.equal(listed.meta.result_count, 2);
    const raw = await rules(`Bearer ${app.bearer_token}`, { add: [{ value: word() }] });
    assert.equal(raw.status, 201);
  });

  test('a duplicate: 200, nothing created, the error names the stored rule (OBS body)', async () => {
    const auth = await bearerOf();
    const value = `${word()} ${word()} has:links`;
    const first = await rules(auth, { add: [{ value }] });
    const again = await rules(auth, { add: [{ value }] });
    assert.equal(again.status, 200);
    assert.deepEqual(again.body.meta.summary, { created: 0, not_created: 1, valid: 0, invalid: 1 });
    assert.deepEqual(again.body.errors, [
      { value, id: first.body.data[0].id, title: 'DuplicateRule', type: `${PROBLEMS}duplicate-rules` },
    ]);
    assert.equal(again.body.data, undefined);
  });

  test("an invalid rule: `details` is an array of the validator's texts; one bad rule and none of the batch is stored", async () => {
    const auth = await bearerOf();
    const good = word();
    const res = await rules(auth, { add: [{ value: good }, { value: '--b' }] });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.meta.summary, { created: 0, not_created: 2, valid: 1, invalid: 1 });
    assert.deepEqual(res.body.errors, [
      {
        value: '--b',
        details: [
          'Rules must contain a non-negation term (at position 1)',
          'Rules must contain at least one positive, non-stopword clause (at position 1)',
        ],
        title: 'UnprocessableEntity',
        type: `${PROBLEMS}invalid-rules`,
      },
    ]);
    assert.equal((await list(auth)).body.meta.result_count, 0);
    const lone = await rules(auth, { add: [{ value: 'has:links OR is:retweet' }] });
    assert.equal(lone.body.errors[0].type, `${PROBLEMS}invalid-rules`);
  });

  test('dry_run validates and reports without storing, for adds and deletes', async () => {
    const auth = await bearerOf();
    const value = word();
    const dry = await rules(auth, { add: [{ value, tag: 't' }] }, '?dry_run=true');
    assert.equal(dry.status, 200);
    assert.deepEqual(dry.body.meta.summary, { created: 1, not_created: 0, valid: 1, invalid: 0 });
    assert.equal(dry.body.data[0].value, value);
    assert.equal((await list(auth)).body.meta.result_count, 0);
    const real = await rules(auth, { add: [{ value }] });
    const del = await rules(auth, { delete: { ids: [real.body.data[0].id] } }, '?dry_run=true');
    assert.deepEqual(del.body.meta.summary, { deleted: 1, not_deleted: 0 });
    assert.equal((await list(auth)).body.meta.result_count, 1);
  });

  test('delete by ids and by values; an unknown one is not_deleted with the nested invalid-request error', async () => {
    const auth = await bearerOf();
    const [a, b, c] = [word(), word(), word()];
    const added = (await rules(auth, { add: [{ value: a }, { value: b }, { value: c }] })).body.data;
    const byId = await rules(auth, { delete: { ids: [added[0].id, '1234567890'] } });
    assert.equal(byId.status, 200);
    assert.match(byId.body.meta.sent, ISO);
    assert.deepEqual(byId.body.meta.summary, { deleted: 1, not_deleted: 1 });
    assert.deepEqual(byId.body.errors, [
      {
        errors: [{ parameters: {}, message: 'Rule does not exist' }],
        title: 'Invalid Request',
        detail: 'One or more parameters to your request was invalid.',
        type: `${PROBLEMS}invalid-request`,
      },
    ]);
    const byValue = await rules(auth, { delete: { values: [b] } });
    assert.deepEqual(byValue.body, { meta: { sent: byValue.body.meta.sent, summary: { deleted: 1, not_deleted: 0 } } });
    assert.deepEqual(
      (await list(auth)).body.data.map((r: any) => r.value),
      [c],
    );
  });

  test('delete_all removes every rule of the app, and only of the app', async () => {
    const [mine, theirs] = [await bearerOf(), await bearerOf()];
    await rules(mine, { add: [{ value: word() }, { value: word() }] });
    await rules(theirs, { add: [{ value: word() }] });
    const res = await rules(mine, {}, '?delete_all=true');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.meta.summary, { deleted: 2, not_deleted: 0 });
    assert.equal((await list(mine)).body.meta.result_count, 0);
    assert.equal((await list(theirs)).body.meta.result_count, 1);
    const both = await rules(mine, { add: [{ value: word() }] }, '?delete_all=true');
    assert.equal(both.status, 400);
  });

  test("rule-cap: an add past the tier's cap stores nothing (self-serve 3, enterprise 5 here)", async () => {
    const selfServe = await bearerOf('pro');
    await rules(selfServe, { add: [{ value: word() }, { value: word() }] });
    const over = await rules(selfServe, { add: [{ value: word() }, { value: word() }] });
    assert.equal(over.status, 200);
    assert.deepEqual(over.body.meta.summary, { created: 0, not_created: 2, valid: 2, invalid: 0 });
    assert.deepEqual(over.body.errors, [
      {
        title: 'RulesCapExceeded',
        type: `${PROBLEMS}rule-cap`,
        detail: 'You have exceeded the maximum number of rules',
      },
    ]);
    assert.equal((await rules(selfServe, { add: [{ value: word() }] })).status, 201);
    const enterprise = await bearerOf('enterprise');
    assert.equal((await rules(enterprise, { add: [1, 2, 3, 4, 5].map(() => ({ value: word() })) })).status, 201);
    assert.equal((await rules(enterprise, { add: [{ value: word() }] })).body.errors[0].type, `${PROBLEMS}rule-cap`);
  });

  test('rule-length: longer than the tier allows (30 self-serve, 60 enterprise here), counted in characters', async () => {
    const long = `${word()} ${'x'.repeat(40)}`;
    const selfServe = await rules(await bearerOf('pay-per-use'), { add: [{ value: long }] });
    assert.equal(selfServe.status, 200);
    assert.equal(selfServe.body.errors[0].type, `${PROBLEMS}rule-length`);
    assert.equal(selfServe.body.errors[0].value, long);
    assert.ok(Array.isArray(selfServe.body.errors[0].details));
    assert.equal((await rules(await bearerOf('enterprise'), { add: [{ value: long }] })).status, 201);
  });

  test('paging with max_results and a 16-character next_token; ids= picks rules', async () => {
    const auth = await bearerOf();
    const added = (await rules(auth, { add: [{ value: word() }, { value: word() }, { value: word() }] })).body.data;
    const p1 = await list(auth, '?max_results=2');
    assert.equal(p1.body.data.length, 2);
    assert.match(p1.body.meta.next_token, /^.{16}$/);
    const p2 = await list(auth, `?max_results=2&pagination_token=${p1.body.meta.next_token}`);
    assert.deepEqual(
      [...p1.body.data, ...p2.body.data].map((r: any) => r.id).sort(),
      added.map((r: any) => r.id).sort(),
    );
    assert.equal(p2.body.meta.next_token, undefined);
    const picked = await list(auth, `?ids=${added[1].id}`);
    assert.deepEqual(picked.body.data, [added[1]]);
    assert.equal((await list(auth, '?pagination_token=short')).status, 400);
  });

  test('counts, and GET /2/powerstream/rules reads the configured rules', async () => {
    const app = await newApp(s, { tier: 'enterprise' });
    const auth = `Bearer ${app.bearer_token}`;
    const added = (await rules(auth, { add: [{ value: word(), tag: 'p' }, { value: word() }] })).body.data;
    const counts = await s.call('GET', '/2/tweets/search/stream/rules/counts', { auth });
    assert.equal(counts.status, 200);
    assert.deepEqual(counts.body.data, {
      all_project_client_apps: [{ client_app_id: app.id, rule_count: 2 }],
      cap_per_client_app: 5,
      cap_per_project: 5,
      client_app_rules_count: { client_app_id: app.id, rule_count: 2 },
      project_rules_count: 2,
    });
    const some = await s.call('GET', '/2/tweets/search/stream/rules/counts?rules_count.fields=project_rules_count', {
      auth,
    });
    assert.deepEqual(some.body.data, { project_rules_count: 2 });
    const power = await s.call('GET', '/2/powerstream/rules', { auth });
    assert.deepEqual(power.body.data, added);
    assert.equal(power.body.meta.result_count, 2);
  });

  test('twitter-api-sdk and @xdevplatform/xdk manage rules too', async () => {
    const app = await newApp(s, { tier: 'enterprise' });
    const tas = twitterApiSdk(s.url, app.bearer_token);
    const value = word();
    const added = await tas.tweets.addOrDeleteRules({ add: [{ value, tag: 'tas' }] });
    assert.equal(added.data![0]!.value, value);
    const got = await tas.tweets.getRules();
    assert.deepEqual(
      got.data!.map((r) => r.tag),
      ['tas'],
    );
    const client = xdk(s.url, { bearerToken: app.bearer_token });
    const deleted: any = await client.stream.updateRules({ delete: { ids: [added.data![0]!.id!] } });
    assert.deepEqual(deleted.meta.summary, { deleted: 1, notDeleted: 0 });
    const counts: any = await client.stream.getRuleCounts();
    assert.equal(counts.data.projectRulesCount, 0);
  });

  test('app-only bearer only; malformed bodies are 400 invalid-request', async () => {
    const user = await newUser(s);
    const userAuth = await userToken(s, user.id);
    const res = await rules(userAuth, { add: [{ value: word() }] });
    assert.equal(res.status, 403);
    assert.equal(res.body.type, `${PROBLEMS}unsupported-authentication`);
    const auth = await bearerOf();
    for (const body of [
      {},
      { add: [] },
      { add: [{ tag: 'no value' }] },
      { add: [{ value: word() }], delete: { ids: ['1'] } },
      { delete: {} },
      { nope: 1 },
    ]) {
      const bad = await rules(auth, body);
      assert.equal(bad.status, 400, JSON.stringify(body));
      assert.equal(bad.body.type, `${PROBLEMS}invalid-request`);
    }
    assert.equal((await rules(auth, { add: [{ value: word() }] }, '?dry_run=maybe')).status, 400);
  });
});
