// Query-string validation with the real service's messages: unknown parameters, comma lists whose
// values must come from an enum, integer ranges. Returns plain typed values to the handler.
import { problems, type ParamError } from '../shared/problems.js';

export type ParamSpec =
  | { kind: 'list'; values: readonly string[] }
  | { kind: 'int'; min: number; max: number }
  | { kind: 'string'; pattern?: RegExp; message?: string }
  | { kind: 'ids'; max: number };

export type Query = Record<string, string | string[] | undefined>;

function first(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[v.length - 1] : v;
}

/** Comma list → distinct values in order, empty items dropped. */
export function splitList(raw: string): string[] {
  return [
    ...new Set(
      raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

function checkOne(name: string, raw: string, spec: ParamSpec, errors: ParamError[]): unknown {
  switch (spec.kind) {
    case 'list': {
      const values = splitList(raw);
      for (const v of values) {
        if (!spec.values.includes(v))
          errors.push({
            parameters: { [name]: [v] },
            message: `The \`${name}\` query parameter value [${v}] is not one of [${spec.values.join(',')}]`,
          });
      }
      return values;
    }
    case 'int': {
      const n = Number(raw);
      if (!/^-?\d+$/.test(raw) || n < spec.min || n > spec.max) {
        errors.push({
          parameters: { [name]: [raw] },
          message: `The \`${name}\` query parameter value [${raw}] is not between ${spec.min} and ${spec.max}`,
        });
      }
      return n;
    }
    case 'ids': {
      const ids = splitList(raw);
      for (const id of ids) {
        if (!/^[0-9]{1,19}$/.test(id))
          errors.push({
            parameters: { [name]: [id] },
            message: `The \`${name}\` query parameter value [${id}] does not match ^[0-9]{1,19}$`,
          });
      }
      if (ids.length > spec.max || ids.length === 0) {
        errors.push({
          parameters: { [name]: [raw] },
          message: `\`${name}\` must have between 1 and ${spec.max} items`,
        });
      }
      return ids;
    }
    default:
      if (spec.pattern && !spec.pattern.test(raw)) {
        errors.push({
          parameters: { [name]: [raw] },
          message: spec.message?.replace('{v}', raw) ?? `The \`${name}\` query parameter value [${raw}] is not valid`,
        });
      }
      return raw;
  }
}

/**
 * Validates `query` against `specs`; every problem found is reported at once, as the real service
 * does. `required` names parameters that must be present.
 */
export function parseQuery<T extends Record<string, ParamSpec>>(
  query: Query,
  specs: T,
  required: (keyof T & string)[] = [],
): { [K in keyof T]?: unknown } {
  const errors: ParamError[] = [];
  for (const name in query) {
    if (!(name in specs))
      errors.push({
        parameters: { [name]: [String(first(query[name]) ?? '')] },
        message: `The query parameter [${name}] is not one of [${Object.keys(specs).join(',')}]`,
      });
  }
  const out: Record<string, unknown> = {};
  for (const name in specs) {
    const spec = specs[name]!;
    const raw = first(query[name]);
    if (raw === undefined) {
      if (required.includes(name))
        errors.push({ parameters: { [name]: [] }, message: `The \`${name}\` query parameter can not be empty` });
      continue;
    }
    out[name] = checkOne(name, raw, spec, errors);
  }
  if (errors.length) throw problems.invalidRequest(errors);
  return out as { [K in keyof T]?: unknown };
}
