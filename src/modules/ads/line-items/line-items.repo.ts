// Every SQL statement of line items. Reads carry the parent campaign's funding instrument (its id and
// currency) from the same statement: GET answers `funding_instrument_id` (notes §8.3) and the list
// filters by it. Those tables are only read here, never written. Each row also keeps its wire form
// (`wire`, JSON text: migrations 0020 and 0038), which lists serve as it is.
import { marks, type Queryable } from '../../../store/index.js';
import { insertObject } from '../../../store/insert.js';
import { listRows, type ListSql } from '../kit/list-sql.js';
import type { ListQuery } from '../kit/list.js';

export type LineItemRow = {
  id: string;
  account_id: string;
  campaign_id: string;
  name: string | null;
  objective: string;
  product_type: string;
  /** JSON array */
  placements: string;
  goal: string;
  bid_strategy: string;
  bid_amount_local_micro: number | null;
  target_cpa_local_micro: number | null;
  pay_by: string;
  start_time: number | null;
  end_time: number | null;
  entity_status: string;
  daily_budget_amount_local_micro: number | null;
  total_budget_amount_local_micro: number | null;
  duration_in_days: number | null;
  frequency_cap: number | null;
  standard_delivery: number | null;
  /** JSON array */
  categories: string;
  audience_expansion: string | null;
  advertiser_user_id: string | null;
  advertiser_domain: string | null;
  android_app_store_identifier: string | null;
  ios_app_store_identifier: string | null;
  primary_web_event_tag: string | null;
  automatic_tweet_promotion: number | null;
  creative_source: string;
  created_at: number;
  updated_at: number;
  deleted: number;
};

/** A line item with its campaign's funding instrument id and currency (null if either is gone). */
export type LineItemFullRow = LineItemRow & { funding_instrument_id: string | null; currency: string | null };

/**
 * What a list page reads: the id, the value of the page's sort (for the cursor) and the stored wire
 * form (null on rows from before it).
 */
export type LineItemListRow = { id: string; sort_value: number; wire: string | null };

export async function lineItemById(db: Queryable, accountId: string, id: string): Promise<LineItemRow | undefined> {
  return db.get<LineItemRow>('SELECT * FROM ads_line_items WHERE account_id = ? AND id = ?', [accountId, id]);
}

const FROM = `ads_line_items li
  LEFT JOIN ads_campaigns c ON c.id = li.campaign_id
  LEFT JOIN ads_funding_instruments f ON f.id = c.funding_instrument_id`;
const SELECT = `SELECT li.*, c.funding_instrument_id AS funding_instrument_id, f.currency AS currency FROM ${FROM}`;

export async function fullLineItemById(db: Queryable, accountId: string, id: string) {
  return db.get<LineItemFullRow>(`${SELECT} WHERE li.account_id = ? AND li.id = ?`, [accountId, id]);
}

/** Sort expressions; never NULL (kit/list-sql.ts): a line item without a bid sorts as -1. */
const SORT = {
  created_at: 'li.created_at',
  updated_at: 'li.updated_at',
  deleted: 'li.deleted',
  // The expression of index ads_line_items_bid (migration 0015): keep the two the same.
  bid_amount_local_micro: 'COALESCE(li.bid_amount_local_micro, -1)',
};

export type LineItemFilter = {
  accountId: string;
  campaignIds?: string[];
  fundingInstrumentIds?: string[];
  lineItemIds?: string[];
  q?: string;
  withDraft: boolean;
};

function listSql(f: LineItemFilter, q: ListQuery): ListSql {
  const where = ['li.account_id = ?'];
  const args: unknown[] = [f.accountId];
  const within = (column: string, values: string[] | undefined) => {
    if (!values) return;
    where.push(`${column} IN (${marks(values.length)})`);
    args.push(...values);
  };
  within('li.campaign_id', f.campaignIds);
  within('c.funding_instrument_id', f.fundingInstrumentIds);
  within('li.id', f.lineItemIds);
  if (f.q !== undefined) {
    // Name prefix, case-insensitive, as q reads on accounts (seed); LIKE's wildcards taken literally.
    where.push("LOWER(li.name) LIKE ? ESCAPE '\\'");
    args.push(f.q.toLowerCase().replace(/[\\%_]/g, (ch) => '\\' + ch) + '%');
  }
  if (!f.withDraft) where.push("li.entity_status <> 'DRAFT'");
  // The campaign is joined only to filter by its funding instrument: the wire form carries the rest.
  const from = f.fundingInstrumentIds
    ? 'ads_line_items li JOIN ads_campaigns c ON c.id = li.campaign_id'
    : 'ads_line_items li';
  const sortValue = SORT[q.sort.attr as keyof typeof SORT];
  const select = `SELECT li.id, ${sortValue} AS sort_value, li.wire FROM ${from}`;
  return { select, where, args, sortExpr: SORT, deletedColumn: 'li.deleted', idColumn: 'li.id' };
}

export async function listLineItems(db: Queryable, f: LineItemFilter, q: ListQuery) {
  return listRows<LineItemListRow>(db, listSql(f, q), q);
}

/** Full rows by id (for list rows stored before their wire form was). */
export async function fullLineItemsByIds(db: Queryable, accountId: string, ids: string[]) {
  return db.all<LineItemFullRow>(`${SELECT} WHERE li.account_id = ? AND li.id IN (${marks(ids.length)})`, [
    accountId,
    ...ids,
  ]);
}

export async function insertLineItem(db: Queryable, row: LineItemRow, wire: string): Promise<void> {
  await insertObject(db, 'ads_line_items', { ...row, wire });
}

/** Writes every given column of the row and its new wire form. */
export async function updateLineItem(
  db: Queryable,
  id: string,
  fields: Partial<LineItemRow> & { wire: string },
): Promise<void> {
  const cols = Object.keys(fields);
  await db.run(`UPDATE ads_line_items SET ${cols.map((k) => `${k} = ?`).join(', ')} WHERE id = ?`, [
    ...(Object.values(fields) as never[]),
    id,
  ]);
}

/** One line item of the campaign that is not deleted: all of them share objective and product type. */
export async function siblingOf(db: Queryable, campaignId: string) {
  return db.get<{ objective: string; product_type: string }>(
    'SELECT objective, product_type FROM ads_line_items WHERE campaign_id = ? AND deleted = 0 ORDER BY id LIMIT 1',
    [campaignId],
  );
}

export async function countInCampaign(db: Queryable, campaignId: string): Promise<number> {
  const row = await db.get<{ n: number }>(
    'SELECT COUNT(*) AS n FROM ads_line_items WHERE campaign_id = ? AND deleted = 0',
    [campaignId],
  );
  return Number(row?.n ?? 0);
}

/**
 * What a campaign's servability depends on in its line items (campaigns.rules.ts `servability`), for
 * a page of campaigns in one query: how many are not deleted, how many of those have not ended by
 * `now`, and how many have a daily budget. Campaigns receive it through line-items/index.ts.
 */
export async function lineItemSummaries(
  db: Queryable,
  accountId: string,
  campaignIds: readonly string[],
  now: number,
): Promise<Array<{ campaign_id: string; line_items: number; unfinished: number; with_daily_budget: number }>> {
  if (campaignIds.length === 0) return [];
  const rows = await db.all<{ campaign_id: string; line_items: number; unfinished: number; with_daily_budget: number }>(
    `SELECT campaign_id, COUNT(*) AS line_items,
            SUM(CASE WHEN end_time IS NULL OR end_time > ? THEN 1 ELSE 0 END) AS unfinished,
            SUM(CASE WHEN daily_budget_amount_local_micro IS NULL THEN 0 ELSE 1 END) AS with_daily_budget
     FROM ads_line_items WHERE account_id = ? AND deleted = 0 AND campaign_id IN (${marks(campaignIds.length)})
     GROUP BY campaign_id`,
    [now, accountId, ...campaignIds],
  );
  // COUNT and SUM come back as strings from PostgreSQL.
  return rows.map((r) => ({
    campaign_id: r.campaign_id,
    line_items: Number(r.line_items),
    unfinished: Number(r.unfinished),
    with_daily_budget: Number(r.with_daily_budget),
  }));
}

/** A line item of the account that targets a custom audience, with its campaign (custom-audiences `targeted`). */
export type TargetingLineItemRow = {
  id: string;
  name: string | null;
  entity_status: string;
  end_time: number | null;
  campaign_id: string;
  campaign_name: string;
  campaign_status: string;
  campaign_deleted: number;
};

/**
 * The account's line items among `ids` (not deleted), with their campaign, ordered by campaign then
 * line item: what custom-audiences `targeted` lists once targeting-criteria has named the line items
 * that target an audience (composed in ads/index.ts). The campaign's table is read here, never written.
 */
export async function lineItemsWithCampaigns(db: Queryable, accountId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db.all<TargetingLineItemRow>(
    `SELECT li.id, li.name, li.entity_status, li.end_time, li.campaign_id, c.name AS campaign_name,
       c.entity_status AS campaign_status, c.deleted AS campaign_deleted
     FROM ads_line_items li JOIN ads_campaigns c ON c.id = li.campaign_id
     WHERE li.account_id = ? AND li.deleted = 0 AND li.id IN (${marks(ids.length)})
     ORDER BY li.campaign_id, li.id`,
    [accountId, ...ids],
  );
}
