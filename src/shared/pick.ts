// The field-selected wire objects of v2 (`tweet.fields`, `user.fields`, `media.fields`…): each view
// has a table of renderers by field name and the fields a request asked for. Only asked-for fields
// appear, in the order asked; a renderer answering `undefined` leaves its field out (the real API
// omits fields a resource has no value for), and a field without a renderer is accepted and omitted.

/** How to render each field of a row; `ctx` is what the view needs besides the row (a clock, extras). */
export type Renderers<R, C = void> = Readonly<Record<string, (row: R, ctx: C) => unknown>>;

/** Adds to `out` the asked-for fields of `row` that have a value, and returns it. */
export function pick<R>(
  render: Renderers<R>,
  row: R,
  fields: readonly string[],
  out: Record<string, unknown>,
): typeof out;
export function pick<R, C>(
  render: Renderers<R, C>,
  row: R,
  fields: readonly string[],
  out: Record<string, unknown>,
  ctx: C,
): typeof out;
export function pick<R, C>(
  render: Renderers<R, C>,
  row: R,
  fields: readonly string[],
  out: Record<string, unknown>,
  ctx?: C,
): typeof out {
  for (const f of fields) {
    // Field names arrive checked against the spec's enums (http/v2-query.ts), so no prototype key gets
    // here; an Object.hasOwn guard would cost a user page of 100 about 5 µs.
    const r = render[f];
    if (!r) continue;
    const v = r(row, ctx as C);
    if (v !== undefined) out[f] = v;
  }
  return out;
}
