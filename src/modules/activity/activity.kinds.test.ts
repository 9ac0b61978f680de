import assert from 'node:assert/strict';
import { test } from 'node:test';
import { directionMatches, kindOf, namesOf, replacementOf } from './activity.kinds.js';

test('the seed kinds and the spec names are known; aliases share a trigger', () => {
  for (const k of [
    'post.create',
    'post.delete',
    'profile.update.bio',
    'profile.update.verified',
    'profile.update.affiliate',
    'profile.update.screenname',
    'dm.received',
    'dm.sent',
    'dm.read',
    'dm.indicate_typing',
    'spaces.start',
    'spaces.end',
    'follow.follow',
    'like.create',
    'post.mention.create',
  ]) {
    assert.ok(kindOf(k), k);
  }
  assert.equal(kindOf('profile.update.verified_badge')!.name, 'profile.update.verified');
  assert.deepEqual(namesOf('profile.update.affiliate'), ['profile.update.affiliate', 'profile.update.affiliate_badge']);
  assert.equal(kindOf('tweet.create'), undefined);
});

test('old PascalCase names point to their dotted replacements', () => {
  assert.equal(replacementOf('ProfileBioUpdate'), 'profile.update.bio');
  assert.equal(replacementOf('ProfileScreennameUpdate'), 'profile.update.screenname');
  assert.equal(replacementOf('FollowFollow'), 'follow.follow');
  assert.equal(replacementOf('DMReceived'), 'dm.received');
  assert.equal(replacementOf('SpacesStart'), 'spaces.start');
  assert.equal(replacementOf('profile.update.bio'), undefined);
  assert.equal(replacementOf('Nonsense'), undefined);
});

test('direction filters: inbound/outbound and sent/received/both', () => {
  assert.equal(directionMatches(null, 'inbound'), true);
  assert.equal(directionMatches('both', 'outbound'), true);
  assert.equal(directionMatches('sent', 'outbound'), true);
  assert.equal(directionMatches('sent', 'inbound'), false);
  assert.equal(directionMatches('received', 'inbound'), true);
  assert.equal(directionMatches('inbound', 'outbound'), false);
});
