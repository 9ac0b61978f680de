// The rules of targeting criteria a store can check (ads-api-wire-notes §8.4, from the docs'
// campaign-management "Targeting" page), as plain throwing functions over the new criterion and the
// line item's live criteria counted by type. The docs give the rules but not the server's codes or
// messages: codes are the table's closest (INVALID_TV_SHOW_LOCATIONS, INVALID_TARGETING_TYPE,
// TAILORED_AUDIENCE_NOT_FOUND), messages follow the real patterns of §3.2 where one fits
// (`Expected a value in A, B, got "x" for p`) and are otherwise Aviary's wording.
import { adsError, invalid } from '../kit/errors.js';
import { CRITERION_LOCATION_TYPE, locationByValue } from './locations.data.js';

/** The targeting types of notes §8.4. */
export const TARGETING_TYPES = [
  'AGE',
  'DEVICE',
  'EVENT',
  'CAMPAIGN_ENGAGEMENT',
  'CAMPAIGN_ENGAGEMENT_LOOKALIKE',
  'CONVERSATION',
  'ENGAGEMENT_TYPE',
  'FOLLOWERS_OF_USER',
  'GENDER',
  'INTEREST',
  'LANGUAGE',
  'LIVE_TV_EVENT',
  'LOCATION',
  'NETWORK_ACTIVATION_DURATION',
  'NETWORK_OPERATOR',
  'PLATFORM',
  'PLATFORM_VERSION',
  'SIMILAR_TO_FOLLOWERS_OF_USER',
  'TV_SHOW',
  'USER_ENGAGEMENT',
  'USER_ENGAGEMENT_LOOKALIKE',
  'WIFI_ONLY',
  'BROAD_KEYWORD',
  'EXACT_KEYWORD',
  'PHRASE_KEYWORD',
  'UNORDERED_KEYWORD',
  'CUSTOM_AUDIENCE',
  'CUSTOM_AUDIENCE_EXPANDED',
  'APP_STORE_CATEGORY',
  'APP_STORE_CATEGORY_LOOKALIKE',
  'APP_LIST',
] as const;
export type TargetingType = (typeof TARGETING_TYPES)[number];

export const OPERATOR_TYPES = ['EQ', 'NE', 'GTE', 'LT'] as const;
export type OperatorType = (typeof OPERATOR_TYPES)[number];

export const KEYWORD_TYPES: readonly string[] = [
  'BROAD_KEYWORD',
  'EXACT_KEYWORD',
  'PHRASE_KEYWORD',
  'UNORDERED_KEYWORD',
];

/** Per line item (notes §8.4): "≤100 interests, ≤2,000 locations, ≤1,000 keywords". */
export const LIMITS = { INTEREST: 100, LOCATION: 2000, KEYWORDS: 1000 } as const;

export type NewCriterion = { targeting_type: TargetingType; targeting_value: string; operator_type: OperatorType };
/** The line item's criteria that are not deleted, counted by targeting type. */
export type Counts = Readonly<Record<string, number>>;
/** What a criterion shows besides its input: the resolved `name`, and `location_type` for LOCATION. */
export type Resolved = { name: string; location_type: string | null };

const GENDERS: Record<string, string> = { '1': 'Male', '2': 'Female' };
const ENGAGEMENT_TYPES = ['IMPRESSION', 'ENGAGEMENT'];

const enumMessage = (values: readonly string[], got: string, p: string) =>
  `Expected a value in ${values.join(', ')}, got ${JSON.stringify(got)} for ${p}`;

/** Checks the value alone and resolves the criterion's name. */
export function resolveValue(c: NewCriterion, _accountId: string): Resolved {
  const v = c.targeting_value;
  switch (c.targeting_type) {
    case 'GENDER':
      // "GENDER values `1` male `2` female" (notes §8.4).
      if (!(v in GENDERS)) throw invalid('targeting_value', enumMessage(Object.keys(GENDERS), v, 'targeting_value'));
      return { name: GENDERS[v]!, location_type: null };
    case 'LOCATION': {
      const l = locationByValue(v);
      // Aviary's wording, in the pattern of `Expected time, got "" for start_time` (notes §3.2).
      if (!l)
        throw invalid(
          'targeting_value',
          `Expected a targeting value of GET targeting_criteria/locations, got ${JSON.stringify(v)} for targeting_value`,
        );
      return { name: l.name, location_type: CRITERION_LOCATION_TYPE[l.location_type] };
    }
    case 'ENGAGEMENT_TYPE':
      if (!ENGAGEMENT_TYPES.includes(v))
        throw invalid('targeting_value', enumMessage(ENGAGEMENT_TYPES, v, 'targeting_value'));
      return { name: v, location_type: null };
    case 'CUSTOM_AUDIENCE':
    case 'CUSTOM_AUDIENCE_EXPANDED':
      // The audience (the account's own or shared with it, targetable, notes §8.4) is checked by the
      // service against the store (custom-audiences `audienceForTargeting`), which names the criterion.
      return { name: v, location_type: null };
    default:
      // Keywords are named by their value (notes §8.4); Aviary has no catalog of the other types'
      // display names, so they are named by their value too.
      return { name: v, location_type: null };
  }
}

/** APP_LIST targets only by exclusion (notes §8.4: "APP_LIST (only with NE)"). */
export function checkOperator(c: NewCriterion): void {
  if (c.targeting_type === 'APP_LIST' && c.operator_type !== 'NE')
    throw invalid('operator_type', enumMessage(['NE'], c.operator_type, 'operator_type'));
}

const keywords = (counts: Counts) => KEYWORD_TYPES.reduce((n, t) => n + (counts[t] ?? 0), 0);

/** The rules over the line item's other criteria (notes §8.4). Messages are Aviary's wording. */
export function checkLineItem(c: NewCriterion, counts: Counts): void {
  const t = c.targeting_type;
  const has = (type: string) => (counts[type] ?? 0) > 0;
  if (t === 'AGE' && has('AGE'))
    throw invalid('targeting_type', 'A line item may have only one AGE targeting criterion (one age bucket)');
  if (t === 'INTEREST' && (counts.INTEREST ?? 0) >= LIMITS.INTEREST)
    throw invalid('targeting_type', `A line item may have at most ${LIMITS.INTEREST} INTEREST targeting criteria`);
  if (t === 'LOCATION' && (counts.LOCATION ?? 0) >= LIMITS.LOCATION)
    throw invalid('targeting_type', `A line item may have at most ${LIMITS.LOCATION} LOCATION targeting criteria`);
  if (KEYWORD_TYPES.includes(t) && keywords(counts) >= LIMITS.KEYWORDS)
    throw invalid('targeting_type', `A line item may have at most ${LIMITS.KEYWORDS} keyword targeting criteria`);
  if (t === 'ENGAGEMENT_TYPE' && !has('CAMPAIGN_ENGAGEMENT') && !has('USER_ENGAGEMENT'))
    throw adsError(
      'INVALID_TARGETING_TYPE',
      'ENGAGEMENT_TYPE targeting needs a CAMPAIGN_ENGAGEMENT or USER_ENGAGEMENT targeting criterion on the line item',
      'targeting_type',
    );
  if (t === 'TV_SHOW' && !has('LOCATION'))
    throw adsError(
      'INVALID_TV_SHOW_LOCATIONS',
      'TV_SHOW targeting needs a LOCATION targeting criterion on the line item first',
      'targeting_type',
    );
}

/** Every rule, in the order a caller meets them: the value, the operator, then the line item. */
export function checkCriterion(c: NewCriterion, counts: Counts, accountId: string): Resolved {
  const resolved = resolveValue(c, accountId);
  checkOperator(c);
  checkLineItem(c, counts);
  return resolved;
}
