// Prerequisite Ads rows for tests of resources built before their parents' endpoints land: small
// functions that insert rows straight into the tables of migration 0014 and return the id. The
// resource under test is always driven over HTTP; only its prerequisites come from here. Each
// function sits in its own block so that parallel branches merge cleanly.
import { newId36 } from '../../src/modules/ads/kit/ids.js';
import type { TestServer } from './server.js';

type Over = Record<string, unknown>;

async function insert(s: TestServer, table: string, row: Record<string, unknown>): Promise<string> {
  const cols = Object.keys(row);
  await s.deps.db.run(
    `INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`,
    Object.values(row) as never,
  );
  return row.id as string;
}

// ---- fixtureFundingInstrument (a-targeting) ----------------------------------------------------

/** An ACTIVE USD credit card funding instrument of the account. */
export async function fixtureFundingInstrument(s: TestServer, accountId: string, over: Over = {}): Promise<string> {
  const now = s.deps.clock.now();
  return insert(s, 'ads_funding_instruments', {
    id: newId36(s.deps.ids),
    account_id: accountId,
    type: 'CREDIT_CARD',
    currency: 'USD',
    description: 'Visa ending in 0650',
    start_time: now,
    end_time: null,
    credit_limit_local_micro: 200_000_000,
    funded_amount_local_micro: null,
    credit_remaining_local_micro: null,
    io_header: null,
    entity_status: 'ACTIVE',
    created_at: now,
    updated_at: now,
    deleted: 0,
    ...over,
  });
}

// ---- fixtureCampaign (a-targeting) -------------------------------------------------------------

/** A PAUSED campaign of the account, on a new funding instrument unless one is given. */
export async function fixtureCampaign(s: TestServer, accountId: string, over: Over = {}): Promise<string> {
  const now = s.deps.clock.now();
  const fundingInstrumentId = (over.funding_instrument_id as string) ?? (await fixtureFundingInstrument(s, accountId));
  return insert(s, 'ads_campaigns', {
    id: newId36(s.deps.ids),
    account_id: accountId,
    funding_instrument_id: fundingInstrumentId,
    name: 'Fixture campaign',
    budget_optimization: 'LINE_ITEM',
    daily_budget_amount_local_micro: 10_000_000,
    total_budget_amount_local_micro: null,
    entity_status: 'PAUSED',
    purchase_order_number: null,
    standard_delivery: null,
    duration_in_days: null,
    frequency_cap: null,
    created_at: now,
    updated_at: now,
    deleted: 0,
    ...over,
  });
}

// ---- fixtureLineItem, fixtureDeleteLineItem (a-targeting) --------------------------------------

/** A PAUSED ENGAGEMENTS line item (the docs' create example, notes §8.3) of a campaign of the account. */
export async function fixtureLineItem(
  s: TestServer,
  accountId: string,
  campaignId?: string,
  over: Over = {},
): Promise<string> {
  const now = s.deps.clock.now();
  return insert(s, 'ads_line_items', {
    id: newId36(s.deps.ids),
    account_id: accountId,
    campaign_id: campaignId ?? (await fixtureCampaign(s, accountId)),
    name: null,
    objective: 'ENGAGEMENTS',
    product_type: 'PROMOTED_TWEETS',
    placements: JSON.stringify(['ALL_ON_TWITTER']),
    goal: 'ENGAGEMENT',
    bid_strategy: 'MAX',
    bid_amount_local_micro: 3_210_000,
    target_cpa_local_micro: null,
    pay_by: 'ENGAGEMENT',
    start_time: now,
    end_time: null,
    entity_status: 'PAUSED',
    daily_budget_amount_local_micro: 1_000_000,
    total_budget_amount_local_micro: null,
    duration_in_days: null,
    frequency_cap: null,
    standard_delivery: 1,
    categories: '[]',
    audience_expansion: null,
    advertiser_user_id: null,
    advertiser_domain: null,
    android_app_store_identifier: null,
    ios_app_store_identifier: null,
    primary_web_event_tag: null,
    automatic_tweet_promotion: null,
    creative_source: 'MANUAL',
    created_at: now,
    updated_at: now,
    deleted: 0,
    ...over,
  });
}

/** Marks a line item deleted, as DELETE line_items/:id does (until that endpoint lands). */
export async function fixtureDeleteLineItem(s: TestServer, lineItemId: string): Promise<void> {
  await s.deps.db.run('UPDATE ads_line_items SET deleted = 1, updated_at = ? WHERE id = ?', [
    s.deps.clock.now(),
    lineItemId,
  ]);
}
