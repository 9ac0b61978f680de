// Pagination tokens: opaque to clients, stable for the service. A token names a position in an
// ordering (the cursor id of the last or first item shown) and a direction, so a page never shifts
// when items are added meanwhile. They are at least 16 characters, as some spec parameters demand.

export type Direction = 'next' | 'prev';
export type Position = { dir: Direction; cursor: string };

const PREFIX = 'av1';

export function encodeToken(p: Position): string {
  return Buffer.from(`${PREFIX}|${p.dir === 'next' ? 'n' : 'p'}|${p.cursor}|`.padEnd(16, '~')).toString('base64url');
}

/** The position a token names, or null when it is not one of ours. */
export function decodeToken(token: string): Position | null {
  const raw = Buffer.from(token, 'base64url').toString('utf8');
  const m = /^av1\|([np])\|([0-9]{1,19})\|~*$/.exec(raw);
  return m ? { dir: m[1] === 'n' ? 'next' : 'prev', cursor: m[2]! } : null;
}

export type PageMeta = { result_count: number; next_token?: string; previous_token?: string };

/**
 * Meta for a page of items in descending cursor order. `more` says whether items exist past the
 * last one; `started` whether the request came with a token (so items may exist before the first).
 */
export function pageMeta(cursors: string[], more: boolean, started: boolean, before = true): PageMeta {
  const meta: PageMeta = { result_count: cursors.length };
  if (cursors.length === 0) return meta;
  if (more) meta.next_token = encodeToken({ dir: 'next', cursor: cursors[cursors.length - 1]! });
  if (started && before) meta.previous_token = encodeToken({ dir: 'prev', cursor: cursors[0]! });
  return meta;
}
