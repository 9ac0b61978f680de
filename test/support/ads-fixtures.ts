// Prerequisite rows for Ads tests, inserted straight into the migration-0014 tables: for resources
// whose endpoints another branch builds (or that a test needs in a state no endpoint makes). The
// resource under test is always driven over HTTP. One block per function, so that branches adding
// their own merge without touching each other's.
import type { TestServer } from './server.js';

let fixtureCounter = 0;

/** A base-36 id unlike any minted one (those are 12 or 13 digits from a snowflake; these about 10). */
function fixtureId(): string {
  return `z${Date.now().toString(36)}${(fixtureCounter++).toString(36)}`.slice(0, 16);
}

async function insertRow(s: TestServer, table: string, row: Record<string, unknown>): Promise<void> {
  const cols = Object.keys(row);
  await s.deps.db.run(
    `INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`,
    Object.values(row) as never,
  );
}

// ---- fixtureFundingInstrument (branch a-lineitems) ------------------------------------------------

/** An ACTIVE USD credit card of the account, as notes §8.1's example describes one. */
export async function fixtureFundingInstrument(
  s: TestServer,
  accountId: string,
  over: Record<string, unknown> = {},
): Promise<string> {
  const now = s.deps.clock.now();
  const row = {
    id: fixtureId(),
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
  };
  await insertRow(s, 'ads_funding_instruments', row);
  return row.id;
}

// ---- fixtureCampaign (branch a-lineitems) ---------------------------------------------------------

/**
 * A campaign of the account (budget_optimization LINE_ITEM, the current docs' default; notes §8.2),
 * with a funding instrument of its own unless `funding_instrument_id` is given.
 */
export async function fixtureCampaign(
  s: TestServer,
  accountId: string,
  over: Record<string, unknown> = {},
): Promise<string> {
  const now = s.deps.clock.now();
  const row = {
    id: fixtureId(),
    account_id: accountId,
    funding_instrument_id: over.funding_instrument_id ?? (await fixtureFundingInstrument(s, accountId)),
    name: 'Fixture campaign',
    budget_optimization: 'LINE_ITEM',
    daily_budget_amount_local_micro: 10_000_000,
    total_budget_amount_local_micro: null,
    entity_status: 'ACTIVE',
    purchase_order_number: null,
    standard_delivery: null,
    duration_in_days: null,
    frequency_cap: null,
    created_at: now,
    updated_at: now,
    deleted: 0,
    ...over,
  };
  await insertRow(s, 'ads_campaigns', row);
  return row.id;
}
