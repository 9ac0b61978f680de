import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mulberry32 } from '../shared/prng.js';
import { familyOf, firing, makeRule, matches, type NewRule, type Occurrence } from './faults.rules.js';
import { newRule } from './faults.rules.fixture.js';

const rule = (over: Partial<NewRule> = {}) => makeRule(newRule(over));
const req: Occurrence = {
  target: 'request',
  method: 'GET',
  path: '/2/users/12',
  route: '/2/users/:id',
  family: 'v2',
  appId: 'a',
  userId: null,
};

test('families of paths as rules name them; the control API is never a target', () => {
  assert.equal(familyOf('/2/tweets'), 'v2');
  assert.equal(familyOf('/2/oauth2/token'), 'oauth');
  assert.equal(familyOf('/oauth/request_token'), 'oauth');
  assert.equal(familyOf('/1.1/oauth/invalidate_token'), 'v1.1');
  assert.equal(familyOf('/12/accounts'), 'ads');
  assert.equal(familyOf('/_aviary/faults'), 'control');
  assert.equal(matches(rule(), { ...req, family: 'control' }), false);
});

test('a rule matches on every criterion it names: template or path, prefix, method, app, user', () => {
  assert.ok(matches(rule({ match: { path: '/2/users/:id' } }), req));
  assert.ok(matches(rule({ match: { path: '/2/users/12' } }), req));
  assert.ok(!matches(rule({ match: { path: '/2/users' } }), req));
  assert.ok(matches(rule({ match: { path_prefix: '/2/users/' } }), req));
  assert.ok(!matches(rule({ match: { method: 'POST' } }), req));
  assert.ok(!matches(rule({ match: { app_id: 'b' } }), req));
  assert.ok(!matches(rule({ match: { user_id: 'u' } }), req));
  assert.ok(!matches(rule({ target: 'stream' }), req));
});

test('probability draws from the rule seed: the same occurrences fire the same way every run', () => {
  const r = rule({ probability: 0.3, seed: 9 });
  const draw = mulberry32(9);
  const expected = Array.from({ length: 50 }, () => draw() < 0.3);
  const got = Array.from({ length: 50 }, () => firing([r], req, 0).length === 1);
  assert.deepEqual(got, expected);
  assert.equal(r.matched, 50);
  assert.equal(r.fired, expected.filter(Boolean).length);
});

test('count and expiry end a rule', () => {
  const counted = rule({ count: 2 });
  assert.deepEqual(
    [1, 2, 3].map(() => firing([counted], req, 0).length),
    [1, 1, 0],
  );
  const expiring = rule({ expires_at: 100 });
  assert.equal(firing([expiring], req, 99).length, 1);
  assert.equal(firing([expiring], req, 100).length, 0);
});
