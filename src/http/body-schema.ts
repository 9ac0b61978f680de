// JSON request bodies checked against a small schema, answering with the messages the real service
// gives (its validator's wording: "$.text: integer found, string expected", "$.foo: is not defined
// in the schema and the schema does not allow additional properties"). Routes check; services get
// typed values.
import { echo, problems, type ParamError } from '../shared/problems.js';

export type Schema =
  | { t: 'string'; min?: number; max?: number; pattern?: RegExp; enum?: readonly string[] }
  | { t: 'int'; min?: number; max?: number }
  | { t: 'number'; min?: number; max?: number }
  | { t: 'bool' }
  | { t: 'array'; items: Schema; min?: number; max?: number }
  | { t: 'object'; props: Record<string, Schema>; required?: readonly string[]; open?: boolean };

export const ID_STRING: Schema = { t: 'string', pattern: /^[0-9]{1,19}$/ };
/** `{target_user_id}`: the body of follow, block and mute writes. */
export const TARGET_USER_BODY: Schema & { t: 'object' } = {
  t: 'object',
  required: ['target_user_id'],
  props: { target_user_id: ID_STRING },
};

function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v === 'boolean' ? 'boolean' : typeof v;
}

const EXPECTED: Record<Schema['t'], string> = {
  string: 'string',
  int: 'integer',
  number: 'number',
  bool: 'boolean',
  array: 'array',
  object: 'object',
};

/**
 * Reported violations stop here: a body of 400,000 bad items answers with this many, not with
 * megabytes of errors (the real service's limit is not known; ASSUMED).
 */
export const MAX_ERRORS = 100;

function check(v: unknown, s: Schema, path: string, errors: ParamError[]): void {
  if (errors.length >= MAX_ERRORS) return;
  const err = (message: string) =>
    void errors.push({ message: `${path}: ${message}`, parameters: { [path.slice(2) || 'body']: [echo(v)] } });
  const found = typeName(v);
  if (found !== EXPECTED[s.t] && !(s.t === 'number' && found === 'integer'))
    return err(`${found} found, ${EXPECTED[s.t]} expected`);
  switch (s.t) {
    case 'string': {
      const str = v as string;
      if (s.min !== undefined && [...str].length < s.min) err(`must be at least ${s.min} characters long`);
      if (s.max !== undefined && [...str].length > s.max) err(`may only be ${s.max} characters long`);
      if (s.pattern && !s.pattern.test(str)) err(`does not match the regex pattern ${s.pattern.source}`);
      if (s.enum && !s.enum.includes(str)) err(`does not have a value in the enumeration [${s.enum.join(', ')}]`);
      return;
    }
    case 'number':
    case 'int': {
      const n = v as number;
      if (s.min !== undefined && n < s.min) err(`must have a minimum value of ${s.min}`);
      if (s.max !== undefined && n > s.max) err(`must have a maximum value of ${s.max}`);
      return;
    }
    case 'array': {
      const a = v as unknown[];
      if (s.min !== undefined && a.length < s.min) err(`there must be a minimum of ${s.min} items in the array`);
      // The size first: an over-long array is refused without reading its items.
      if (s.max !== undefined && a.length > s.max) return err(`there must be a maximum of ${s.max} items in the array`);
      for (let i = 0; i < a.length && errors.length < MAX_ERRORS; i++) check(a[i], s.items, `${path}[${i}]`, errors);
      return;
    }
    case 'object': {
      const o = v as Record<string, unknown>;
      for (const r of s.required ?? [])
        if (o[r] === undefined)
          errors.push({
            message: `${path}.${r}: is missing but it is required`,
            parameters: { [`${path}.${r}`.slice(2)]: [] },
          });
      for (const k in o) {
        if (errors.length >= MAX_ERRORS) return;
        const sub = s.props[k];
        if (sub) check(o[k], sub, `${path}.${k}`, errors);
        else if (!s.open) {
          const at = `${path}.${echo(k)}`; // an unknown name is the client's text: cut like any echoed value
          errors.push({
            message: `${at}: is not defined in the schema and the schema does not allow additional properties`,
            parameters: { [at.slice(2)]: [] },
          });
        }
      }
    }
  }
}

/** Checks `body` (absent ⇒ `{}`); every violation is reported at once as a 400 invalid-request. */
export function checkBody<T>(body: unknown, schema: Schema & { t: 'object' }): T {
  const value = body ?? {};
  const errors: ParamError[] = [];
  check(value, schema, '$', errors);
  if (errors.length) throw problems.invalidRequest(errors.slice(0, MAX_ERRORS));
  return value as T;
}
