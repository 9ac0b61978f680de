// JSON for hot responses: objects marked stable (immutable views of cached rows) keep their JSON, so
// a response is mostly ready pieces put together instead of a full JSON.stringify. Big responses
// (many posts) are assembled as UTF-8 bytes: a copy of ready chunks, where one large string would be
// scanned once for Content-Length and encoded again to be written. Small ones stay a string, which
// costs less than allocating and joining buffers.
const texts = new WeakMap<object, string>();
const bytes = new WeakMap<object, Buffer>();
const stable = new WeakSet<object>();

/** Promises that `o` will never change again, so its JSON may be reused. */
export function markStable<T extends object>(o: T): T {
  stable.add(o);
  return o;
}

/** Stable objects at or above this count make a response worth assembling as bytes. */
const BYTES_FROM = 8;

/** The envelope flattened: JSON text pieces and the stable objects between them, in order. */
type Parts = { pieces: (string | object)[]; stableCount: number };

function addText(p: Parts, o: unknown): void {
  if (o !== null && typeof o === 'object' && stable.has(o)) {
    p.pieces.push(o);
    p.stableCount++;
  } else {
    p.pieces.push(JSON.stringify(o) ?? 'null');
  }
}

function addValue(p: Parts, v: unknown): void {
  if (Array.isArray(v)) {
    p.pieces.push('[');
    v.forEach((x, i) => {
      if (i) p.pieces.push(',');
      addText(p, x);
    });
    p.pieces.push(']');
    return;
  }
  if (v && typeof v === 'object' && !stable.has(v)) {
    let sep = '{';
    for (const [k, x] of Object.entries(v)) {
      if (x === undefined) continue;
      p.pieces.push(`${sep}${JSON.stringify(k)}:`);
      sep = ',';
      addValue(p, x);
    }
    p.pieces.push(sep === '{' ? '{}' : '}');
    return;
  }
  addText(p, v);
}

function textOf(o: object): string {
  let s = texts.get(o);
  if (s === undefined) texts.set(o, (s = JSON.stringify(o)));
  return s;
}

function bytesOf(o: object): Buffer {
  let b = bytes.get(o);
  if (b === undefined) bytes.set(o, (b = Buffer.from(texts.get(o) ?? JSON.stringify(o))));
  return b;
}

/** The JSON of a response envelope (`data`, `includes`, `errors`, `meta`), reusing stable parts. */
export function envelopeJson(env: Record<string, unknown>): string | Buffer {
  const p: Parts = { pieces: [], stableCount: 0 };
  addValue(p, env);
  if (p.stableCount < BYTES_FROM) return p.pieces.map((x) => (typeof x === 'string' ? x : textOf(x))).join('');
  const chunks: Buffer[] = [];
  let text = '';
  for (const x of p.pieces) {
    if (typeof x === 'string') {
      text += x;
      continue;
    }
    if (text) {
      chunks.push(Buffer.from(text));
      text = '';
    }
    chunks.push(bytesOf(x));
  }
  if (text) chunks.push(Buffer.from(text));
  return Buffer.concat(chunks);
}
