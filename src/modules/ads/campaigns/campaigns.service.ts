// Campaigns (notes §8.2): list, get, create, update, delete, each write one transaction that also
// records the change in account history (kit/history.ts). The write steps take a transaction so a
// batch (campaigns.batch.ts, through kit/batch.ts) runs several in one, all or nothing.
import type { Deps } from '../../../deps.js';
import type { Queryable } from '../../../store/index.js';
import type { AdsAccount } from '../kit/account.js';
import { adsErrors, notFound } from '../kit/errors.js';
import { recordChange, type ChangeType } from '../kit/history.js';
import { newId36 } from '../kit/ids.js';
import { pageOf, type ListQuery } from '../kit/list.js';
import { fundingInstrumentById, fundingInstrumentsByIds, fundingState } from '../funding-instruments/index.js';
import * as repo from './campaigns.repo.js';
import type { CampaignChange, CampaignRow } from './campaigns.repo.js';
import {
  activeLimitFailures,
  budgetFailures,
  createBudget,
  nameFailures,
  NO_LINE_ITEMS,
  servability,
  updateBudget,
  type Budget,
  type BudgetParams,
  type LineItemSummary,
} from './campaigns.rules.js';
import { campaignSnapshot, campaignView } from './campaigns.view.js';

export type CampaignView = ReturnType<typeof campaignView>;

/**
 * The line item summaries of a page of campaigns (line-items/index.ts `lineItemSummaries`, which reads
 * their table). Handed in by the caller (the composition root, ads/index.ts, and the demo): line
 * items import campaigns for their parent, so campaigns cannot import line items back without a
 * module cycle (scripts/check-imports.mjs).
 */
export type LineItemSummaries = (
  db: Queryable,
  accountId: string,
  campaignIds: readonly string[],
  now: number,
) => Promise<Array<LineItemSummary & { campaign_id: string }>>;

/** What reads of campaigns need: the store and their line items' summaries. */
export type Campaigns = { deps: Deps; lineItemSummaries: LineItemSummaries };

/** Who makes a change, and where: what every write step needs. */
export type Writer = Campaigns & { account: AdsAccount; userId: string };

/** The wire objects of `rows`: each needs its funding instrument and its line items' summary. */
export async function viewsOf(c: Campaigns, db: Queryable, account: AdsAccount, rows: CampaignRow[], now: number) {
  const fiIds = [...new Set(rows.map((r) => r.funding_instrument_id))];
  const fis = new Map((await fundingInstrumentsByIds(db, account.id, fiIds)).map((f) => [f.id, f]));
  const ids = rows.map((r) => r.id);
  const counts = new Map((await c.lineItemSummaries(db, account.id, ids, now)).map((x) => [x.campaign_id, x]));
  return rows.map((r) => {
    const fi = fis.get(r.funding_instrument_id);
    const able = fi ? fundingState(fi, now).able_to_fund : false;
    return campaignView(r, servability(r, counts.get(r.id) ?? NO_LINE_ITEMS, able), fi?.currency ?? account.currency);
  });
}

export type CampaignFilters = {
  campaign_ids?: string[];
  funding_instrument_ids?: string[];
  q?: string;
  with_draft: boolean;
};

export async function listCampaigns(c: Campaigns, account: AdsAccount, p: CampaignFilters, q: ListQuery) {
  const { deps } = c;
  const filter = {
    accountId: account.id,
    campaignIds: p.campaign_ids,
    fundingInstrumentIds: p.funding_instrument_ids,
    q: p.q,
    withDraft: p.with_draft,
  };
  const { rows, total } = await repo.listCampaigns(deps.db, filter, q);
  const page = pageOf(
    rows,
    q,
    (r) => repo.sortValueOf(r, q.sort.attr),
    (r) => r,
    total,
  );
  return { ...page, data: await viewsOf(c, deps.db, account, page.data, deps.clock.now()) };
}

/** The campaign, if the account has it; a deleted one only with `with_deleted` (notes §1). */
export async function requireCampaign(db: Queryable, accountId: string, id: string, withDeleted = false) {
  const row = await repo.campaignById(db, accountId, id);
  if (!row || (row.deleted && !withDeleted)) throw notFound('Campaign', id, accountId, 'campaign_id');
  return row;
}

export async function getCampaign(c: Campaigns, account: AdsAccount, id: string, withDeleted: boolean) {
  const row = await requireCampaign(c.deps.db, account.id, id, withDeleted);
  return (await viewsOf(c, c.deps.db, account, [row], c.deps.clock.now()))[0]!;
}

async function record(w: Writer, tx: Queryable, type: ChangeType, after: CampaignRow, before?: CampaignRow) {
  await recordChange(tx, w.deps.ids, {
    accountId: w.account.id,
    entityType: 'CAMPAIGN',
    entityId: after.id,
    changeType: type,
    at: after.updated_at,
    userId: w.userId,
    after: campaignSnapshot(after),
    before: before ? campaignSnapshot(before) : null,
  });
}

/** One more active campaign must fit under the limit; the account row is held so the count stays true. */
async function checkActiveLimit(tx: Queryable, accountId: string) {
  await repo.lockAccount(tx, accountId);
  const failures = activeLimitFailures(await repo.countActiveCampaigns(tx, accountId), accountId);
  if (failures.length) throw adsErrors(failures);
}

export type NewCampaign = BudgetParams & {
  funding_instrument_id: string;
  name: string;
  entity_status: string;
  purchase_order_number?: string;
};

export async function createInTx(w: Writer, tx: Queryable, p: NewCampaign): Promise<CampaignRow> {
  const budget = createBudget(p);
  const failures = [...nameFailures(p.name), ...budgetFailures(budget, p)];
  if (failures.length) throw adsErrors(failures);
  const fi = await fundingInstrumentById(tx, w.account.id, p.funding_instrument_id);
  if (!fi || fi.deleted)
    throw notFound('Funding Instrument', p.funding_instrument_id, w.account.id, 'funding_instrument_id');
  if (p.entity_status === 'ACTIVE') await checkActiveLimit(tx, w.account.id);
  const now = w.deps.clock.now();
  const row: CampaignRow = {
    id: newId36(w.deps.ids),
    account_id: w.account.id,
    funding_instrument_id: fi.id,
    name: p.name,
    ...budgetColumns(budget),
    entity_status: p.entity_status,
    purchase_order_number: p.purchase_order_number || null,
    duration_in_days: null,
    frequency_cap: null,
    created_at: now,
    updated_at: now,
    deleted: 0,
  };
  await repo.insertCampaign(tx, row);
  await record(w, tx, 'CREATE', row);
  return row;
}

function budgetOf(c: CampaignRow): Budget {
  return {
    budget_optimization: c.budget_optimization,
    daily_budget_amount_local_micro: c.daily_budget_amount_local_micro,
    total_budget_amount_local_micro: c.total_budget_amount_local_micro,
    standard_delivery: c.standard_delivery === null ? null : Boolean(c.standard_delivery),
  };
}

function budgetColumns(b: Budget) {
  return {
    budget_optimization: b.budget_optimization,
    daily_budget_amount_local_micro: b.daily_budget_amount_local_micro,
    total_budget_amount_local_micro: b.total_budget_amount_local_micro,
    standard_delivery: b.standard_delivery === null ? null : b.standard_delivery ? 1 : 0,
  };
}

export type CampaignUpdate = BudgetParams & {
  name?: string;
  entity_status?: string;
  purchase_order_number?: string | null;
};

/** How many of the campaign's line items have a daily budget, needed only when it switches to CAMPAIGN. */
async function lineItemDailyBudgets(w: Writer, tx: Queryable, current: CampaignRow, p: CampaignUpdate) {
  if (p.budget_optimization !== 'CAMPAIGN' || current.budget_optimization === 'CAMPAIGN') return 0;
  const [counts] = await w.lineItemSummaries(tx, w.account.id, [current.id], w.deps.clock.now());
  return counts?.with_daily_budget ?? 0;
}

export async function updateInTx(w: Writer, tx: Queryable, id: string, p: CampaignUpdate): Promise<CampaignRow> {
  const current = await requireCampaign(tx, w.account.id, id);
  if (Object.values(p).every((v) => v === undefined)) return current;
  const budget = updateBudget(budgetOf(current), p);
  const dailies = await lineItemDailyBudgets(w, tx, current, p);
  const failures = [...nameFailures(p.name), ...budgetFailures(budget, p, dailies)];
  if (failures.length) throw adsErrors(failures);
  if (p.entity_status === 'ACTIVE' && current.entity_status !== 'ACTIVE') await checkActiveLimit(tx, w.account.id);
  const change: CampaignChange = { ...budgetColumns(budget) };
  if (p.name !== undefined) change.name = p.name;
  if (p.entity_status !== undefined) change.entity_status = p.entity_status;
  // "You can un-set an optional value by specifying the parameter with an empty string" (notes §1).
  if (p.purchase_order_number !== undefined) change.purchase_order_number = p.purchase_order_number || null;
  await repo.updateCampaign(tx, w.account.id, id, change, w.deps.clock.now());
  const after = (await repo.campaignById(tx, w.account.id, id))!;
  await record(w, tx, 'UPDATE', after, current);
  return after;
}

/** Deleting is irreversible; "subsequent attempts to delete the resource will return HTTP 404" (DOCS). */
export async function deleteInTx(w: Writer, tx: Queryable, id: string): Promise<CampaignRow> {
  const current = await requireCampaign(tx, w.account.id, id);
  await repo.updateCampaign(tx, w.account.id, id, { deleted: 1 }, w.deps.clock.now());
  const after = (await repo.campaignById(tx, w.account.id, id))!;
  await record(w, tx, 'DELETE', after, current);
  return after;
}

/** One write step in its own transaction, answered as the wire object. */
export async function write(w: Writer, step: (tx: Queryable) => Promise<CampaignRow>): Promise<CampaignView> {
  return w.deps.db.tx(async (tx) => {
    const row = await step(tx);
    return (await viewsOf(w, tx, w.account, [row], w.deps.clock.now()))[0]!;
  });
}
