// Helpers of the tests of posts made through the Ads API (POST tweet, scheduled and draft posts):
// error assertions, a second user granted on an account through the control API, a card to carry.
import assert from 'node:assert/strict';
import { adsCall, type Advertiser } from './ads.js';
import type { TestServer } from './server.js';

export function assertAdsError(res: { status: number; body: any }, status: number, code: string, parameter: string) {
  assert.equal(res.status, status, JSON.stringify(res.body));
  assert.equal(res.body.errors[0].code, code, JSON.stringify(res.body));
  assert.equal(res.body.errors[0].parameter, parameter, JSON.stringify(res.body));
}

/** Grants `userId` on the account with the given roles (a promotable user when a type is given). */
export async function grantUser(
  s: TestServer,
  accountId: string,
  userId: string,
  permissions: string[],
  promotableUserType?: 'FULL' | 'RETWEETS_ONLY',
) {
  const res = await s.admin('POST', `/_aviary/ads/accounts/${accountId}/users`, {
    user_id: userId,
    permissions,
    ...(promotableUserType ? { promotable_user_type: promotableUserType } : {}),
  });
  if (res.status !== 201) throw new Error(`grant: ${JSON.stringify(res.body)}`);
}

/** Moves the service clock forward (timers due on the way run first). */
export async function advanceClock(s: TestServer, ms: number) {
  const res = await s.admin('POST', '/_aviary/clock', { advance_ms: ms });
  if (res.status !== 200) throw new Error(`clock: ${JSON.stringify(res.body)}`);
}

/** A text poll card of the account (the simplest card to make), for posts that carry a card: its uri. */
export async function newCardUri(s: TestServer, who: Advertiser, accountId: string): Promise<string> {
  const res = await adsCall(s, who, 'POST', `accounts/${accountId}/cards/poll`, {
    name: 'poll',
    duration_in_minutes: 60,
    first_choice: 'yes',
    second_choice: 'no',
  });
  if (res.status !== 200) throw new Error(`poll card: ${JSON.stringify(res.body)}`);
  return res.body.data.card_uri;
}
