// The Ads API's reading of parameters: the specs of http/input.ts, read the way the SDKs send them
// and answered in the Ads API's words (ads-api-wire-notes §1, §3.2, §4):
//   - from the query string or a form body, merged; a key given again adds values (Python repeats
//     keys for lists), and every list value is also split on commas (npm and Ruby join with commas);
//   - booleans in any case (`True` from Python's Resource.all);
//   - date-only times read as midnight UTC and echoed normalised (`2022-06-15` → `2022-06-15T00:00:00Z`);
//   - every failure an error with a CAPS code and the parameter named; all of them reported at once;
//   - parameters a route does not declare are ignored: the SDKs add some (Ruby's `with_deleted=true` on
//     every load) and the real service's handling of others is not documented;
//   - a `clearable` spec reads an empty value as null: "You can un-set an optional value by specifying
//     the parameter with an empty string (e.g. `&end_time=`)" (notes §1). Only PUT shapes use it.
import { failuresOf, type Failure, type Infer, type Shape, type Spec } from '../../../http/input.js';
import { adsErrors, type AdsError } from './errors.js';
import { adsTime } from './time.js';

/** Every value of every key, from the query string and a form body. */
export type RawParams = Record<string, string[]>;

/** A spec whose empty value means "un-set" (null), read by readAds before the spec's own checks. */
export type Clearable<T> = Spec<T | null> & { readonly clearable: true };

/**
 * `spec`, but an empty value reads as null (notes §1: un-setting an optional value on PUT). Other
 * values are checked by `spec` as before; a required spec stays refused when empty, so wrap only
 * optional ones.
 */
export const clearable = <T>(spec: Spec<T>): Clearable<T> => ({ ...spec, clearable: true });

const isClearable = (spec: Spec): boolean => 'clearable' in spec && spec.clearable === true;

export function mergeRaw(...sources: unknown[]): RawParams {
  const out: RawParams = {};
  for (const src of sources) {
    if (!src || typeof src !== 'object' || Array.isArray(src)) continue;
    for (const [k, v] of Object.entries(src as Record<string, unknown>)) {
      const values = (Array.isArray(v) ? v : [v]).filter((x) => x !== undefined && x !== null).map(String);
      (out[k] ??= []).push(...values);
    }
  }
  return out;
}

const LISTS = new Set(['list', 'ids', 'strs']);
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The one text a spec reads from the values given for it. */
function textFor(values: string[], spec: Spec): string {
  if (LISTS.has(spec.kind)) return values.join(',');
  const last = values[values.length - 1]!;
  if (spec.kind === 'bool') return last.toLowerCase();
  if (spec.kind === 'time' && DATE_ONLY.test(last)) return `${last}T00:00:00Z`;
  return last;
}

const TYPE_NAMES: Record<string, string> = { int: 'Long', num: 'Double', bool: 'Boolean', time: 'time' };

function adsMessage(f: Failure): AdsError {
  const got = 'value' in f ? JSON.stringify(typeof f.value === 'string' ? f.value : String(f.value)) : '""';
  const e = (code: AdsError['code'], message: string): AdsError => ({ code, message, parameter: f.name });
  const s = 'spec' in f ? f.spec : undefined;
  switch (f.why) {
    case 'missing':
      return e('MISSING_PARAMETER', `"${f.name}" is a required parameter`);
    case 'time':
      return e('INVALID_PARAMETER', `Expected time, got ${got} for ${f.name}`);
    case 'enum':
      return e('INVALID_PARAMETER', `Expected a value in ${s!.values!.join(', ')}, got ${got} for ${f.name}`);
    case 'range': {
      // Not a number at all (an empty value included: Number('') is 0) names the type, not the bounds.
      const numeric = typeof f.value === 'string' && /^-?\d+(\.\d+)?$/.test(f.value);
      const n = Number(f.value);
      if (s!.kind === 'bool' || !numeric || !Number.isFinite(n) || (s!.kind === 'int' && !Number.isInteger(n)))
        return e('INVALID_PARAMETER', `Expected ${TYPE_NAMES[s!.kind] ?? s!.kind}, got ${got} for ${f.name}`);
      return e('INVALID_PARAMETER', `Expected a value between ${s!.min} and ${s!.max}, got ${got} for ${f.name}`);
    }
    case 'count':
      return (s!.min ?? 0) > 0 && String(f.value).split(',').filter(Boolean).length < s!.min!
        ? e('INVALID_PARAMETER', `A minimum of ${s!.min} items must be provided for ${f.name}`)
        : e('INVALID_PARAMETER', `A maximum of ${s!.max} items may be provided for ${f.name}`);
    case 'length':
      return [...f.value].length < (s!.min ?? 0)
        ? e('INVALID_PARAMETER', `A minimum length of ${s!.min} is required for ${f.name}, got ${got}`)
        : e('INVALID_PARAMETER', `A maximum length of ${s!.max} is allowed for ${f.name}, got ${got}`);
    case 'pattern':
      return e(
        'INVALID_PARAMETER',
        s!.message?.replace('{v}', String(f.value)) ?? `Invalid value ${got} for ${f.name}`,
      );
    case 'type':
    case 'unknown':
      return e('INVALID_PARAMETER', `Invalid value ${got} for ${f.name}`);
  }
}

/** A value as the envelope's `request.params` echoes it: typed after parsing (§3.1). */
function echoOf(value: unknown, spec: Spec): unknown {
  if (spec.kind === 'time' && typeof value === 'number') return adsTime(value);
  if ((spec.kind === 'int' || spec.kind === 'num') && !Number.isSafeInteger(value) && spec.kind === 'int')
    return String(value);
  return value;
}

export type AdsRead<S extends Shape> = { value: Infer<S>; echo: Record<string, unknown> };

/**
 * Reads `raw` against `shape`; throws one Ads error envelope listing every failure. Integers beyond
 * 2^53 (ids of posts and users) should be declared as id specs, which stay strings.
 */
export function readAds<S extends Shape>(raw: RawParams, shape: S): AdsRead<S> {
  const value: Record<string, unknown> = {};
  const echo: Record<string, unknown> = {};
  const failures: Failure[] = [];
  for (const [name, spec] of Object.entries(shape)) {
    const values = raw[name];
    if (!values || values.length === 0) {
      if (spec.required) failures.push({ why: 'missing', name });
      else if (spec.default !== undefined) value[name] = spec.default;
      continue;
    }
    const text = textFor(values, spec);
    if (text === '' && isClearable(spec)) {
      value[name] = echo[name] = null;
      continue;
    }
    const read = failuresOf(text, spec, name, 'text');
    failures.push(...read.failures);
    value[name] = read.value;
    echo[name] = echoOf(read.value, spec);
  }
  if (failures.length) throw adsErrors(failures.map(adsMessage));
  return { value: value as Infer<S>, echo };
}
