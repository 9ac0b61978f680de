// The Ads API's error codes and their HTTP statuses: the complete table of the real docs
// (ads-api-wire-notes §3.2, from xdevplatform/docs fundamentals/error-codes-and-responses.mdx), and
// the factories resources throw. Messages follow the real ones where they are known (§3.2):
// `Expected a value in A, B, got "x" for p`, `Expected time, got "" for start_time`,
// `Line Item gsmga was not found for Account xxxx`.
import { Problem, problems } from '../../../shared/problems.js';

export const ADS_CODES = {
  DUPLICATE_TWEET: 400,
  EXCLUSIVE_PARAMETERS: 400,
  FEATURE_NOT_AVAILABLE: 400,
  ILLEGAL_CHARACTERS: 400,
  INCLUSIVE_PARAMETERS: 400,
  INVALID_DENOMINATION: 400,
  INVALID_FUNDING_INSTRUMENT: 400,
  INVALID_IMAGE: 400,
  INVALID_MEDIA: 400,
  INVALID_MEDIA_ID: 400,
  INVALID_PARAMETER: 400,
  INVALID_PLACEMENT_TYPE: 400,
  INVALID_TAILORED_AUDIENCE_TYPE: 400,
  INVALID_TARGETING_TYPE: 400,
  INVALID_TIME_WINDOW: 400,
  INVALID_TV_SHOW_LOCATIONS: 400,
  INVALID_TWEET: 400,
  INVALID_USER: 400,
  INVALID_USER_ID: 400,
  MISSING_PARAMETER: 400,
  REQUEST_TOO_COMPLEX: 400,
  SPEND_EXCEEDS_BUDGET: 400,
  TOO_MANY_CAMPAIGNS: 400,
  TOO_MANY_LINE_ITEMS: 400,
  TV_SHOW_OUTSIDE_MARKET: 400,
  TWEET_CANNOT_BE_BLANK: 400,
  UNKNOWN_CARD_TYPE: 400,
  UNKNOWN_CRITERIA_TYPE: 400,
  UNAUTHORIZED_ACCESS: 401,
  ACCOUNT_LOCKED_OUT: 403,
  ACCOUNT_NOT_FOUND: 403,
  ACTION_NOT_ALLOWED: 403,
  CURRENT_USER_SUSPENDED: 403,
  FUNDING_INSTRUMENT_ACCESS_NOT_ALLOWED: 403,
  FUNDING_INSTRUMENT_EXCEEDS_AVAILABLE_CREDIT_LIMIT: 403,
  GENERIC_TWEET_ERROR: 403,
  MALWARE_STATUS: 403,
  READONLY_CLIENT_APPLICATION: 403,
  TWEET_IS_SPAM: 403,
  UNAUTHORIZED_CLIENT_APPLICATION: 403,
  USER_NOT_FOUND: 403,
  ACCOUNT_MEDIA_NOT_FOUND: 404,
  APP_EVENT_PROVIDER_CONFIGURATION_NOT_FOUND: 404,
  APP_EVENT_TAG_NOT_FOUND: 404,
  BEHAVIOR_OR_BEHAVIOR_EXPANDED_NOT_FOUND: 404,
  CAMPAIGN_NOT_FOUND: 404,
  CARD_NOT_FOUND: 404,
  FUNDING_INSTRUMENT_NOT_FOUND: 404,
  INVALID_APP_ID: 404,
  INVALID_APP_STORE: 404,
  INVALID_IAB_CATEGORY: 404,
  INVALID_ID_ILLEGAL_CHARACTERS: 404,
  LINE_ITEM_APP_NOT_FOUND: 404,
  LINE_ITEM_NOT_FOUND: 404,
  MACT_APP_NOT_FOUND: 404,
  MEDIA_CREATIVE_NOT_FOUND: 404,
  MEDIA_NOT_FOUND: 404,
  NO_PROVIDER_AVAILABLE_FOR_THIS_CLIENT_APPLICATION: 404,
  NOT_FOUND: 404,
  PROMOTABLE_USER_NOT_FOUND: 404,
  PROMOTED_ACCOUNT_NOT_FOUND: 404,
  PROMOTED_TWEET_NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  TAILORED_AUDIENCE_CHANGE_FILE_NOT_FOUND: 404,
  TAILORED_AUDIENCE_NOT_FOUND: 404,
  TAILORED_AUDIENCE_OR_TAILORED_AUDIENCE_EXPANDED_NOT_FOUND: 404,
  TARGETING_CRITERION_NOT_FOUND: 404,
  TWEET_NOT_FOUND: 404,
  WEB_EVENT_TAG_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CANCELLED_REQUEST: 408,
  LOCK_ACQUISITION_TIMEOUT: 423,
  TOO_MANY_REQUESTS: 429,
  TWEET_RATE_LIMIT_EXCEEDED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  OVER_CAPACITY: 503,
  // Not in the real table: what Aviary answers for a documented endpoint it does not serve yet.
  NOT_IMPLEMENTED: 501,
} as const;

export type AdsCode = keyof typeof ADS_CODES;
/** One error of an Ads envelope; `parameter` is `""` when no single parameter is at fault (§3.2). */
export type AdsError = { code: AdsCode; message: string; parameter: string };

/** Every error found in one request, under the status of the first. */
export function adsErrors(errors: readonly AdsError[], extra?: Record<string, unknown>): Problem {
  const [first, ...more] = errors;
  const p = problems.blank(ADS_CODES[first!.code], first!.message, { ads: { ...first!, more, extra } });
  return p;
}

export function adsError(code: AdsCode, message: string, parameter = ''): Problem {
  return adsErrors([{ code, message, parameter }]);
}

// ---- the common cases, worded once

/** `Line Item gsmga was not found for Account xxxx` (the real text, §3.2). */
export function notFound(entity: string, id: string, accountId: string | null, parameter: string): Problem {
  const where = accountId ? ` for Account ${accountId}` : '';
  return adsError('NOT_FOUND', `${entity} ${id} was not found${where}`, parameter);
}

/** The documented answer for an account the caller is not associated with (§2). */
export function noAccess(userId: string, accountId: string): Problem {
  return adsError(
    'NOT_FOUND',
    `User ${userId} does not have access to account ${accountId}. Type 'sn ${userId}' to get the handle of the user. ` +
      `Use 'twurl accounts' and 'twurl set default <username>' to change the user you're using.`,
    'account_id',
  );
}

export function invalid(parameter: string, message: string): Problem {
  return adsError('INVALID_PARAMETER', message, parameter);
}

/** Server wording not found (§3.2); this is the SDKs' own client-side wording. */
export function missing(parameter: string): Problem {
  return adsError('MISSING_PARAMETER', `"${parameter}" is a required parameter`, parameter);
}

export function exclusive(a: string, b: string): Problem {
  return adsError('EXCLUSIVE_PARAMETERS', `${a} and ${b} are exclusive parameters`, b);
}

export function notAllowed(parameter: string, message: string): Problem {
  return adsError('INVALID_PARAMETER', message, parameter);
}
