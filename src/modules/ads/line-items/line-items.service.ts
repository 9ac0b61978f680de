// Line items: list, get, create, update, delete, and the operations of a batch (notes §8.3, §3.3).
// Every write is one transaction that also records the change in the account history; the rules are
// line-items.rules.ts, checked before anything is written.
import type { Deps } from '../../../deps.js';
import type { Queryable } from '../../../store/index.js';
import { campaignById } from '../campaigns/index.js';
import { fundingInstrumentById } from '../funding-instruments/index.js';
import type { AdsAccount } from '../kit/account.js';
import { notFound } from '../kit/errors.js';
import { recordChange, type ChangeType } from '../kit/history.js';
import { newId36 } from '../kit/ids.js';
import { pageOf, type ListQuery } from '../kit/list.js';
import { preRendered } from '../kit/router.js';
import * as repo from './line-items.repo.js';
import type { LineItemFullRow, LineItemListRow, LineItemRow } from './line-items.repo.js';
import {
  checkRoom,
  checkSameAsSiblings,
  resolveCreate,
  resolveUpdate,
  type LineItemChanges,
  type NewLineItem,
  type Parent,
} from './line-items.rules.js';
import { columnsOf, lineItemView, stateOf, type LineItemView } from './line-items.view.js';

/** Who writes, to which account. */
export type Writer = { deps: Deps; account: AdsAccount; userId: string };

export type Filters = {
  campaign_ids?: string[];
  funding_instrument_ids?: string[];
  line_item_ids?: string[];
  q?: string;
  with_draft: boolean;
};

const fullView = (account: AdsAccount) => (r: LineItemFullRow) =>
  lineItemView(r, { currency: r.currency ?? account.currency, fundingInstrumentId: r.funding_instrument_id });

export async function listLineItems(deps: Deps, account: AdsAccount, f: Filters, q: ListQuery) {
  const filter = {
    accountId: account.id,
    campaignIds: f.campaign_ids,
    fundingInstrumentIds: f.funding_instrument_ids,
    lineItemIds: f.line_item_ids,
    q: f.q,
    withDraft: f.with_draft,
  };
  const { rows, total } = await repo.listLineItems(deps.db, filter, q);
  const old = rows.filter((r) => storedWire(r) === null).map((r) => r.id);
  const rendered = new Map<string, string>();
  if (old.length)
    for (const r of await repo.fullLineItemsByIds(deps.db, account.id, old))
      rendered.set(r.id, JSON.stringify(fullView(account)(r)));
  const page = pageOf(rows, q, sortValueOf, (r) => storedWire(r) ?? rendered.get(r.id)!, total);
  return { ...page, data: preRendered(page.data) };
}

const sortValueOf = (r: LineItemListRow) => r.sort_value;

/**
 * The row's stored wire form, or null where it must be rendered from the columns: rows from before it
 * (migration 0020) have NULL, and a snapshot taken before it became text (migration 0038) restores
 * it as bytes (a Buffer on SQLite, bytea's hex text `\x7b…` in PostgreSQL's TEXT column).
 */
const storedWire = (r: LineItemListRow) => (typeof r.wire === 'string' && r.wire.startsWith('{') ? r.wire : null);

/** `Line Item gsmga was not found for Account xxxx` (the real text, notes §3.2). */
const lineItemNotFound = (account: AdsAccount, id: string) => notFound('Line Item', id, account.id, 'line_item_id');

export async function getLineItem(deps: Deps, account: AdsAccount, id: string, withDeleted: boolean) {
  const row = await repo.fullLineItemById(deps.db, account.id, id);
  if (!row || (row.deleted && !withDeleted)) throw lineItemNotFound(account, id);
  return fullView(account)(row);
}

/**
 * The parent campaign (this account's, and not deleted for a new line item) as the rules see it, and
 * the currency of its funding instrument, which the line item shows (the account's if it has none).
 */
async function parentOf(w: Writer, tx: Queryable, campaignId: string, forCreate: boolean) {
  const campaign = await campaignById(tx, w.account.id, campaignId);
  if (!campaign || (forCreate && campaign.deleted)) throw notFound('Campaign', campaignId, w.account.id, 'campaign_id');
  const parent: Parent = {
    budgetOptimization: campaign.budget_optimization,
    advertiserUserId: w.account.owner_user_id,
  };
  const fi = await fundingInstrumentById(tx, w.account.id, campaign.funding_instrument_id);
  return { parent, currency: fi?.currency ?? w.account.currency, fundingInstrumentId: campaign.funding_instrument_id };
}

type Parentage = Awaited<ReturnType<typeof parentOf>>;

/**
 * The line item as GET and lists show it, stored with the row (migration 0020). Nothing in it can
 * change without a write of the line item: a campaign's funding instrument and that instrument's
 * currency are fixed once made.
 */
const wireOf = (row: LineItemRow, p: Parentage) =>
  JSON.stringify(lineItemView(row, { currency: p.currency, fundingInstrumentId: p.fundingInstrumentId }));

/** A written line item: its row and the object the single calls answer (no funding_instrument_id). */
export type Written = { row: LineItemRow; view: LineItemView };

async function record(
  w: Writer,
  tx: Queryable,
  change: ChangeType,
  currency: string,
  after: LineItemRow,
  before?: LineItemRow,
): Promise<Written> {
  const plainView = (r: LineItemRow) => lineItemView(r, { currency });
  await recordChange(tx, w.deps.ids, {
    accountId: w.account.id,
    entityType: 'LINE_ITEM',
    entityId: after.id,
    changeType: change,
    at: after.updated_at,
    userId: w.userId,
    after: plainView(after),
    before: before ? plainView(before) : null,
  });
  return { row: after, view: plainView(after) };
}

export async function createInTx(w: Writer, tx: Queryable, p: NewLineItem & { campaign_id: string }): Promise<Written> {
  const parentage = await parentOf(w, tx, p.campaign_id, true);
  const { parent, currency } = parentage;
  checkSameAsSiblings(p.campaign_id, await repo.siblingOf(tx, p.campaign_id), p.objective, p.product_type);
  checkRoom(p.campaign_id, await repo.countInCampaign(tx, p.campaign_id));
  const state = resolveCreate(p, parent);
  const now = w.deps.clock.now();
  const row: LineItemRow = {
    id: newId36(w.deps.ids),
    account_id: w.account.id,
    campaign_id: p.campaign_id,
    ...columnsOf(state),
    target_cpa_local_micro: null,
    automatic_tweet_promotion: null,
    creative_source: 'MANUAL',
    created_at: now,
    updated_at: now,
    deleted: 0,
  };
  await repo.insertLineItem(tx, row, wireOf(row, parentage));
  return record(w, tx, 'CREATE', currency, row);
}

async function liveRow(w: Writer, tx: Queryable, id: string): Promise<LineItemRow> {
  const row = await repo.lineItemById(tx, w.account.id, id);
  if (!row || row.deleted) throw lineItemNotFound(w.account, id);
  return row;
}

export async function updateInTx(w: Writer, tx: Queryable, id: string, p: LineItemChanges): Promise<Written> {
  const before = await liveRow(w, tx, id);
  const parentage = await parentOf(w, tx, before.campaign_id, false);
  const state = resolveUpdate(stateOf(before), p, parentage.parent);
  const after: LineItemRow = { ...before, ...columnsOf(state), updated_at: w.deps.clock.now() };
  const { id: _id, account_id: _a, campaign_id: _c, created_at: _t, ...changed } = after;
  await repo.updateLineItem(tx, id, { ...changed, wire: wireOf(after, parentage) });
  return record(w, tx, 'UPDATE', parentage.currency, after, before);
}

/**
 * Soft delete; a second delete is 404 (seed). Child promoted posts are left as they are: "We do not
 * cascade deletes" (DOCS DELETE line_items).
 */
export async function deleteInTx(w: Writer, tx: Queryable, id: string): Promise<Written> {
  const before = await liveRow(w, tx, id);
  const parentage = await parentOf(w, tx, before.campaign_id, false);
  const after: LineItemRow = { ...before, deleted: 1, updated_at: w.deps.clock.now() };
  await repo.updateLineItem(tx, id, { deleted: 1, updated_at: after.updated_at, wire: wireOf(after, parentage) });
  return record(w, tx, 'DELETE', parentage.currency, after, before);
}

// The single calls: one transaction each, answering the line item as their examples show it.
export async function createLineItem(w: Writer, p: NewLineItem & { campaign_id: string }) {
  return (await w.deps.db.tx((tx) => createInTx(w, tx, p))).view;
}
export async function updateLineItem(w: Writer, id: string, p: LineItemChanges) {
  return (await w.deps.db.tx((tx) => updateInTx(w, tx, id, p))).view;
}
export async function deleteLineItem(w: Writer, id: string) {
  return (await w.deps.db.tx((tx) => deleteInTx(w, tx, id))).view;
}

/** The rows as GET shows them (with the campaign's funding instrument), read in `tx`. */
export async function fullViews(w: Writer, tx: Queryable, rows: LineItemRow[]) {
  const out: LineItemView[] = [];
  for (const r of rows) out.push(fullView(w.account)((await repo.fullLineItemById(tx, w.account.id, r.id))!));
  return out;
}
