// JSON for hot responses: objects marked stable (immutable views of cached rows) keep their JSON
// text, so a response of 100 posts is mostly string joins instead of a full JSON.stringify.
const texts = new WeakMap<object, string>();
const stable = new WeakSet<object>();

/** Promises that `o` will never change again, so its JSON text may be reused. */
export function markStable<T extends object>(o: T): T {
  stable.add(o);
  return o;
}

function text(o: unknown): string {
  if (o === null || typeof o !== 'object' || !stable.has(o)) return JSON.stringify(o);
  let s = texts.get(o);
  if (s === undefined) {
    s = JSON.stringify(o);
    texts.set(o, s);
  }
  return s;
}

function value(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(text).join(',')}]`;
  if (v && typeof v === 'object' && !stable.has(v)) {
    return `{${Object.entries(v).filter(([, x]) => x !== undefined).map(([k, x]) => `${JSON.stringify(k)}:${value(x)}`).join(',')}}`;
  }
  return text(v);
}

/** JSON text of a response envelope (`data`, `includes`, `errors`, `meta`), reusing stable parts. */
export function stringifyEnvelope(env: Record<string, unknown>): string {
  return value(env);
}
