// JSON for hot responses: objects marked stable (immutable views of cached rows) keep their JSON
// as UTF-8 bytes, so a response of 100 posts is mostly a copy of ready bytes: no JSON.stringify, and
// no encoding or length scan of one large string per response (Fastify measures a string payload
// once for Content-Length and encodes it again to write it).
const bytes = new WeakMap<object, Buffer>();
const stable = new WeakSet<object>();

/** Promises that `o` will never change again, so its JSON may be reused. */
export function markStable<T extends object>(o: T): T {
  stable.add(o);
  return o;
}

type Parts = { chunks: Buffer[]; text: string };

/** Appends text, kept pending until the next ready chunk so that small pieces are encoded together. */
const add = (p: Parts, s: string) => { p.text += s; };

function addBytes(p: Parts, b: Buffer): void {
  if (p.text) { p.chunks.push(Buffer.from(p.text)); p.text = ''; }
  p.chunks.push(b);
}

/** A value the way JSON.stringify writes it, reusing the bytes of stable objects. */
function addText(p: Parts, o: unknown): void {
  if (o === null || typeof o !== 'object' || !stable.has(o)) return add(p, JSON.stringify(o) ?? 'null');
  let b = bytes.get(o);
  if (b === undefined) {
    b = Buffer.from(JSON.stringify(o));
    bytes.set(o, b);
  }
  addBytes(p, b);
}

function addValue(p: Parts, v: unknown): void {
  if (Array.isArray(v)) {
    add(p, '[');
    v.forEach((x, i) => { if (i) add(p, ','); addText(p, x); });
    return add(p, ']');
  }
  if (v && typeof v === 'object' && !stable.has(v)) {
    add(p, '{');
    let first = true;
    for (const [k, x] of Object.entries(v)) {
      if (x === undefined) continue;
      add(p, `${first ? '' : ','}${JSON.stringify(k)}:`);
      first = false;
      addValue(p, x);
    }
    return add(p, '}');
  }
  addText(p, v);
}

/** The JSON bytes of a response envelope (`data`, `includes`, `errors`, `meta`), reusing stable parts. */
export function envelopeBytes(env: Record<string, unknown>): Buffer {
  const p: Parts = { chunks: [], text: '' };
  addValue(p, env);
  if (p.text) p.chunks.push(Buffer.from(p.text));
  return p.chunks.length === 1 ? p.chunks[0]! : Buffer.concat(p.chunks);
}
