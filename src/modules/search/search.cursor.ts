// Search and count page tokens: lowercase base-36 like the real ones (SPEC `PaginationToken36`,
// example `b26v89c19zqg8o3fobd8v73egzbdt3qao235oql`). A token carries the resolved time window and
// the position after the last item shown, so it never expires and the same token always yields
// the same page (notes §5, DOCS paginate.mdx) even though the default window moves with the clock.
import type { Window } from './search.window.js';

/** The last item shown, in (created_at, seq) order; the next page starts strictly below it. */
export type Position = { createdAt: number; seq: string };
export type Cursor = { window: Window; position: Position };

const WIDTH = { time: 9, seq: 13 };
const VERSION = 's';

const field = (n: bigint, width: number) => n.toString(36).padStart(width, '0');

export function encodeCursor(c: Cursor): string {
  return (
    VERSION +
    [c.window.start, c.window.end, c.position.createdAt].map((t) => field(BigInt(t), WIDTH.time)).join('') +
    field(BigInt(c.position.seq), WIDTH.seq)
  );
}

function readField(s: string, from: number, width: number): bigint | null {
  const part = s.slice(from, from + width);
  if (!/^[0-9a-z]+$/.test(part)) return null;
  let n = 0n;
  for (const ch of part) n = n * 36n + BigInt(parseInt(ch, 36));
  return n;
}

/** The cursor a token names, or null when it is not one of ours. */
export function decodeCursor(token: string): Cursor | null {
  if (token.length !== 1 + 3 * WIDTH.time + WIDTH.seq || token[0] !== VERSION) return null;
  const [start, end, createdAt] = [0, 1, 2].map((i) => readField(token, 1 + i * WIDTH.time, WIDTH.time));
  const seq = readField(token, 1 + 3 * WIDTH.time, WIDTH.seq);
  if (start === null || end === null || createdAt === null || seq === null || seq >= 10n ** 19n) return null;
  return {
    window: { start: Number(start), end: Number(end) },
    position: { createdAt: Number(createdAt), seq: seq.toString().padStart(19, '0') },
  };
}
