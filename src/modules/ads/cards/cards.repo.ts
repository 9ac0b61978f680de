// Every SQL statement of v12 cards (ads_cards, migration 0018).
import type { Queryable } from '../../../store/index.js';
import { insertObject } from '../../../store/insert.js';
import { listRows, type ListSql } from '../kit/list-sql.js';
import type { ListQuery } from '../kit/list.js';

export type CardRow = {
  id: string;
  account_id: string;
  name: string;
  card_type: string;
  card_uri: string;
  /** JSON TEXT of the components as answered; null on a slides card. */
  components: string | null;
  /** JSON TEXT of the slides as answered; null on a components card. */
  slides: string | null;
  created_at: number;
  updated_at: number;
  deleted: number;
};

/** Sortable attributes of cards (notes §4): created_at, updated_at, deleted, name; none is NULL. */
export const SORT_EXPR: Record<string, string> = {
  created_at: 'created_at',
  updated_at: 'updated_at',
  deleted: 'deleted',
  name: 'name',
};

export type CardFilter = {
  accountId: string;
  cardTypes?: string[];
  ids?: string[];
  uris?: string[];
  /** A case-insensitive prefix of the name (seed: "q (name prefix, max 80)"). */
  q?: string;
};

const marks = (xs: readonly unknown[]) => xs.map(() => '?').join(', ');
const likeLiteral = (s: string) => s.toLowerCase().replace(/[\\%_]/g, (c) => '\\' + c);

function listSql(f: CardFilter): ListSql {
  const where = ['account_id = ?'];
  const args: unknown[] = [f.accountId];
  for (const [column, values] of [
    ['card_type', f.cardTypes],
    ['id', f.ids],
    ['card_uri', f.uris],
  ] as const) {
    if (!values) continue;
    where.push(`${column} IN (${marks(values)})`);
    args.push(...values);
  }
  if (f.q !== undefined) {
    // LIKE's wildcards in the query are taken literally.
    where.push("LOWER(name) LIKE ? ESCAPE '\\'");
    args.push(likeLiteral(f.q) + '%');
  }
  return { select: 'SELECT * FROM ads_cards', where, args, sortExpr: SORT_EXPR };
}

export async function listCards(db: Queryable, f: CardFilter, q: ListQuery) {
  return listRows<CardRow>(db, listSql(f), q);
}

export async function cardById(db: Queryable, accountId: string, id: string): Promise<CardRow | undefined> {
  return db.get<CardRow>('SELECT * FROM ads_cards WHERE account_id = ? AND id = ?', [accountId, id]);
}

export async function cardsByUris(db: Queryable, accountId: string, uris: readonly string[]): Promise<CardRow[]> {
  if (uris.length === 0) return [];
  return db.all<CardRow>(`SELECT * FROM ads_cards WHERE account_id = ? AND card_uri IN (${marks(uris)})`, [
    accountId,
    ...uris,
  ]);
}

export async function insertCard(db: Queryable, row: CardRow): Promise<void> {
  await insertObject(db, 'ads_cards', row);
}

export async function updateCard(
  db: Queryable,
  id: string,
  set: Pick<CardRow, 'name' | 'card_type' | 'components' | 'slides' | 'updated_at'>,
): Promise<void> {
  await db.run(
    'UPDATE ads_cards SET name = ?, card_type = ?, components = ?, slides = ?, updated_at = ? WHERE id = ?',
    [set.name, set.card_type, set.components, set.slides, set.updated_at, id],
  );
}

export async function markDeleted(db: Queryable, id: string, at: number): Promise<void> {
  await db.run('UPDATE ads_cards SET deleted = 1, updated_at = ? WHERE id = ?', [at, id]);
}
