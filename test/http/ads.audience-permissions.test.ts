// Ads API audience sharing (seed "Audiences" permission rules, "States and transitions"; notes §10.1):
// the v12 custom_audiences/:id/permissions and the v5 tailored_audiences/:id/permissions (served under
// /5/ only); only the owner grants and revokes; sharing within one business, or outside it with
// SHARE_AUDIENCE_OUTSIDE_BUSINESS; a granted account sees the audience under permission_scope=SHARED
// and may target it; a revoke stops new targeting while its running line item keeps its criterion.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { adsCall, newAdsAccount, newAdvertiser, type Advertiser } from '../support/ads.js';
import { runningLineItem, targetAudience, targetableAudience } from '../support/ads-audiences.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

forEachStore('Ads API: audience permissions', (store) => {
  let s: TestServer;
  let alice: Advertiser;
  let owner: { id: string };
  let sibling: { id: string };
  let outsider: { id: string };
  before(async () => {
    s = await startServer({ store });
    alice = await newAdvertiser(s);
    owner = await newAdsAccount(s, alice, { business_id: 'biz-1', business_name: 'One' });
    sibling = await newAdsAccount(s, alice, { business_id: 'biz-1', business_name: 'One' });
    outsider = await newAdsAccount(s, alice, { business_id: 'biz-2', business_name: 'Two' });
  });
  after(() => s.close());

  const v12 = (account: string, audience: string) => `accounts/${account}/custom_audiences/${audience}/permissions`;
  const v5 = (account: string, audience: string) => `accounts/${account}/tailored_audiences/${audience}/permissions`;

  function assertError(res: { status: number; body: any }, status: number, code: string, parameter: string) {
    assert.equal(res.status, status, JSON.stringify(res.body));
    assert.equal(res.body.errors[0].code, code, JSON.stringify(res.body));
    assert.equal(res.body.errors[0].parameter, parameter, JSON.stringify(res.body));
  }

  test('sharing within the business; the grantee sees it as SHARED and targets it; revoke keeps the running line item', async () => {
    const audience = await targetableAudience(s, alice, owner.id);
    const grant = await adsCall(s, alice, 'POST', v12(owner.id, audience.id), {
      granted_account_id: sibling.id,
      permission_level: 'READ_ONLY',
    });
    assert.equal(grant.status, 200, JSON.stringify(grant.body));
    const p = grant.body.data;
    assert.deepEqual(Object.keys(p).sort(), [
      'created_at',
      'deleted',
      'granted_account_id',
      'id',
      'permission_level',
      'tailored_audience_id',
      'updated_at',
    ]);
    assert.equal(p.tailored_audience_id, audience.id);
    assert.equal(p.granted_account_id, sibling.id);
    assert.equal(p.permission_level, 'READ_ONLY');
    assert.equal(p.deleted, false);

    // The grantee: SHARED scope, not OWNER; is_owner false with the granted level.
    const shared = await adsCall(s, alice, 'GET', `accounts/${sibling.id}/custom_audiences`, {
      permission_scope: 'SHARED',
    });
    assert.deepEqual(
      shared.body.data.map((a: any) => [a.id, a.is_owner, a.permission_level, a.owner_account_id, a.targetable]),
      [[audience.id, false, 'READ_ONLY', owner.id, true]],
    );
    const mine = await adsCall(s, alice, 'GET', `accounts/${sibling.id}/custom_audiences`);
    assert.deepEqual(mine.body.data, []);
    const got = await adsCall(s, alice, 'GET', `accounts/${sibling.id}/custom_audiences/${audience.id}`);
    assert.equal(got.body.data.is_owner, false);
    // Only the owner changes the audience or its permissions.
    assertError(
      await adsCall(s, alice, 'POST', v12(sibling.id, audience.id), {
        granted_account_id: outsider.id,
        permission_level: 'READ_ONLY',
      }),
      403,
      'ACTION_NOT_ALLOWED',
      'account_id',
    );
    assertError(
      await adsCall(s, alice, 'PUT', `accounts/${sibling.id}/custom_audiences/${audience.id}`, { name: 'mine' }),
      403,
      'ACTION_NOT_ALLOWED',
      'account_id',
    );
    assertError(
      await adsCall(s, alice, 'DELETE', `${v12(sibling.id, audience.id)}/${p.id}`),
      403,
      'ACTION_NOT_ALLOWED',
      'account_id',
    );
    // The grantee sees its own grant only.
    const seen = await adsCall(s, alice, 'GET', v12(sibling.id, audience.id));
    assert.deepEqual(
      seen.body.data.map((x: any) => x.id),
      [p.id],
    );

    // The grantee's running line item targets the shared audience.
    const { campaign, lineItem } = await runningLineItem(s, sibling.id);
    const tc = await targetAudience(s, alice, sibling.id, lineItem, audience.id);
    assert.equal(tc.status, 200, JSON.stringify(tc.body));

    // Revoke: deleted true; a repeated revoke is 404.
    const revoked = await adsCall(s, alice, 'DELETE', `${v12(owner.id, audience.id)}/${p.id}`);
    assert.equal(revoked.status, 200, JSON.stringify(revoked.body));
    assert.equal(revoked.body.data.deleted, true);
    assertError(
      await adsCall(s, alice, 'DELETE', `${v12(owner.id, audience.id)}/${p.id}`),
      404,
      'NOT_FOUND',
      'permission_id',
    );

    // No new targeting by the grantee (a copy of its line item could not target it either)…
    const { lineItem: copy } = await runningLineItem(s, sibling.id);
    assertError(
      await targetAudience(s, alice, sibling.id, copy, audience.id),
      404,
      'TAILORED_AUDIENCE_NOT_FOUND',
      'targeting_value',
    );
    const scope = await adsCall(s, alice, 'GET', `accounts/${sibling.id}/custom_audiences`, {
      permission_scope: 'SHARED',
    });
    assert.deepEqual(scope.body.data, []);
    // …while its running line item keeps its criterion and still targets the audience.
    const criteria = await adsCall(s, alice, 'GET', `accounts/${sibling.id}/targeting_criteria`, {
      line_item_ids: lineItem,
    });
    assert.deepEqual(
      criteria.body.data.map((c: any) => [c.id, c.deleted]),
      [[tc.body.data.id, false]],
    );
    const targeted = await adsCall(s, alice, 'GET', `accounts/${sibling.id}/custom_audiences/${audience.id}/targeted`);
    assert.equal(targeted.status, 200, JSON.stringify(targeted.body));
    assert.deepEqual(targeted.body.data, [
      {
        campaign_id: campaign,
        campaign_name: 'Running campaign',
        line_items: [{ id: lineItem, name: 'Running line item', servable: true }],
      },
    ]);
  });

  test('outside the business: refused, then allowed with SHARE_AUDIENCE_OUTSIDE_BUSINESS (v5 path under /5/)', async () => {
    const audience = await targetableAudience(s, alice, owner.id);
    const grant = () =>
      adsCall(
        s,
        alice,
        'POST',
        v5(owner.id, audience.id),
        { granted_account_id: outsider.id, permission_level: 'READ_WRITE' },
        { version: '5' },
      );
    const refused = await grant();
    assertError(refused, 400, 'FEATURE_NOT_AVAILABLE', 'granted_account_id');
    const none = await adsCall(s, alice, 'GET', v5(owner.id, audience.id), {}, { version: '5' });
    assert.deepEqual(none.body.data, []);
    // The v5 path is not served under /11/ or /12/.
    assert.equal((await adsCall(s, alice, 'GET', v5(owner.id, audience.id), {}, { version: '12' })).status, 404);

    const feature = await s.admin('POST', `/_aviary/ads/accounts/${owner.id}/features`, {
      feature_keys: ['SHARE_AUDIENCE_OUTSIDE_BUSINESS'],
    });
    assert.equal(feature.status, 200, JSON.stringify(feature.body));
    const allowed = await grant();
    assert.equal(allowed.status, 200, JSON.stringify(allowed.body));
    assert.equal(allowed.body.data.permission_level, 'READ_WRITE');
    const listed = await adsCall(
      s,
      alice,
      'GET',
      v5(owner.id, audience.id),
      { granted_account_ids: outsider.id },
      { version: '5' },
    );
    assert.deepEqual(
      listed.body.data.map((x: any) => x.id),
      [allowed.body.data.id],
    );
    const byId = await adsCall(
      s,
      alice,
      'GET',
      v5(owner.id, audience.id),
      { tailored_audience_permission_ids: [allowed.body.data.id, 'zzz'] },
      { version: '5' },
    );
    assert.equal(byId.body.data.length, 1);
    const { lineItem } = await runningLineItem(s, outsider.id);
    assert.equal((await targetAudience(s, alice, outsider.id, lineItem, audience.id)).status, 200);
    const revoked = await adsCall(
      s,
      alice,
      'DELETE',
      `${v5(owner.id, audience.id)}/${allowed.body.data.id}`,
      {},
      { version: '5' },
    );
    assert.equal(revoked.body.data.deleted, true);
    const withDeleted = await adsCall(
      s,
      alice,
      'GET',
      v5(owner.id, audience.id),
      { with_deleted: 'True' },
      { version: '5' },
    );
    assert.deepEqual(
      withDeleted.body.data.map((x: any) => [x.id, x.deleted]),
      [[allowed.body.data.id, true]],
    );
  });

  test('grant refusals: parameters, unknown and own accounts, unknown audiences', async () => {
    const audience = await targetableAudience(s, alice, owner.id);
    const path = v12(owner.id, audience.id);
    assertError(
      await adsCall(s, alice, 'POST', path, { permission_level: 'READ_ONLY' }),
      400,
      'MISSING_PARAMETER',
      'granted_account_id',
    );
    assertError(
      await adsCall(s, alice, 'POST', path, { granted_account_id: sibling.id }),
      400,
      'MISSING_PARAMETER',
      'permission_level',
    );
    assertError(
      await adsCall(s, alice, 'POST', path, { granted_account_id: sibling.id, permission_level: 'ADMIN' }),
      400,
      'INVALID_PARAMETER',
      'permission_level',
    );
    assertError(
      await adsCall(s, alice, 'POST', path, { granted_account_id: 'zzzzzz', permission_level: 'READ_ONLY' }),
      404,
      'NOT_FOUND',
      'granted_account_id',
    );
    assertError(
      await adsCall(s, alice, 'POST', path, { granted_account_id: owner.id, permission_level: 'READ_ONLY' }),
      400,
      'INVALID_PARAMETER',
      'granted_account_id',
    );
    assertError(
      await adsCall(s, alice, 'POST', v12(owner.id, 'zzzzz'), {
        granted_account_id: sibling.id,
        permission_level: 'READ_ONLY',
      }),
      404,
      'NOT_FOUND',
      'custom_audience_id',
    );
    assertError(
      await adsCall(s, alice, 'GET', v5(owner.id, 'zzzzz'), {}, { version: '5' }),
      404,
      'NOT_FOUND',
      'tailored_audience_id',
    );
    // Granting again changes the level of the one live grant.
    const first = await adsCall(s, alice, 'POST', path, {
      granted_account_id: sibling.id,
      permission_level: 'READ_ONLY',
    });
    const again = await adsCall(s, alice, 'POST', path, {
      granted_account_id: sibling.id,
      permission_level: 'READ_WRITE',
    });
    assert.equal(again.body.data.id, first.body.data.id);
    assert.equal(again.body.data.permission_level, 'READ_WRITE');
    // Another user cannot reach the owner's account at all.
    const bob = await newAdvertiser(s);
    assertError(await adsCall(s, bob, 'GET', path), 404, 'NOT_FOUND', 'account_id');
  });
});
