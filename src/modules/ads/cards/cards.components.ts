// The rules of a v12 card's JSON body and what the service derives from it, as pure functions
// (seed 001 "Card components", "Enumerations: card_type (filter)"; notes §9.4):
//   - `name` (required on create, 1–80 characters) and exactly one of `components` (an ordered array)
//     or `slides` (an array of arrays of components: a multi-destination carousel, each slide "a
//     complete representation of a card");
//   - MEDIA needs `media_key`; SWIPEABLE_MEDIA 2–6 `media_keys`; DETAILS `title` and `destination`;
//     BUTTON `label` `{type: ENUM, value: BOOK|CONNECT|INSTALL|OPEN|ORDER|PLAY|SHOP}` and `destination`;
//   - a WEBSITE destination `{type, url}` only in DETAILS; an APP destination only in BUTTON, with an
//     ISO 3166-1 alpha-2 `country_code` and at least one of `googleplay_app_id`,
//     `ios_app_store_identifier`; a deep link only with its app id;
//   - one media-based component plus one DETAILS or BUTTON component.
// Every failure is an Ads error whose `parameter` is the JSON path of the field at fault
// (`components[1].destination.country_code`, `slides[0][1].title`): the notes show no real parameter
// for a field inside the body, so this is Aviary's choice. Messages follow the kit's patterns
// (kit/params.ts: `Expected a value in A, B, got "x" for p`, `"p" is a required parameter`).
// Fields the body carries beyond these (the SDKs send back `media_metadata` and `tco_url` they read)
// are ignored, and the enrichment is derived again.
import type { AdsCode, AdsError } from '../kit/errors.js';

/** The seed's card_type enum (the list filter); the types a v12 card derives to. */
export const CARD_TYPES = [
  'IMAGE_APP',
  'IMAGE_CAROUSEL_APP',
  'IMAGE_CAROUSEL_WEBSITE',
  'IMAGE_MULTI_DEST_CAROUSEL_WEBSITE',
  'IMAGE_WEBSITE',
  'MIXED_MEDIA_MULTI_DEST_CAROUSEL_WEBSITE',
  'MIXED_MEDIA_SINGLE_DEST_CAROUSEL_APP',
  'MIXED_MEDIA_SINGLE_DEST_CAROUSEL_WEBSITE',
  'VIDEO_APP',
  'VIDEO_CAROUSEL_APP',
  'VIDEO_CAROUSEL_WEBSITE',
  'VIDEO_MULTI_DEST_CAROUSEL_WEBSITE',
  'VIDEO_WEBSITE',
] as const;
export type CardType = (typeof CARD_TYPES)[number];

export const COMPONENT_TYPES = ['MEDIA', 'SWIPEABLE_MEDIA', 'DETAILS', 'BUTTON'] as const;
export const LABEL_VALUES = ['BOOK', 'CONNECT', 'INSTALL', 'OPEN', 'ORDER', 'PLAY', 'SHOP'] as const;
export const DESTINATION_TYPES = ['WEBSITE', 'APP'] as const;
export const NAME_MAX = 80; // seed "Limits": card name 80
export const SWIPEABLE = { min: 2, max: 6 }; // seed: SWIPEABLE_MEDIA 2 to 6 items
/** Slides of a multi-destination carousel: as many as a swipeable carousel has items (Aviary's reading). */
export const SLIDES = { min: 2, max: 6 };

// ISO 3166-1 alpha-2: the 249 officially assigned codes (ISO 3166 Maintenance Agency list).
const ISO_COUNTRIES = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ ' +
    'BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM ' +
    'DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS ' +
    'GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN ' +
    'KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ ' +
    'MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM ' +
    'PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV ' +
    'SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI ' +
    'VN VU WF WS YE YT ZA ZM ZW'
  ).split(' '),
);

export type WebsiteDestination = { type: 'WEBSITE'; url: string };
export type AppDestination = {
  type: 'APP';
  country_code: string;
  googleplay_app_id?: string;
  ios_app_store_identifier?: string;
  googleplay_deep_link?: string;
  ios_deep_link?: string;
};
export type Destination = WebsiteDestination | AppDestination;
export type Label = { type: 'ENUM'; value: (typeof LABEL_VALUES)[number] };
export type Component =
  | { type: 'MEDIA'; media_key: string }
  | { type: 'SWIPEABLE_MEDIA'; media_keys: string[] }
  | { type: 'DETAILS'; title: string; destination: Destination }
  | { type: 'BUTTON'; label: Label; destination: Destination };

/** A card body read: the fields given, each checked. */
export type CardInput = { name?: string; components?: Component[]; slides?: Component[][] };

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const shown = (v: unknown) => JSON.stringify(typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v)));

/** Collects the errors of one body, in the order the fields are met. */
class Errors {
  readonly list: AdsError[] = [];
  add(code: AdsCode, parameter: string, message: string) {
    this.list.push({ code, message, parameter });
  }
  missing(path: string) {
    this.add('MISSING_PARAMETER', path, `"${path}" is a required parameter`);
  }
  invalid(path: string, message: string) {
    this.add('INVALID_PARAMETER', path, message);
  }
  notOneOf(path: string, values: readonly string[], got: unknown) {
    this.invalid(path, `Expected a value in ${values.join(', ')}, got ${shown(got)} for ${path}`);
  }
  /** How many errors so far: a reader compares before and after to know whether its part was clean. */
  get count() {
    return this.list.length;
  }
}

/** A required non-empty string field, or undefined after recording why not. */
function readString(e: Errors, o: Obj, key: string, path: string, required = true): string | undefined {
  const v = o[key];
  if (v === undefined || v === null) {
    if (required) e.missing(path);
    return undefined;
  }
  if (typeof v !== 'string' || v.trim() === '') {
    e.invalid(path, `Expected a non-empty String, got ${shown(v)} for ${path}`);
    return undefined;
  }
  return v;
}

function readUrl(e: Errors, o: Obj, path: string): string | undefined {
  const url = readString(e, o, 'url', `${path}.url`);
  if (url === undefined) return undefined;
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    parsed = null;
  }
  if (!parsed || !/^https?:$/.test(parsed.protocol) || !parsed.hostname) {
    e.invalid(`${path}.url`, `Expected an http or https URL, got ${shown(url)} for ${path}.url`);
    return undefined;
  }
  return url;
}

function readApp(e: Errors, d: Obj, path: string): AppDestination | undefined {
  const start = e.count;
  const country = d.country_code;
  if (country === undefined || country === null) e.missing(`${path}.country_code`);
  else if (typeof country !== 'string' || !ISO_COUNTRIES.has(country))
    // Wording as the curated-categories filter's (categories.routes.ts).
    e.invalid(
      `${path}.country_code`,
      `Expected an ISO 3166-1 alpha-2 country code, got ${shown(country)} for ${path}.country_code`,
    );
  const out: AppDestination = { type: 'APP', country_code: country as string };
  for (const key of [
    'googleplay_app_id',
    'ios_app_store_identifier',
    'googleplay_deep_link',
    'ios_deep_link',
  ] as const) {
    const v = readString(e, d, key, `${path}.${key}`, false);
    if (v !== undefined) out[key] = v;
  }
  const has = (k: string) => d[k] !== undefined && d[k] !== null;
  if (!has('googleplay_app_id') && !has('ios_app_store_identifier'))
    // The pattern of the real `At least one user identifier must be provided` (notes §3.2).
    e.invalid(path, `At least one of googleplay_app_id or ios_app_store_identifier must be provided for ${path}`);
  for (const [link, id] of [
    ['googleplay_deep_link', 'googleplay_app_id'],
    ['ios_deep_link', 'ios_app_store_identifier'],
  ] as const)
    if (has(link) && !has(id))
      e.add('INCLUSIVE_PARAMETERS', `${path}.${link}`, `${path}.${link} requires ${path}.${id}`);
  return e.count === start ? out : undefined;
}

/** A destination of a DETAILS or BUTTON component: WEBSITE only in DETAILS, APP only in BUTTON. */
function readDestination(e: Errors, c: Obj, path: string, inside: 'DETAILS' | 'BUTTON'): Destination | undefined {
  const d = c.destination;
  if (d === undefined || d === null) return void e.missing(`${path}.destination`);
  if (!isObject(d))
    return void e.invalid(`${path}.destination`, `Expected an object, got ${shown(d)} for ${path}.destination`);
  const at = `${path}.destination`;
  if (d.type === undefined || d.type === null) return void e.missing(`${at}.type`);
  if (!DESTINATION_TYPES.includes(d.type as never)) return void e.notOneOf(`${at}.type`, DESTINATION_TYPES, d.type);
  if (d.type === 'WEBSITE' && inside !== 'DETAILS')
    return void e.invalid(
      `${at}.type`,
      `A WEBSITE destination is valid only in a DETAILS component, got it in ${inside}`,
    );
  if (d.type === 'APP' && inside !== 'BUTTON')
    return void e.invalid(`${at}.type`, `An APP destination is valid only in a BUTTON component, got it in ${inside}`);
  if (d.type === 'APP') return readApp(e, d, at);
  const url = readUrl(e, d, at);
  return url === undefined ? undefined : { type: 'WEBSITE', url };
}

function readLabel(e: Errors, c: Obj, path: string): Label | undefined {
  const l = c.label;
  const at = `${path}.label`;
  if (l === undefined || l === null) return void e.missing(at);
  if (!isObject(l)) return void e.invalid(at, `Expected an object, got ${shown(l)} for ${at}`);
  const start = e.count;
  if (l.type === undefined || l.type === null) e.missing(`${at}.type`);
  else if (l.type !== 'ENUM') e.notOneOf(`${at}.type`, ['ENUM'], l.type);
  if (l.value === undefined || l.value === null) e.missing(`${at}.value`);
  else if (!LABEL_VALUES.includes(l.value as never)) e.notOneOf(`${at}.value`, LABEL_VALUES, l.value);
  return e.count === start ? { type: 'ENUM', value: l.value as Label['value'] } : undefined;
}

function readMediaKeys(e: Errors, c: Obj, path: string): string[] | undefined {
  const keys = c.media_keys;
  const at = `${path}.media_keys`;
  if (keys === undefined || keys === null) return void e.missing(at);
  if (!Array.isArray(keys)) return void e.invalid(at, `Expected an array, got ${shown(keys)} for ${at}`);
  const start = e.count;
  keys.forEach((k, i) => {
    if (typeof k !== 'string' || k.trim() === '')
      e.invalid(`${at}[${i}]`, `Expected a non-empty String, got ${shown(k)} for ${at}[${i}]`);
  });
  if (keys.length < SWIPEABLE.min) e.invalid(at, `A minimum of ${SWIPEABLE.min} items must be provided for ${at}`);
  if (keys.length > SWIPEABLE.max) e.invalid(at, `A maximum of ${SWIPEABLE.max} items may be provided for ${at}`);
  return e.count === start ? (keys as string[]) : undefined;
}

/** One component, or undefined after recording every fault in it. */
function readComponent(e: Errors, c: unknown, path: string): Component | undefined {
  if (!isObject(c)) return void e.invalid(path, `Expected an object, got ${shown(c)} for ${path}`);
  if (c.type === undefined || c.type === null) return void e.missing(`${path}.type`);
  if (!COMPONENT_TYPES.includes(c.type as never)) return void e.notOneOf(`${path}.type`, COMPONENT_TYPES, c.type);
  const start = e.count;
  let out: Component | undefined;
  switch (c.type as (typeof COMPONENT_TYPES)[number]) {
    case 'MEDIA': {
      const key = readString(e, c, 'media_key', `${path}.media_key`);
      out = key === undefined ? undefined : { type: 'MEDIA', media_key: key };
      break;
    }
    case 'SWIPEABLE_MEDIA': {
      const keys = readMediaKeys(e, c, path);
      out = keys === undefined ? undefined : { type: 'SWIPEABLE_MEDIA', media_keys: keys };
      break;
    }
    case 'DETAILS': {
      const title = readString(e, c, 'title', `${path}.title`);
      const destination = readDestination(e, c, path, 'DETAILS');
      if (title !== undefined && destination) out = { type: 'DETAILS', title, destination };
      break;
    }
    case 'BUTTON': {
      const label = readLabel(e, c, path);
      const destination = readDestination(e, c, path, 'BUTTON');
      if (label && destination) out = { type: 'BUTTON', label, destination };
      break;
    }
  }
  return e.count === start ? out : undefined;
}

const isMedia = (c: Component) => c.type === 'MEDIA' || c.type === 'SWIPEABLE_MEDIA';

/** "A card needs one media-based component plus a DETAILS or BUTTON component" (seed): one of each. */
function checkComposition(e: Errors, list: Component[], path: string, slide: boolean) {
  const media = list.flatMap((c, i) => (isMedia(c) ? [i] : []));
  const targets = list.flatMap((c, i) => (isMedia(c) ? [] : [i]));
  if (media.length === 0)
    e.invalid(path, `A card needs one media-based component (MEDIA or SWIPEABLE_MEDIA) in ${path}`);
  for (const i of media.slice(1))
    e.invalid(`${path}[${i}]`, `A card takes one media-based component; ${path}[${i}] is another`);
  if (targets.length === 0) e.invalid(path, `A card needs a DETAILS or BUTTON component in ${path}`);
  for (const i of targets.slice(1))
    e.invalid(`${path}[${i}]`, `A card takes one DETAILS or BUTTON component; ${path}[${i}] is another`);
  if (!slide) return;
  // A slide is one card of a multi-destination carousel, whose types are all *_MULTI_DEST_CAROUSEL_WEBSITE
  // (seed enum): a single MEDIA and a DETAILS with its WEBSITE destination.
  list.forEach((c, i) => {
    if (c.type === 'SWIPEABLE_MEDIA' || c.type === 'BUTTON')
      e.invalid(
        `${path}[${i}].type`,
        `A slide takes MEDIA and DETAILS components, got ${c.type} for ${path}[${i}].type`,
      );
  });
}

function readComponents(e: Errors, v: unknown, path: string, slide: boolean): Component[] | undefined {
  if (!Array.isArray(v)) return void e.invalid(path, `Expected an array, got ${shown(v)} for ${path}`);
  const start = e.count;
  const out = v.map((c, i) => readComponent(e, c, `${path}[${i}]`));
  if (e.count !== start) return undefined;
  checkComposition(e, out as Component[], path, slide);
  return e.count === start ? (out as Component[]) : undefined;
}

function readSlides(e: Errors, v: unknown): Component[][] | undefined {
  if (!Array.isArray(v)) return void e.invalid('slides', `Expected an array of arrays, got ${shown(v)} for slides`);
  const start = e.count;
  if (v.length < SLIDES.min) e.invalid('slides', `A minimum of ${SLIDES.min} items must be provided for slides`);
  if (v.length > SLIDES.max) e.invalid('slides', `A maximum of ${SLIDES.max} items may be provided for slides`);
  const out = v.map((s, i) => readComponents(e, s, `slides[${i}]`, true));
  return e.count === start ? (out as Component[][]) : undefined;
}

/**
 * Reads a card body: on create `name` and one of `components`/`slides` are required; on update
 * (PUT replaces each field given) every field is optional, but never both of `components`/`slides`.
 */
export function readCardBody(body: unknown, mode: 'create' | 'update'): { value: CardInput; errors: AdsError[] } {
  const e = new Errors();
  const value: CardInput = {};
  if (body !== undefined && !isObject(body)) {
    e.invalid('body', `Expected a JSON object, got ${shown(body)} for body`);
    return { value, errors: e.list };
  }
  const b: Obj = body ?? {};
  if (b.name === undefined || b.name === null) {
    if (mode === 'create') e.missing('name');
  } else if (typeof b.name !== 'string') e.invalid('name', `Expected a String, got ${shown(b.name)} for name`);
  else if (b.name.trim() === '') e.invalid('name', `A minimum length of 1 is required for name, got ${shown(b.name)}`);
  else if ([...b.name].length > NAME_MAX)
    e.invalid('name', `A maximum length of ${NAME_MAX} is allowed for name, got ${shown(b.name)}`);
  else value.name = b.name;

  const given = (k: string) => b[k] !== undefined && b[k] !== null;
  if (given('components') && given('slides'))
    // kit/errors.ts exclusive(): `a and b are exclusive parameters`, naming the second.
    e.add('EXCLUSIVE_PARAMETERS', 'slides', 'components and slides are exclusive parameters');
  else if (given('components')) value.components = readComponents(e, b.components, 'components', false);
  else if (given('slides')) value.slides = readSlides(e, b.slides);
  else if (mode === 'create')
    e.add('MISSING_PARAMETER', 'components', '"components" or "slides" is a required parameter');
  return { value, errors: e.list };
}

// ---- media: what the library says about the keys a card names

export type MediaType = 'IMAGE' | 'VIDEO' | 'GIF';
/** What a card needs of a media library item (media-library's LibraryMedia has these and more). */
export type CardMedia = {
  media_key: string;
  media_type: MediaType;
  media_url: string | null;
  width: number | null;
  height: number | null;
  duration_ms: number | null;
  aspect_ratio: string | null;
};

/** Every media key a card names, with the path of the field that names it. */
export type MediaRef = { key: string; path: string };

function componentLists(input: CardInput): Array<{ list: Component[]; path: string }> {
  if (input.components) return [{ list: input.components, path: 'components' }];
  return (input.slides ?? []).map((list, i) => ({ list, path: `slides[${i}]` }));
}

export function mediaRefs(input: CardInput): MediaRef[] {
  return componentLists(input).flatMap(({ list, path }) =>
    list.flatMap((c, i): MediaRef[] => {
      if (c.type === 'MEDIA') return [{ key: c.media_key, path: `${path}[${i}].media_key` }];
      if (c.type === 'SWIPEABLE_MEDIA')
        return c.media_keys.map((key, k) => ({ key, path: `${path}[${i}].media_keys[${k}]` }));
      return [];
    }),
  );
}

/**
 * Each key must be in the account's media library (MEDIA_NOT_FOUND, 404, in the wording of the real
 * `Line Item gsmga was not found for Account xxxx`), and be an image or a video: MEDIA is "single
 * video or image" (notes §9.4) and the card types know only IMAGE, VIDEO and MIXED_MEDIA (seed), so a
 * GIF is INVALID_MEDIA.
 */
export function mediaErrors(refs: MediaRef[], found: ReadonlyMap<string, CardMedia>, accountId: string): AdsError[] {
  const out: AdsError[] = [];
  for (const r of refs) {
    const m = found.get(r.key);
    if (!m)
      out.push({
        code: 'MEDIA_NOT_FOUND',
        message: `Media ${r.key} was not found for Account ${accountId}`,
        parameter: r.path,
      });
    else if (m.media_type !== 'IMAGE' && m.media_type !== 'VIDEO')
      out.push({
        code: 'INVALID_MEDIA',
        message: `Cards take images and videos, got ${m.media_type} ${r.key} for ${r.path}`,
        parameter: r.path,
      });
  }
  return out;
}

// ---- card_type, derived from the components (seed enum)

type MediaKindOf = (key: string) => MediaType;

/** IMAGE, VIDEO or MIXED_MEDIA for a set of keys. */
function mediaWord(keys: string[], kindOf: MediaKindOf): 'IMAGE' | 'VIDEO' | 'MIXED_MEDIA' {
  const kinds = new Set(keys.map(kindOf));
  if (kinds.size > 1) return 'MIXED_MEDIA';
  return kinds.has('VIDEO') ? 'VIDEO' : 'IMAGE';
}

/**
 * The card type of a checked card: MEDIA + DETAILS → `<IMAGE|VIDEO>_WEBSITE`, MEDIA + BUTTON →
 * `<IMAGE|VIDEO>_APP`; SWIPEABLE_MEDIA → `IMAGE_CAROUSEL_…`, `VIDEO_CAROUSEL_…` or, with both,
 * `MIXED_MEDIA_SINGLE_DEST_CAROUSEL_…`; slides → `<IMAGE|VIDEO|MIXED_MEDIA>_MULTI_DEST_CAROUSEL_WEBSITE`.
 */
export function cardTypeOf(input: CardInput, kindOf: MediaKindOf): CardType {
  if (input.slides) {
    const keys = input.slides.flatMap((s) => s.flatMap((c) => (c.type === 'MEDIA' ? [c.media_key] : [])));
    return `${mediaWord(keys, kindOf)}_MULTI_DEST_CAROUSEL_WEBSITE` as CardType;
  }
  const list = input.components ?? [];
  const media = list.find(isMedia)!;
  const dest = list.find((c) => !isMedia(c))!;
  const where = dest.type === 'DETAILS' ? 'WEBSITE' : 'APP';
  if (media.type === 'MEDIA') return `${kindOf(media.media_key) === 'VIDEO' ? 'VIDEO' : 'IMAGE'}_${where}` as CardType;
  const word = mediaWord(media.media_keys, kindOf);
  return (
    word === 'MIXED_MEDIA' ? `MIXED_MEDIA_SINGLE_DEST_CAROUSEL_${where}` : `${word}_CAROUSEL_${where}`
  ) as CardType;
}

// ---- the components as the API answers them

/**
 * `media_metadata` of MEDIA components as the Python SDK's fixture shows it (notes §9.4:
 * `{"<key>": {type, url, width, height, video_duration, video_aspect_ratio}}`); SWIPEABLE_MEDIA gets
 * the same map with one entry per key (the map is keyed by media key; not shown for carousels).
 */
function metadata(keys: string[], media: ReadonlyMap<string, CardMedia>) {
  const out: Record<string, Record<string, unknown>> = {};
  for (const key of keys) {
    const m = media.get(key);
    if (!m) continue;
    out[key] = {
      type: m.media_type,
      url: m.media_url,
      width: m.width,
      height: m.height,
      ...(m.media_type === 'VIDEO' ? { video_duration: m.duration_ms, video_aspect_ratio: m.aspect_ratio } : {}),
    };
  }
  return out;
}

/** A WEBSITE url as echoed: normalised by the URL parser (lower-case host, a path of at least `/`). */
export function normaliseUrl(url: string): string {
  return new URL(url).href;
}

/**
 * Components as stored and answered: the fields read, MEDIA with `media_metadata`, a DETAILS
 * WEBSITE destination with its normalised url and a `tco_url` (notes §9.4, creatives guide).
 */
export function renderComponents(
  list: Component[],
  media: ReadonlyMap<string, CardMedia>,
  tco: (url: string) => string,
): Record<string, unknown>[] {
  return list.map((c) => {
    switch (c.type) {
      case 'MEDIA':
        return { media_key: c.media_key, media_metadata: metadata([c.media_key], media), type: c.type };
      case 'SWIPEABLE_MEDIA':
        return { media_keys: c.media_keys, media_metadata: metadata(c.media_keys, media), type: c.type };
      case 'DETAILS':
      case 'BUTTON': {
        const d = c.destination;
        const destination =
          d.type === 'WEBSITE'
            ? { url: normaliseUrl(d.url), tco_url: tco(normaliseUrl(d.url)), type: d.type }
            : { ...d };
        return c.type === 'DETAILS'
          ? { title: c.title, destination, type: c.type }
          : { label: c.label, destination, type: c.type };
      }
    }
  });
}
