// One way to read input. A route declares what it takes as a shape of specs (`{ ids: ids({ max: 100 }),
// max_results: int({ min: 5, max: 100 }) }`); a reader checks a query string, a JSON body or a control
// body against it and returns a value whose type is inferred from the shape. Specs are data: each
// reader is a dialect that renders the same failures in its family's words (v2 query messages, the v2
// JSON validator's `$.path: …` messages, the control API's field messages, and the Ads API's CAPS codes
// in modules/ads), so a new wire family is one more renderer, not a second idiom.
import { parseIsoTime } from '../shared/iso-time.js';
import { echo, problems, type ParamError, type Problem } from '../shared/problems.js';

// ---------------------------------------------------------------------------------------------------
// Specs

type Kind = 'str' | 'int' | 'num' | 'bool' | 'id' | 'time' | 'enum' | 'list' | 'ids' | 'strs' | 'obj' | 'arr';

export type Spec<T = unknown> = {
  readonly kind: Kind;
  readonly required?: boolean;
  readonly default?: T;
  /** Bounds: a number's value, a string's length in characters, a list's or array's item count. */
  readonly min?: number;
  readonly max?: number;
  readonly pattern?: RegExp;
  /**
   * The words for a value this spec refuses (of the wrong type, out of bounds, outside its values or
   * pattern), with `{v}` for the value, where an endpoint's differ from its dialect's usual ones. The
   * v2 query and control dialects use it; the v2 JSON validator's words never vary; the Ads dialect
   * uses it for a failed pattern.
   */
  readonly message?: string;
  readonly values?: readonly string[];
  readonly item?: Spec;
  readonly props?: Shape;
  /** An object that accepts properties it does not declare. */
  readonly open?: boolean;
  /** `strs`: a test each string must pass, and what such strings are called in a message. */
  readonly each?: (s: string) => boolean;
  readonly what?: string;
  /** Phantom: the type a reader returns for this spec. */
  readonly _t?: T;
};
export type Shape = { readonly [name: string]: Spec<unknown> };

type ValueOf<S> = S extends Spec<infer T> ? T : never;
type Always<S> = S extends { required: true } ? true : S extends { default: unknown } ? true : false;
type Simplify<T> = { [K in keyof T]: T[K] } & {};
/** The value a reader returns for a shape: required and defaulted entries are always there. */
export type Infer<S extends Shape> = Simplify<
  { -readonly [K in keyof S as Always<S[K]> extends true ? K : never]: ValueOf<S[K]> } & {
    -readonly [K in keyof S as Always<S[K]> extends true ? never : K]?: ValueOf<S[K]>;
  }
>;

type Bounds = { min?: number; max?: number };
type Words = { message?: string };

export const str = (o: Bounds & Words & { pattern?: RegExp } = {}): Spec<string> => ({ kind: 'str', ...o });
export const int = (o: Bounds & Words = {}): Spec<number> => ({ kind: 'int', ...o });
export const num = (o: Bounds & Words = {}): Spec<number> => ({ kind: 'num', ...o });
export const bool = (): Spec<boolean> => ({ kind: 'bool' });
/** A v2 id: 1 to 19 digits (snowflakes exceed 2^53, so ids stay strings). */
export const id = (o: Words = {}): Spec<string> => ({ kind: 'id', pattern: ID_PATTERN, ...o });
/** An RFC 3339 date-time (shared/iso-time.ts), read into epoch milliseconds. */
export const time = (o: Words = {}): Spec<number> => ({ kind: 'time', ...o });
/** One value of a fixed set. */
export const oneOf = <const V extends string>(values: readonly V[], o: Words = {}): Spec<V> => ({
  kind: 'enum',
  values,
  ...o,
});
/** A comma list (or, in a JSON body, an array) of values of a fixed set; distinct, in order. */
export const list = <const V extends string>(values: readonly V[], o: Bounds = {}): Spec<V[]> => ({
  kind: 'list',
  values,
  ...o,
});
/** A comma list of v2 ids, 1 to `max` of them. */
export const ids = (o: { max: number }): Spec<string[]> => ({ kind: 'ids', pattern: ID_PATTERN, min: 1, ...o });
/** A comma list of names matching `pattern` (usernames), 1 to `max` of them; read like `ids`. */
export const names = (pattern: RegExp, o: { max: number }): Spec<string[]> => ({ kind: 'ids', pattern, min: 1, ...o });
/** A JSON array of strings, each passing `each` (called `what` in a message). */
export const strs = (o: Bounds & { each?: (s: string) => boolean; what?: string } = {}): Spec<string[]> => ({
  kind: 'strs',
  ...o,
});
export const obj = <P extends Shape>(props: P, o: { open?: boolean } = {}): Spec<Infer<P>> => ({
  kind: 'obj',
  props,
  ...o,
});
export const arr = <I extends Spec<unknown>>(item: I, o: Bounds = {}): Spec<ValueOf<I>[]> => ({
  kind: 'arr',
  item,
  ...o,
});

/** The reader fails when the value is absent. */
export const required = <S extends Spec<unknown>>(s: S): S & { required: true } => ({ ...s, required: true });
/** The reader answers `value` when the input is absent. */
export const withDefault = <S extends Spec<unknown>>(s: S, value: ValueOf<S>): S & { default: ValueOf<S> } => ({
  ...s,
  default: value,
});

export const ID_PATTERN = /^[0-9]{1,19}$/;

// ---------------------------------------------------------------------------------------------------
// Failures: what went wrong, in no family's words yet

export type Failure =
  | { why: 'unknown'; name: string; value: unknown; allowed: readonly string[] }
  | { why: 'missing'; name: string }
  | { why: 'type'; name: string; value: unknown; expected: string; found: string; spec?: Spec }
  | { why: 'range'; name: string; value: unknown; spec: Spec } // a number out of bounds, or not a number
  | { why: 'length'; name: string; value: string; spec: Spec } // a string too short or long
  | { why: 'count'; name: string; value: unknown; spec: Spec } // too few or many items
  | { why: 'enum'; name: string; value: string; spec: Spec } // a value outside `values`
  | { why: 'pattern'; name: string; value: string; spec: Spec } // fails `pattern` or `each`
  | { why: 'time'; name: string; value: string; spec?: Spec };

export { echo };

// ---------------------------------------------------------------------------------------------------
// Checking one value

function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

const EXPECTED: Record<Kind, string> = {
  str: 'string',
  id: 'string',
  time: 'string',
  enum: 'string',
  int: 'integer',
  num: 'number',
  bool: 'boolean',
  list: 'array',
  ids: 'array',
  strs: 'array',
  arr: 'array',
  obj: 'object',
};

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

/**
 * Failures stop being collected here: a body of 400,000 bad items answers with this many, not with
 * megabytes of errors (the real service's limit is not known; ASSUMED).
 */
export const MAX_FAILURES = 100;

const outside = (n: number, s: Spec) => (s.min !== undefined && n < s.min) || (s.max !== undefined && n > s.max);

/**
 * Where values come from: a query string or form (`text`: every value is a string, lists are
 * comma-separated), a v2 JSON body (`json`: JSON types, `null` is a wrong type), or a control body
 * (`control`: JSON types, `null` means absent).
 */
export type Source = 'text' | 'json' | 'control';

/** Checks one value; pushes what is wrong and returns the value read. */
function checkValue(v: unknown, s: Spec, name: string, source: Source, out: Failure[]): unknown {
  if (out.length >= MAX_FAILURES) return v;
  const text = source === 'text';
  const found = typeName(v);
  if (text) {
    if (typeof v !== 'string') return out.push({ why: 'type', name, value: v, expected: 'string', found, spec: s });
  } else if (s.kind !== 'list' || typeof v !== 'string') {
    const want = EXPECTED[s.kind];
    if (found !== want && !(want === 'number' && found === 'integer'))
      return void out.push({ why: 'type', name, value: v, expected: want, found, spec: s });
  }
  switch (s.kind) {
    case 'str': {
      const str = v as string;
      const chars = [...str].length;
      if (outside(chars, s)) out.push({ why: 'length', name, value: str, spec: s });
      if (s.pattern && !s.pattern.test(str)) out.push({ why: 'pattern', name, value: str, spec: s });
      return str;
    }
    case 'id':
      if (!ID_PATTERN.test(v as string)) out.push({ why: 'pattern', name, value: v as string, spec: s });
      return v;
    case 'time': {
      const ms = parseIsoTime(v as string);
      if (ms === null) out.push({ why: 'time', name, value: v as string, spec: s });
      return ms;
    }
    case 'int':
    case 'num': {
      const n = text ? Number(v) : (v as number);
      const shape = s.kind === 'int' ? /^-?\d+$/ : /^-?\d+(\.\d+)?$/;
      if ((text && !shape.test(v as string)) || !Number.isFinite(n) || outside(n, s))
        out.push({ why: 'range', name, value: v, spec: s });
      return n;
    }
    case 'bool':
      if (!text) return v;
      if (v !== 'true' && v !== 'false') out.push({ why: 'enum', name, value: v as string, spec: BOOL_TEXT });
      return v === 'true';
    case 'enum':
      if (!s.values!.includes(v as string)) out.push({ why: 'enum', name, value: v as string, spec: s });
      return v;
    case 'list':
    case 'ids': {
      const items = typeof v === 'string' ? splitList(v) : (v as unknown[]);
      for (const item of items) {
        if (typeof item !== 'string') out.push({ why: 'type', name, value: item, expected: 'string', found, spec: s });
        else if (s.values && !s.values.includes(item)) out.push({ why: 'enum', name, value: item, spec: s });
        else if (s.pattern && !s.pattern.test(item)) out.push({ why: 'pattern', name, value: item, spec: s });
      }
      if (outside(items.length, s)) out.push({ why: 'count', name, value: v, spec: s });
      return items;
    }
    case 'strs': {
      const items = v as unknown[];
      if (outside(items.length, s)) out.push({ why: 'count', name, value: v, spec: s });
      for (const item of items) {
        if (typeof item !== 'string' || (s.each && !s.each(item)))
          return void out.push({ why: 'pattern', name, value: echo(v), spec: s });
      }
      return items;
    }
    case 'arr': {
      const items = v as unknown[];
      if (outside(items.length, s)) out.push({ why: 'count', name, value: v, spec: s });
      // The size first: an over-long array is refused without reading its items.
      if (s.max !== undefined && items.length > s.max) return items;
      return items.map((item, i) => checkValue(item, s.item!, `${name}[${i}]`, source, out));
    }
    case 'obj':
      return checkObject(v as Record<string, unknown>, s.props!, s.open ?? false, name, source, out);
  }
}

const BOOL_TEXT: Spec = { kind: 'enum', values: ['true', 'false'] };
const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
/** Own keys only: `constructor` or `__proto__` in a query or body is an unknown name, not a spec. */
const declares = (props: Shape, key: string) => Object.hasOwn(props, key);
const own = (o: Record<string, unknown>, key: string) => (Object.hasOwn(o, key) ? o[key] : undefined);

/**
 * The order names are judged in, which is the order failures are reported in. A v2 JSON body as the
 * real validator reports it: missing properties first, then the body's own in its order. Elsewhere:
 * unknown names first (a typo is named before what it causes), then the shape's in its order.
 */
function visitOrder(o: Record<string, unknown>, props: Shape, source: Source): string[] {
  const given = Object.keys(o).filter((k) => o[k] !== undefined);
  if (source === 'json') return [...Object.keys(props).filter((k) => own(o, k) === undefined), ...given];
  return [...given.filter((k) => !declares(props, k)), ...Object.keys(props)];
}

function checkObject(
  o: Record<string, unknown>,
  props: Shape,
  open: boolean,
  path: string,
  source: Source,
  out: Failure[],
): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  for (const key of visitOrder(o, props, source)) {
    const raw = own(o, key);
    if (!declares(props, key)) {
      if (open) value[key] = raw;
      // An unknown name is the client's text: cut like any echoed value.
      else if (out.length < MAX_FAILURES)
        out.push({ why: 'unknown', name: join(path, echo(key)), value: raw, allowed: Object.keys(props) });
      continue;
    }
    const s = props[key]!;
    if (raw === undefined || (raw === null && source === 'control')) {
      if (s.required) out.push({ why: 'missing', name: join(path, key) });
      else if (s.default !== undefined) value[key] = s.default;
      continue;
    }
    value[key] = checkValue(raw, s, join(path, key), source, out);
  }
  return value;
}

// ---------------------------------------------------------------------------------------------------
// Dialects: the same failures in each family's words

/** A query string as Fastify parses it: a key given twice is an array. */
export type Query = Record<string, string | string[] | undefined>;

const qv = (f: Failure) => ('value' in f ? echo(f.value) : '');

/** A spec's own words for the value it refused (`Spec.message`), if it has them. */
function ownWords(f: Failure): string | undefined {
  if (f.why === 'missing' || f.why === 'unknown') return undefined;
  return f.spec?.message?.replace('{v}', qv(f));
}

/** The v2 query-string messages (wire notes §1.3, §8.2). */
function v2QueryError(f: Failure): ParamError {
  const p = (values: string[]) => ({ [f.name]: values });
  const own = ownWords(f);
  if (own !== undefined) return { parameters: p([qv(f)]), message: own };
  switch (f.why) {
    case 'unknown':
      return {
        parameters: p([qv(f)]),
        message: `The query parameter [${f.name}] is not one of [${f.allowed.join(',')}]`,
      };
    case 'missing':
      return { parameters: p([]), message: `The \`${f.name}\` query parameter can not be empty` };
    case 'range':
      return {
        parameters: p([qv(f)]),
        message: `The \`${f.name}\` query parameter value [${qv(f)}] is not between ${f.spec.min} and ${f.spec.max}`,
      };
    case 'enum':
      return {
        parameters: p([qv(f)]),
        message: `The \`${f.name}\` query parameter value [${qv(f)}] is not one of [${f.spec.values!.join(',')}]`,
      };
    case 'count':
      return {
        parameters: p([qv(f)]),
        message: `\`${f.name}\` must have between ${f.spec.min ?? 1} and ${f.spec.max} items`,
      };
    case 'time':
      return {
        parameters: p([qv(f)]),
        message: `Invalid '${f.name}'. '${f.name}' must be a valid RFC 3339 date-time (YYYY-MM-DDTHH:mm:ssZ).`,
      };
    case 'pattern':
      return {
        parameters: p([qv(f)]),
        message: f.spec.pattern
          ? `The \`${f.name}\` query parameter value [${qv(f)}] does not match ${f.spec.pattern.source}`
          : `The \`${f.name}\` query parameter value [${qv(f)}] is not valid`,
      };
    case 'length':
    case 'type':
      return { parameters: p([qv(f)]), message: `The \`${f.name}\` query parameter value [${qv(f)}] is not valid` };
  }
}

/** The v2 JSON body validator's messages: `$.text: integer found, string expected`. */
function v2JsonError(f: Failure): ParamError {
  const at = `$.${f.name}`.replace(/^\$\.$/, '$');
  const e = (message: string, values: string[] = 'value' in f ? [qv(f)] : []) => ({
    message: `${at}: ${message}`,
    parameters: { [f.name || 'body']: values },
  });
  const s = ('spec' in f && f.spec) || ({} as Spec);
  switch (f.why) {
    case 'unknown':
      return e('is not defined in the schema and the schema does not allow additional properties', []);
    case 'missing':
      return e('is missing but it is required', []);
    case 'type':
      return e(`${f.found} found, ${f.expected} expected`);
    case 'length':
      return [...f.value].length < (s.min ?? 0)
        ? e(`must be at least ${s.min} characters long`)
        : e(`may only be ${s.max} characters long`);
    case 'range':
      return typeof f.value === 'number' && f.value < (s.min ?? -Infinity)
        ? e(`must have a minimum value of ${s.min}`)
        : e(`must have a maximum value of ${s.max}`);
    case 'count':
      return Array.isArray(f.value) && f.value.length < (s.min ?? 0)
        ? e(`there must be a minimum of ${s.min} items in the array`)
        : e(`there must be a maximum of ${s.max} items in the array`);
    case 'enum':
      return e(`does not have a value in the enumeration [${s.values!.join(', ')}]`);
    case 'pattern':
      return e(`does not match the regex pattern ${(s.pattern ?? ID_PATTERN).source}`);
    case 'time':
      return e('is not a valid RFC 3339 date-time');
  }
}

/** The control API's messages: one field named per error (README: `errors[].parameters`). */
function controlError(f: Failure): Problem {
  const bad = (message: string) => problems.invalidParam(f.name, 'value' in f ? qv(f) : '', message);
  const s = ('spec' in f && f.spec) || ({} as Spec);
  const own = ownWords(f);
  if (own !== undefined) return bad(own);
  switch (f.why) {
    case 'unknown':
      return bad(`unknown field ${f.name}; allowed: ${f.allowed.join(', ')}`);
    case 'missing':
      return bad(`${f.name} is required`);
    case 'type':
      // What the field must be, in the words of its spec where a type alone says too little.
      if (f.spec?.kind === 'enum') return bad(`${f.name} must be one of ${f.spec.values!.join(', ')}`);
      if (f.spec?.kind === 'strs') return bad(`${f.name} must be an array of ${f.spec.what ?? 'strings'}`);
      return bad(`${f.name} must be ${CONTROL_TYPES[f.expected] ?? `a ${f.expected}`}`);
    case 'length':
      return f.value.length === 0 || (s.min !== undefined && [...f.value].length < s.min)
        ? bad(`${f.name} must be a non-empty string`)
        : bad(`${f.name} must be at most ${s.max} characters`);
    case 'range':
      return bad(`${f.name} must be a number between ${s.min ?? '-∞'} and ${s.max ?? '∞'}`);
    case 'count':
      return bad(`${f.name} must have between ${s.min ?? 0} and ${s.max ?? '∞'} items`);
    case 'enum':
      return bad(`${f.name} must be one of ${s.values!.join(', ')}`);
    case 'pattern':
      if (s.kind === 'strs') return bad(`${f.name} must be an array of ${s.what ?? 'strings'}`);
      return bad(`${f.name} is not valid`);
    case 'time':
      return bad(`${f.name} must be an ISO 8601 date-time`);
  }
}
const CONTROL_TYPES: Record<string, string> = {
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'a boolean',
  array: 'an array',
  object: 'an object',
};

// ---------------------------------------------------------------------------------------------------
// Readers

/** The last value of a repeated query key (the v2 API reads one). */
const last = (v: string | string[] | undefined) => (Array.isArray(v) ? v[v.length - 1] : v);

/**
 * A v2 query string: unknown parameters are refused, a repeated key gives its last value, and every
 * problem is reported at once in one 400 invalid-request, as the real service does.
 */
export function readQuery<S extends Shape>(query: Query, shape: S): Infer<S> {
  const flat: Record<string, unknown> = {};
  for (const k of Object.keys(query)) flat[k] = last(query[k]);
  const failures: Failure[] = [];
  const value = checkObject(flat, shape, false, '', 'text', failures);
  if (failures.length) throw problems.invalidRequest(failures.slice(0, MAX_FAILURES).map(v2QueryError));
  return value as Infer<S>;
}

/** A v2 path parameter with the query dialect's message (the real service names path ids so too). */
export function readPath<T>(name: string, value: string, spec: Spec<T>): T {
  const failures: Failure[] = [];
  const v = checkValue(value, spec, name, 'text', failures);
  if (failures.length) throw problems.invalidRequest(failures.map(v2QueryError));
  return v as T;
}

/** A v2 JSON body (absent ⇒ `{}`): every violation at once, in the validator's `$.path` words. */
export function readJson<S extends Shape>(body: unknown, shape: S, opts: { open?: boolean } = {}): Infer<S> {
  const failures: Failure[] = [];
  const value = checkValue(body ?? {}, obj(shape, opts), '', 'json', failures);
  if (failures.length) throw problems.invalidRequest(failures.slice(0, MAX_FAILURES).map(v2JsonError));
  return value as Infer<S>;
}

/**
 * A control-API JSON body (absent ⇒ `{}`): a 400 naming the first field that is wrong. `open` keeps
 * fields the shape does not declare, for a service that judges them itself.
 */
export function readControl<S extends Shape>(body: unknown, shape: S, opts: { open?: boolean } = {}): Infer<S> {
  const value = body ?? {};
  if (typeof value !== 'object' || Array.isArray(value) || value === null)
    throw problems.invalidParam('body', typeName(value), 'The request body must be a JSON object.');
  const failures: Failure[] = [];
  const read = checkObject(value as Record<string, unknown>, shape, opts.open ?? false, '', 'control', failures);
  if (failures.length) throw controlError(failures[0]!);
  return read as Infer<S>;
}

/**
 * A control-API query string: text values in the control API's words, a 400 naming the first wrong
 * one. A key given twice is refused (which one was meant is not for Aviary to guess).
 */
export function readControlQuery<S extends Shape>(query: Query, shape: S): Infer<S> {
  for (const [key, v] of Object.entries(query))
    if (Array.isArray(v)) throw problems.invalidParam(echo(key), v.map(echo), `${echo(key)} must be given once`);
  const failures: Failure[] = [];
  const read = checkObject(query, shape, false, '', 'text', failures);
  if (failures.length) throw controlError(failures[0]!);
  return read as Infer<S>;
}

/** The failures of one value, for a dialect defined elsewhere (the Ads API's). */
export function failuresOf(v: unknown, s: Spec, name: string, source: Source): { value: unknown; failures: Failure[] } {
  const failures: Failure[] = [];
  const value = checkValue(v, s, name, source, failures);
  return { value, failures };
}
