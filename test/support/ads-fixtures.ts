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

// ---- fixtureLineItem (branch a-campaigns) ---------------------------------------------------------

/** A line item of `campaignId` (ENGAGEMENTS, AUTO bid, active, no end); `over` sets any column. */
export async function fixtureLineItem(
  s: TestServer,
  accountId: string,
  campaignId: string,
  over: Record<string, unknown> = {},
): Promise<string> {
  const now = s.deps.clock.now();
  const row = {
    id: fixtureId(),
    account_id: accountId,
    campaign_id: campaignId,
    name: null,
    objective: 'ENGAGEMENTS',
    product_type: 'PROMOTED_TWEETS',
    placements: '["ALL_ON_TWITTER"]',
    goal: 'ENGAGEMENT',
    bid_strategy: 'AUTO',
    pay_by: 'ENGAGEMENT',
    entity_status: 'ACTIVE',
    categories: '[]',
    creative_source: 'MANUAL',
    created_at: now,
    updated_at: now,
    deleted: 0,
    ...over,
  };
  await insertRow(s, 'ads_line_items', row);
  return row.id;
}
