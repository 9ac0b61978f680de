// Every SQL statement of custom audiences, their members (migration 0022) and the users batches waiting
// to be processed into them (migration 0037, docs/adr/0025). The permissions table belongs to
// audience-permissions, which writes it; this module only reads it, to know which accounts an audience
// is shared with (the way line items read their campaign's funding instrument).
import { marks, type Param, type Queryable } from '../../../store/index.js';
import { insertObject } from '../../../store/insert.js';
import { listRows, type ListSql } from '../kit/list-sql.js';
import type { ListQuery } from '../kit/list.js';
import { chunks } from '../../../shared/arrays.js';

export type AudienceRow = {
  id: string;
  account_id: string;
  name: string;
  description: string | null;
  processed_at: number;
  created_at: number;
  updated_at: number;
  deleted: number;
};

export type MemberRow = { ident: string; member: string; effective_at: number; expires_at: number };

const SORT = { created_at: 'created_at', updated_at: 'updated_at', deleted: 'deleted', name: 'name' };
/** Rows per statement: 5 columns × 500 stays far below every store's parameter cap. */
const CHUNK = 500;

export type AudienceFilter = {
  accountId: string;
  scope: 'OWNER' | 'SHARED';
  ids?: string[];
  q?: string;
};

function listSql(f: AudienceFilter): ListSql {
  const where: string[] = [];
  const args: unknown[] = [];
  if (f.scope === 'OWNER') {
    where.push('account_id = ?');
    args.push(f.accountId);
  } else {
    where.push(
      'id IN (SELECT custom_audience_id FROM ads_custom_audience_permissions WHERE granted_account_id = ? AND deleted = 0)',
    );
    args.push(f.accountId);
  }
  if (f.ids) {
    where.push(`id IN (${marks(f.ids.length)})`);
    args.push(...f.ids);
  }
  if (f.q !== undefined) {
    // Name prefix, case-insensitive (notes §10.1 "q (prefix, 1–255)"); LIKE's wildcards taken literally.
    where.push("LOWER(name) LIKE ? ESCAPE '\\'");
    args.push(f.q.toLowerCase().replace(/[\\%_]/g, (ch) => '\\' + ch) + '%');
  }
  return { select: 'SELECT * FROM ads_custom_audiences', where, args, sortExpr: SORT };
}

export async function listAudiences(db: Queryable, f: AudienceFilter, q: ListQuery) {
  return listRows<AudienceRow>(db, listSql(f), q);
}

export async function audienceById(db: Queryable, id: string): Promise<AudienceRow | undefined> {
  return db.get<AudienceRow>('SELECT * FROM ads_custom_audiences WHERE id = ?', [id]);
}

/** A live audience of the account with this name (names are unique per account, notes §10.1). */
export async function audienceNamed(db: Queryable, accountId: string, name: string) {
  return db.get<{ id: string }>(
    'SELECT id FROM ads_custom_audiences WHERE account_id = ? AND name = ? AND deleted = 0',
    [accountId, name],
  );
}

export async function insertAudience(db: Queryable, row: AudienceRow): Promise<void> {
  await insertObject(db, 'ads_custom_audiences', row);
}

export async function updateAudience(
  db: Queryable,
  id: string,
  fields: Partial<Pick<AudienceRow, 'name' | 'description' | 'processed_at' | 'updated_at' | 'deleted'>>,
): Promise<void> {
  const cols = Object.keys(fields);
  await db.run(`UPDATE ads_custom_audiences SET ${cols.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`, [
    ...(Object.values(fields) as Param[]),
    id,
  ]);
}

// ---- sharing (read only here)

/** The permission level granted to the account, or null: live grants only, unless `evenRevoked`. */
export async function grantedLevel(
  db: Queryable,
  audienceId: string,
  accountId: string,
  evenRevoked = false,
): Promise<string | null> {
  const row = await db.get<{ permission_level: string }>(
    `SELECT permission_level FROM ads_custom_audience_permissions
     WHERE custom_audience_id = ? AND granted_account_id = ?${evenRevoked ? '' : ' AND deleted = 0'}
     ORDER BY deleted, id DESC LIMIT 1`,
    [audienceId, accountId],
  );
  return row?.permission_level ?? null;
}

/** The live grants to the account among these audiences, by audience. */
export async function grantedLevels(db: Queryable, audienceIds: string[], accountId: string) {
  const out = new Map<string, string>();
  for (const ids of chunks(audienceIds, CHUNK)) {
    const rows = await db.all<{ custom_audience_id: string; permission_level: string }>(
      `SELECT custom_audience_id, permission_level FROM ads_custom_audience_permissions
       WHERE granted_account_id = ? AND deleted = 0 AND custom_audience_id IN (${marks(ids.length)})`,
      [accountId, ...ids],
    );
    for (const r of rows) out.set(r.custom_audience_id, r.permission_level);
  }
  return out;
}

// ---- members (migration 0022: a row per user keyed by its first identifier; its other identifiers aside)

/** Live members (effective_at <= now < expires_at), a row per user, by audience. */
export async function liveSizes(db: Queryable, audienceIds: string[], now: number): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const ids of chunks(audienceIds, CHUNK)) {
    const rows = await db.all<{ audience_id: string; n: number }>(
      `SELECT audience_id, COUNT(*) AS n FROM ads_custom_audience_members
       WHERE audience_id IN (${marks(ids.length)}) AND effective_at <= ? AND expires_at > ? GROUP BY audience_id`,
      [...ids, now, now],
    );
    for (const r of rows) out.set(r.audience_id, Number(r.n));
  }
  return out;
}

/** What the store holds for these identifiers: which are users' keys, and the user key of the others. */
export async function storedIdents(db: Queryable, audienceId: string, idents: string[]) {
  const keys = new Set<string>();
  const side = new Map<string, string>();
  for (const part of chunks(idents, CHUNK)) {
    const args = [audienceId, ...part];
    const inList = marks(part.length);
    for (const r of await db.all<{ ident: string }>(
      `SELECT ident FROM ads_custom_audience_members WHERE audience_id = ? AND ident IN (${inList})`,
      args,
    ))
      keys.add(r.ident);
    for (const r of await db.all<{ ident: string; member: string }>(
      `SELECT ident, member FROM ads_custom_audience_idents WHERE audience_id = ? AND ident IN (${inList})`,
      args,
    ))
      side.set(r.ident, r.member);
  }
  return { keys, side };
}

/** Removes these users (by key) and every other identifier stored for them. */
export async function deleteMembers(db: Queryable, audienceId: string, members: string[]): Promise<void> {
  for (const part of chunks(members, CHUNK)) {
    const args = [audienceId, ...part];
    await db.run(
      `DELETE FROM ads_custom_audience_members WHERE audience_id = ? AND ident IN (${marks(part.length)})`,
      args,
    );
    await db.run(
      `DELETE FROM ads_custom_audience_idents WHERE audience_id = ? AND member IN (${marks(part.length)})`,
      args,
    );
  }
}

/** Removes these additional identifiers (of whichever user they name). */
export async function deleteIdents(db: Queryable, audienceId: string, idents: string[]): Promise<void> {
  for (const part of chunks(idents, CHUNK))
    await db.run(`DELETE FROM ads_custom_audience_idents WHERE audience_id = ? AND ident IN (${marks(part.length)})`, [
      audienceId,
      ...part,
    ]);
}

/** Users' rows per statement: 4 parameters × 2,000 stays below every store's cap (PostgreSQL 65,535). */
const USERS_CHUNK = 2000;
const valuesSql = (head: string, row: string, n: number, tail: string) => {
  let sql = head + row;
  for (let i = 1; i < n; i++) sql += ', ' + row;
  return sql + tail;
};
const USERS_HEAD = 'INSERT INTO ads_custom_audience_members (audience_id, ident, effective_at, expires_at) VALUES ';
const USERS_TAIL = ` ON CONFLICT (audience_id, ident) DO UPDATE SET
  effective_at = excluded.effective_at, expires_at = excluded.expires_at`;
const usersSql = (n: number) => valuesSql(USERS_HEAD, '(?, ?, ?, ?)', n, USERS_TAIL);
const FULL_USERS = usersSql(USERS_CHUNK);

/**
 * Adds or renews users by key, each with its window. `keys` come sorted and distinct (a statement may
 * not touch a row twice on PostgreSQL): neighbouring rows share b-tree pages, which a batch of random
 * hashes otherwise reads and writes one row at a time.
 */
export async function upsertMembers(
  db: Queryable,
  audienceId: string,
  keys: readonly string[],
  windows: readonly { effectiveAt: number; expiresAt: number }[],
): Promise<void> {
  for (let i = 0; i < keys.length; i += USERS_CHUNK) {
    const n = Math.min(USERS_CHUNK, keys.length - i);
    const args: Param[] = new Array(n * 4);
    for (let j = 0; j < n; j++) {
      const w = windows[i + j]!;
      args[j * 4] = audienceId;
      args[j * 4 + 1] = keys[i + j]!;
      args[j * 4 + 2] = w.effectiveAt;
      args[j * 4 + 3] = w.expiresAt;
    }
    await db.run(n === USERS_CHUNK ? FULL_USERS : usersSql(n), args);
  }
}

const IDENTS_HEAD = 'INSERT INTO ads_custom_audience_idents (audience_id, ident, member) VALUES ';
const IDENTS_TAIL = ' ON CONFLICT (audience_id, ident) DO UPDATE SET member = excluded.member';

/** Points these additional identifiers (distinct) at their user's key. */
export async function upsertIdents(db: Queryable, audienceId: string, all: [string, string][]): Promise<void> {
  for (let i = 0; i < all.length; i += USERS_CHUNK) {
    const part = all.slice(i, i + USERS_CHUNK);
    const args: Param[] = [];
    for (const [ident, member] of part) args.push(audienceId, ident, member);
    await db.run(valuesSql(IDENTS_HEAD, '(?, ?, ?)', part.length, IDENTS_TAIL), args);
  }
}

// ---- changes waiting to be processed (migration 0037)

/** Takes the audience's row first: users batches and processing of one audience then go one at a time. */
export async function lockAudience(db: Queryable, id: string): Promise<void> {
  await db.run('UPDATE ads_custom_audiences SET processed_at = processed_at WHERE id = ?', [id]);
}

/** Appends a request's change after the audience's others (call after `lockAudience` or `updateAudience`). */
export async function appendChange(db: Queryable, audienceId: string, body: string): Promise<void> {
  await db.run(
    `INSERT INTO ads_custom_audience_changes (audience_id, seq, body)
     SELECT ?, COALESCE(MAX(seq), 0) + 1, ? FROM ads_custom_audience_changes WHERE audience_id = ?`,
    [audienceId, body, audienceId],
  );
}

export async function changesOf(db: Queryable, audienceId: string) {
  return db.all<{ seq: number; body: string }>(
    'SELECT seq, body FROM ads_custom_audience_changes WHERE audience_id = ? ORDER BY seq',
    [audienceId],
  );
}

export async function deleteChanges(db: Queryable, audienceId: string, upToSeq: number): Promise<void> {
  await db.run('DELETE FROM ads_custom_audience_changes WHERE audience_id = ? AND seq <= ?', [audienceId, upToSeq]);
}

/** Which of these audiences have changes waiting. */
export async function audiencesWithChanges(db: Queryable, audienceIds: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const ids of chunks(audienceIds, CHUNK))
    for (const r of await db.all<{ audience_id: string }>(
      `SELECT DISTINCT audience_id FROM ads_custom_audience_changes WHERE audience_id IN (${marks(ids.length)})`,
      ids,
    ))
      out.push(r.audience_id);
  return out;
}

/** Every audience with changes waiting, and when its processing ends. */
export async function audiencesWaiting(db: Queryable) {
  return db.all<{ id: string; processed_at: number }>(
    `SELECT id, processed_at FROM ads_custom_audiences
     WHERE id IN (SELECT DISTINCT audience_id FROM ads_custom_audience_changes)`,
  );
}
