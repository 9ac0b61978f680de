// Custom audience users batches processed after the answer (docs/adr/0025): batches sent one after
// another with nothing read between them are applied in the order they were answered (a later window
// wins, a Delete sees the users added before it and not those after), by the timer at the end of the
// processing on the service clock or by the first read, whichever comes first; sizes are exact then.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { adsCall, newAdsAccount, newAdvertiser, type Advertiser } from '../support/ads.js';
import {
  advanceClock,
  emails,
  hashEmail,
  newAudience,
  PROCESSED_AFTER_MS,
  updateOp,
  usersCall,
} from '../support/ads-audiences.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

forEachStore('Ads API: custom audience users batches processed in order', (store) => {
  let s: TestServer;
  let alice: Advertiser;
  let account: { id: string };
  before(async () => {
    s = await startServer({ store });
    alice = await newAdvertiser(s);
    account = await newAdsAccount(s, alice);
  });
  after(() => s.close());

  const get = async (id: string) =>
    (await adsCall(s, alice, 'GET', `accounts/${account.id}/custom_audiences/${id}`)).body.data;
  const waiting = async (id: string) =>
    Number(
      (
        await s.deps.db.get<{ n: number }>(
          'SELECT COUNT(*) AS n FROM ads_custom_audience_changes WHERE audience_id = ?',
          [id],
        )
      )?.n,
    );
  const send = async (id: string, ops: unknown[]) => {
    const res = await usersCall(s, alice, account.id, id, ops);
    assert.equal(res.status, 200, JSON.stringify(res.body).slice(0, 500));
  };
  const op = (operation_type: string, users: unknown[], params: Record<string, unknown> = {}) => ({
    operation_type,
    params: { users, ...params },
  });

  test('several batches, nothing read between: applied in order when processing ends', async () => {
    const audience = await newAudience(s, alice, account.id);
    const now = Date.parse((await s.admin('GET', '/_aviary/clock')).body.data.now);
    const iso = (ms: number) => new Date(ms).toISOString().slice(0, 19) + 'Z';
    const a = { email: [hashEmail('a@x.com')], handle: [hashEmail('a')] };
    await send(audience.id, [updateOp(emails(120, 'base')), op('Update', [a])]);
    // The same 120 again, now expiring in 20 minutes: the later window wins.
    await send(audience.id, [updateOp(emails(120, 'base'), { expires_at: iso(now + 20 * 60_000) })]);
    // By the handle stored two batches earlier: a goes; then b, which the Delete came before, stays.
    await send(audience.id, [op('Delete', [{ handle: [hashEmail('a')] }])]);
    await send(audience.id, [op('Update', [{ email: [hashEmail('b@x.com')] }]), updateOp(emails(10, 'more'))]);
    assert.equal(await waiting(audience.id), 4);
    await advanceClock(s, PROCESSED_AFTER_MS);
    // The timer at the end of processing applied them, before anything read the audience.
    assert.equal(await waiting(audience.id), 0);
    assert.equal((await get(audience.id)).audience_size, 131);
    await advanceClock(s, 5 * 60_000);
    assert.equal((await get(audience.id)).audience_size, 11);
  });

  test('a read while processing applies what waits: TOO_SMALL from the users sent', async () => {
    const audience = await newAudience(s, alice, account.id);
    await send(audience.id, [updateOp(emails(60, 'first'))]);
    await send(audience.id, [updateOp(emails(60, 'second'))]);
    let got = await get(audience.id);
    assert.deepEqual(got.reasons_not_targetable, ['PROCESSING']);
    assert.equal(await waiting(audience.id), 0);
    await send(audience.id, [
      op(
        'Delete',
        emails(30, 'first').map((h) => ({ email: [h] })),
      ),
    ]);
    got = await get(audience.id);
    assert.deepEqual(got.reasons_not_targetable, ['PROCESSING', 'TOO_SMALL']);
    await advanceClock(s, PROCESSED_AFTER_MS);
    assert.equal((await get(audience.id)).audience_size, 90);
  });
});
