// Small readers for control-API JSON bodies: each names the offending field in a 400.
import { echo, problems } from '../shared/problems.js';

export type Body = Record<string, unknown>;

export function objectBody(body: unknown): Body {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw problems.invalidParam(
      'body',
      Array.isArray(body) ? 'array' : typeof body,
      'The request body must be a JSON object.',
    );
  return body as Body;
}

const bad = (field: string, value: unknown, message: string) =>
  problems.invalidParam(field, value === undefined ? '' : echo(value), message);

export function str(b: Body, field: string, opts: { required?: boolean; max?: number } = {}): string | undefined {
  const v = b[field];
  if (v === undefined || v === null) {
    if (opts.required) throw bad(field, v, `${field} is required`);
    return undefined;
  }
  if (typeof v !== 'string' || (opts.required && v.trim() === ''))
    throw bad(field, v, `${field} must be a non-empty string`);
  if (opts.max !== undefined && v.length > opts.max)
    throw bad(field, v, `${field} must be at most ${opts.max} characters`);
  return v;
}

export function oneOf<T extends string>(b: Body, field: string, values: readonly T[]): T | undefined {
  const v = b[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string' || !values.includes(v as T))
    throw bad(field, v, `${field} must be one of ${values.join(', ')}`);
  return v as T;
}

export function strings(
  b: Body,
  field: string,
  opts: { required?: boolean; each?: (s: string) => boolean; what?: string } = {},
): string[] | undefined {
  const v = b[field];
  if (v === undefined || v === null) {
    if (opts.required) throw bad(field, v, `${field} is required`);
    return undefined;
  }
  if (!Array.isArray(v) || v.some((s) => typeof s !== 'string' || (opts.each && !opts.each(s)))) {
    throw bad(field, v, `${field} must be an array of ${opts.what ?? 'strings'}`);
  }
  return v as string[];
}

export function num(b: Body, field: string): number | undefined {
  const v = b[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isFinite(v)) throw bad(field, v, `${field} must be a number`);
  return v;
}

/** Rejects fields the endpoint does not know, so a typo is an error rather than silently ignored. */
export function onlyFields(b: Body, allowed: readonly string[]): void {
  for (const k in b) {
    if (allowed.includes(k)) continue;
    const name = echo(k); // the client's text: cut like any echoed value
    throw bad(name, b[k], `unknown field ${name}; allowed: ${allowed.join(', ')}`);
  }
}
