// Parsers for operator values and for keyword text. Each returns the bound value or null when the
// value is not acceptable; the operator table turns null into an error text.
import type { TextPattern } from './ast.js';
import type { Product } from './types.js';
import { fold, normaliseLiteral, tokenize } from './text.js';

/** A keyword, phrase or text value as the matcher will compare it.
 * Search folds accents away on both sides; the stream keeps a rule's accents so an accented term
 * only matches accented text (notes §4.3). A quoted value whose punctuation would be lost to
 * tokenization keeps a `literal` that must occur verbatim ("quote to match punctuation"). */
export function textPattern(
  value: string,
  quoted: boolean,
  product: Product,
  proximity: number | null = null,
): TextPattern {
  const literal = normaliseLiteral(value);
  const raw = tokenize(value.toLowerCase());
  const needsLiteral = raw.length === 0 || (quoted && proximity === null && literal !== raw.join(' '));
  const norm = product === 'search' ? fold : (s: string) => s;
  return {
    tokens: raw.map(norm),
    literal: needsLiteral ? norm(literal) : null,
    proximity,
  };
}

const USERNAME = /^[A-Za-z0-9_]{1,15}$/;
const NUMERIC_ID = /^[0-9]{1,19}$/;

/** `from:`, `to:` … take a username without `@` or a numeric user id (notes §4.3). */
export function userValue(v: string): string | null {
  return USERNAME.test(v) || NUMERIC_ID.test(v) ? v.toLowerCase() : null;
}

export function idValue(v: string): string | null {
  return NUMERIC_ID.test(v) ? v : null;
}

export function intValue(v: string, min: number, max: number): number | null {
  if (!/^[0-9]{1,10}$/.test(v)) return null;
  const n = Number(v);
  return n >= min && n <= max ? n : null;
}

/** `min_likes:10` (a non-negative integer, notes §5). */
export function atLeastValue(v: string): { min: number; max: number } | null {
  const n = intValue(v, 0, 9_999_999_999);
  return n === null ? null : { min: n, max: Infinity };
}

/** `followers_count:500` (≥ 500) or `followers_count:1000..10000` (inclusive range). */
export function rangeValue(v: string): { min: number; max: number } | null {
  const m = /^([0-9]{1,12})(?:\.\.([0-9]{1,12}))?$/.exec(v);
  if (!m) return null;
  const min = Number(m[1]);
  const max = m[2] === undefined ? Infinity : Number(m[2]);
  return min <= max ? { min, max } : null;
}

/** `context:domain.entity`, `context:domain.*`, `context:*.entity`. */
export function contextValue(v: string): { domain: string; entity: string } | null {
  const m = /^([0-9]+|\*)\.([0-9]+|\*)$/.exec(v);
  if (!m || (m[1] === '*' && m[2] === '*')) return null;
  return { domain: m[1]!, entity: m[2]! };
}

const MILES_LIMIT = 25;
const KM_PER_MILE = 1.609344;
const NUMBER = /^-?[0-9]+(\.[0-9]+)?$/;

function coords(parts: string[]): number[] | null {
  return parts.every((p) => NUMBER.test(p)) ? parts.map(Number) : null;
}

/** `point_radius:[lon lat radius]`, radius in mi or km and under 25 miles (notes §4.3). */
export function pointRadiusValue(v: string): { lon: number; lat: number; radiusKm: number } | null {
  const parts = v.trim().split(/\s+/);
  const unit = /^([0-9]+(?:\.[0-9]+)?)(mi|km)$/.exec(parts[2] ?? '');
  const ll = coords(parts.slice(0, 2));
  if (parts.length !== 3 || !unit || !ll) return null;
  const [lon, lat] = ll as [number, number];
  const radiusKm = unit[2] === 'mi' ? Number(unit[1]) * KM_PER_MILE : Number(unit[1]);
  if (!validLonLat(lon, lat) || radiusKm <= 0 || radiusKm >= MILES_LIMIT * KM_PER_MILE) return null;
  return { lon, lat, radiusKm };
}

/** `bounding_box:[west south east north]`, each side under 25 miles (notes §4.3). */
export function boundingBoxValue(v: string): { west: number; south: number; east: number; north: number } | null {
  const parts = v.trim().split(/\s+/);
  const n = parts.length === 4 ? coords(parts) : null;
  if (!n) return null;
  const [west, south, east, north] = n as [number, number, number, number];
  if (!validLonLat(west, south) || !validLonLat(east, north) || west >= east || south >= north) return null;
  const limit = MILES_LIMIT * KM_PER_MILE;
  const width = Math.max(distanceKm(west, south, east, south), distanceKm(west, north, east, north));
  return width < limit && distanceKm(west, south, west, north) < limit ? { west, south, east, north } : null;
}

function validLonLat(lon: number, lat: number): boolean {
  return lon >= -180 && lon <= 180 && lat >= -90 && lat <= 90;
}

/** Great-circle distance (haversine), in km. */
export function distanceKm(lon1: number, lat1: number, lon2: number, lat2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(a)));
}

// Notes §4.3: current DOCS list, DOCS-OLD additions, and `und` for unclassified posts.
const LANGS = new Set(
  (
    'am ar hy eu bn bg ca hr cs da nl en et fi fr de ka el gu iw hi hu in it ja kn ko lv lt ml mr no fa ' +
    'pl pt ro ru sr zh-cn sk sl es sv ta te th zh-tw tr uk ur vi ' +
    'bs my ht hi-latn is km lo dv ne or pa ps sd si ckb tl bo ug cy und'
  ).split(' '),
);

export function langValue(v: string): string | null {
  const code = v.toLowerCase();
  return LANGS.has(code) ? code : null;
}

/** `entity:"Michael Jordan"` compares case- and spacing-insensitively with annotation texts. */
export function normaliseEntity(s: string): string {
  return normaliseLiteral(s);
}
