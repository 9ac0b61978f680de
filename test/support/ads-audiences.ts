// Helpers for the custom audience tests: hashed identifiers (notes §10.2–§10.3), users batches, an
// audience filled and processed on the virtual clock, a running line item, and the npm `twitter-ads`
// client sending a JSON body (its JSON_PATHS, notes §12.1).
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { adsCall, type Advertiser } from './ads.js';
import { fixtureCampaign, fixtureLineItem } from './ads-fixtures.js';
import type { TestServer } from './server.js';

/** An email normalised (trimmed, lower case) and hashed: lower-case hex SHA-256 (notes §10.3). */
export const hashEmail = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

export const emails = (n: number, prefix = 'user') =>
  Array.from({ length: n }, (_, i) => hashEmail(`${prefix}${i}@example.com`));

/** The processing delay of custom-audiences.rules.ts (15 minutes), and a little more. */
export const PROCESSED_AFTER_MS = 15 * 60_000 + 1000;

export async function advanceClock(s: TestServer, ms: number) {
  const res = await s.admin('POST', '/_aviary/clock', { advance_ms: ms });
  if (res.status !== 200) throw new Error(`clock: ${JSON.stringify(res.body)}`);
}

export async function newAudience(s: TestServer, who: Advertiser, accountId: string, name?: string) {
  const res = await adsCall(s, who, 'POST', `accounts/${accountId}/custom_audiences`, {
    name: name ?? `audience ${Math.random().toString(36).slice(2)}`,
  });
  if (res.status !== 200) throw new Error(`audience: ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string; name: string };
}

export function usersCall(s: TestServer, who: Advertiser, accountId: string, audienceId: string, ops: unknown) {
  return adsCall(s, who, 'POST', `accounts/${accountId}/custom_audiences/${audienceId}/users`, {}, { json: ops });
}

/** One Update of these hashed emails, one user each. */
export const updateOp = (hashes: string[], params: Record<string, unknown> = {}) => ({
  operation_type: 'Update',
  params: { users: hashes.map((h) => ({ email: [h] })), ...params },
});

/** An audience of `n` users, processed (the virtual clock moved past the processing delay). */
export async function targetableAudience(s: TestServer, who: Advertiser, accountId: string, n = 150) {
  const audience = await newAudience(s, who, accountId);
  const res = await usersCall(s, who, accountId, audience.id, [updateOp(emails(n, audience.id))]);
  if (res.status !== 200) throw new Error(`users: ${JSON.stringify(res.body)}`);
  await advanceClock(s, PROCESSED_AFTER_MS);
  return audience;
}

/** An ACTIVE line item of an ACTIVE campaign: it serves. */
export async function runningLineItem(s: TestServer, accountId: string) {
  const campaign = await fixtureCampaign(s, accountId, { entity_status: 'ACTIVE', name: 'Running campaign' });
  const lineItem = await fixtureLineItem(s, accountId, campaign, {
    entity_status: 'ACTIVE',
    name: 'Running line item',
  });
  return { campaign, lineItem };
}

export function targetAudience(
  s: TestServer,
  who: Advertiser,
  accountId: string,
  lineItem: string,
  audienceId: string,
  type = 'CUSTOM_AUDIENCE',
) {
  return adsCall(s, who, 'POST', `accounts/${accountId}/targeting_criteria`, {
    line_item_id: lineItem,
    targeting_type: type,
    targeting_value: audienceId,
    operator_type: 'EQ',
  });
}

const USERS_PATH = 'accounts/:account_id/custom_audiences/:custom_audience_id/users';

/** The npm client posting a users batch as a JSON body (the template pushed into JSON_PATHS, notes §12.1). */
export function npmUsers(s: TestServer, who: Advertiser, accountId: string, audienceId: string, ops: unknown) {
  const require = createRequire(import.meta.url);
  const constants = require('twitter-ads/lib/constants');
  constants.API_HOST = `${s.url}/`;
  if (!constants.JSON_PATHS.includes(USERS_PATH)) constants.JSON_PATHS.push(USERS_PATH);
  const TwitterAdsAPI = require('twitter-ads');
  const client = new TwitterAdsAPI({
    consumer_key: who.consumerKey,
    consumer_secret: who.consumerSecret,
    access_token: who.token,
    access_token_secret: who.tokenSecret,
    sandbox: false,
    api_version: '12',
  });
  return new Promise<{ status: number; body: any; error: any }>((resolve) =>
    client.post(
      USERS_PATH,
      { account_id: accountId, custom_audience_id: audienceId },
      ops,
      (err: any, resp: any, body: any) =>
        resolve({ status: resp?.statusCode ?? err?.statusCode ?? 0, body: body ?? err?.body, error: err ?? null }),
    ),
  );
}
