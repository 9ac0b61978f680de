// Product-set filters, PURE (notes §11, from the docs' catalog reference): `{attribute, operator,
// value}` with attributes `price, product_type, google_product_category, sale_price, inventory,
// custom_label_0..4` and operators `GREATER_THAN, EQUAL_TO, LESS_THAN, MATCH, NOT_CONTAINS, CONTAINS`.
// A FILTERED set holds the products matching every filter, evaluated over the catalog's products
// whenever it is read (issue #19: "so product_ids follow the data").
//   - price and sale_price compare amounts in the filter value's currency (`"100.00 USD"`, the
//     price format); a product in another currency, or without the attribute, does not match;
//   - inventory compares integers;
//   - text attributes: EQUAL_TO is exact, MATCH ignores case, CONTAINS / NOT_CONTAINS are substrings
//     ignoring case (a product without the attribute contains nothing);
//   - LESS_THAN and GREATER_THAN apply to the numeric attributes only; CONTAINS, NOT_CONTAINS and
//     MATCH to the text ones. The pairing is Aviary's reading; the docs name both lists only.
import type { AdsError } from '../kit/errors.js';
import { parsePrice, type ProductData } from '../products/index.js';

export const FILTER_ATTRIBUTES = [
  'price',
  'product_type',
  'google_product_category',
  'sale_price',
  'inventory',
  'custom_label_0',
  'custom_label_1',
  'custom_label_2',
  'custom_label_3',
  'custom_label_4',
] as const;
export const FILTER_OPERATORS = ['GREATER_THAN', 'EQUAL_TO', 'LESS_THAN', 'MATCH', 'NOT_CONTAINS', 'CONTAINS'] as const;
export type Filter = { attribute: string; operator: string; value: string };

const PRICES = new Set(['price', 'sale_price']);
const NUMERIC = new Set(['price', 'sale_price', 'inventory']);
const NUMERIC_OPS = new Set(['GREATER_THAN', 'LESS_THAN', 'EQUAL_TO']);
const TEXT_OPS = new Set(['EQUAL_TO', 'MATCH', 'CONTAINS', 'NOT_CONTAINS']);

const bad = (message: string): AdsError => ({ code: 'INVALID_PARAMETER', message, parameter: 'filters' });

/** The filters read from a JSON body, or every error found (all naming `filters`). */
export function readFilters(input: unknown): { filters: Filter[]; errors: AdsError[] } {
  if (!Array.isArray(input) || input.length === 0)
    return { filters: [], errors: [bad('Expected a non-empty array of {attribute, operator, value} for filters')] };
  const filters: Filter[] = [];
  const errors: AdsError[] = [];
  input.forEach((f, i) => {
    const o = (typeof f === 'object' && f !== null ? f : {}) as Record<string, unknown>;
    const { attribute, operator } = o;
    const value = typeof o.value === 'number' ? String(o.value) : o.value;
    if (!(FILTER_ATTRIBUTES as readonly unknown[]).includes(attribute))
      return errors.push(
        bad(
          `Expected a value in ${FILTER_ATTRIBUTES.join(', ')}, got ${JSON.stringify(attribute)} for filters[${i}].attribute`,
        ),
      );
    if (!(FILTER_OPERATORS as readonly unknown[]).includes(operator))
      return errors.push(
        bad(
          `Expected a value in ${FILTER_OPERATORS.join(', ')}, got ${JSON.stringify(operator)} for filters[${i}].operator`,
        ),
      );
    const a = attribute as string;
    const op = operator as string;
    if (typeof value !== 'string' || value === '')
      return errors.push(bad(`Expected a non-empty string for filters[${i}].value`));
    if (!(NUMERIC.has(a) ? NUMERIC_OPS : TEXT_OPS).has(op))
      return errors.push(bad(`Operator ${op} does not apply to ${a} (filters[${i}])`));
    if (PRICES.has(a) && !parsePrice(value))
      return errors.push(
        bad(`Expected a price such as "100.00 USD" for filters[${i}].value, got ${JSON.stringify(value)}`),
      );
    if (a === 'inventory' && !/^\d+$/.test(value))
      return errors.push(bad(`Expected a whole number for filters[${i}].value, got ${JSON.stringify(value)}`));
    filters.push({ attribute: a, operator: op, value });
    return undefined;
  });
  return { filters, errors };
}

function compare(op: string, a: number, b: number): boolean {
  return op === 'GREATER_THAN' ? a > b : op === 'LESS_THAN' ? a < b : a === b;
}

function matchesOne(p: ProductData, f: Filter): boolean {
  const v = p[f.attribute];
  if (PRICES.has(f.attribute)) {
    const want = parsePrice(f.value)!;
    const got = typeof v === 'string' ? parsePrice(v) : null;
    return got !== null && got.currency === want.currency && compare(f.operator, got.amount, want.amount);
  }
  if (f.attribute === 'inventory') return typeof v === 'number' && compare(f.operator, v, Number(f.value));
  const text = typeof v === 'string' ? v : '';
  const lower = text.toLowerCase();
  const want = f.value.toLowerCase();
  switch (f.operator) {
    case 'EQUAL_TO':
      return v !== null && text === f.value;
    case 'MATCH':
      return v !== null && lower === want;
    case 'CONTAINS':
      return lower.includes(want);
    default:
      return !lower.includes(want);
  }
}

/** Whether a product matches every filter of a set. */
export function matchesAll(p: ProductData, filters: readonly Filter[]): boolean {
  return filters.every((f) => matchesOne(p, f));
}
