// The answer of an `error` rule: a Problem built with the catalog's own factories, so a fault reads
// exactly as the same failure does elsewhere in Aviary, and rendered per wire family by
// http/render-error.ts (v2 problem, v1.1 `{errors:[{code,message}]}`, OAuth 2.0 error, Ads envelope).
// Sources: seed 000 Errors (problem types and their fields), data-api-wire-notes.md §9, ads-api-wire-notes.md
// §3.2 (status ↔ code table) and §5 (`retry-after` on 503).
import { Problem, problems, typeUri, type ProblemBody, type Slug } from '../shared/problems.js';
import type { Answer } from './faults.rules.js';

/** ads-api-wire-notes.md §3.2: every Ads error code, by the HTTP status it comes with. */
export const ADS_CODES: Record<number, readonly string[]> = {
  400: [
    'DUPLICATE_TWEET',
    'EXCLUSIVE_PARAMETERS',
    'FEATURE_NOT_AVAILABLE',
    'ILLEGAL_CHARACTERS',
    'INCLUSIVE_PARAMETERS',
    'INVALID_DENOMINATION',
    'INVALID_FUNDING_INSTRUMENT',
    'INVALID_IMAGE',
    'INVALID_MEDIA',
    'INVALID_MEDIA_ID',
    'INVALID_PARAMETER',
    'INVALID_PLACEMENT_TYPE',
    'INVALID_TAILORED_AUDIENCE_TYPE',
    'INVALID_TARGETING_TYPE',
    'INVALID_TIME_WINDOW',
    'INVALID_TV_SHOW_LOCATIONS',
    'INVALID_TWEET',
    'INVALID_USER',
    'INVALID_USER_ID',
    'MISSING_PARAMETER',
    'REQUEST_TOO_COMPLEX',
    'SPEND_EXCEEDS_BUDGET',
    'TOO_MANY_CAMPAIGNS',
    'TOO_MANY_LINE_ITEMS',
    'TV_SHOW_OUTSIDE_MARKET',
    'TWEET_CANNOT_BE_BLANK',
    'UNKNOWN_CARD_TYPE',
    'UNKNOWN_CRITERIA_TYPE',
  ],
  401: ['UNAUTHORIZED_ACCESS'],
  403: [
    'ACCOUNT_LOCKED_OUT',
    'ACCOUNT_NOT_FOUND',
    'ACTION_NOT_ALLOWED',
    'CURRENT_USER_SUSPENDED',
    'FUNDING_INSTRUMENT_ACCESS_NOT_ALLOWED',
    'FUNDING_INSTRUMENT_EXCEEDS_AVAILABLE_CREDIT_LIMIT',
    'GENERIC_TWEET_ERROR',
    'MALWARE_STATUS',
    'READONLY_CLIENT_APPLICATION',
    'TWEET_IS_SPAM',
    'UNAUTHORIZED_CLIENT_APPLICATION',
    'USER_NOT_FOUND',
  ],
  404: [
    'ACCOUNT_MEDIA_NOT_FOUND',
    'APP_EVENT_PROVIDER_CONFIGURATION_NOT_FOUND',
    'APP_EVENT_TAG_NOT_FOUND',
    'BEHAVIOR_OR_BEHAVIOR_EXPANDED_NOT_FOUND',
    'CAMPAIGN_NOT_FOUND',
    'CARD_NOT_FOUND',
    'FUNDING_INSTRUMENT_NOT_FOUND',
    'INVALID_APP_ID',
    'INVALID_APP_STORE',
    'INVALID_IAB_CATEGORY',
    'INVALID_ID_ILLEGAL_CHARACTERS',
    'LINE_ITEM_APP_NOT_FOUND',
    'LINE_ITEM_NOT_FOUND',
    'MACT_APP_NOT_FOUND',
    'MEDIA_CREATIVE_NOT_FOUND',
    'MEDIA_NOT_FOUND',
    'NO_PROVIDER_AVAILABLE_FOR_THIS_CLIENT_APPLICATION',
    'NOT_FOUND',
    'PROMOTABLE_USER_NOT_FOUND',
    'PROMOTED_ACCOUNT_NOT_FOUND',
    'PROMOTED_TWEET_NOT_FOUND',
    'ROUTE_NOT_FOUND',
    'TAILORED_AUDIENCE_CHANGE_FILE_NOT_FOUND',
    'TAILORED_AUDIENCE_NOT_FOUND',
    'TAILORED_AUDIENCE_OR_TAILORED_AUDIENCE_EXPANDED_NOT_FOUND',
    'TARGETING_CRITERION_NOT_FOUND',
    'TWEET_NOT_FOUND',
    'WEB_EVENT_TAG_NOT_FOUND',
  ],
  405: ['METHOD_NOT_ALLOWED'],
  408: ['CANCELLED_REQUEST'],
  423: ['LOCK_ACQUISITION_TIMEOUT'],
  429: ['TOO_MANY_REQUESTS', 'TWEET_RATE_LIMIT_EXCEEDED'],
  500: ['INTERNAL_ERROR'],
  503: ['SERVICE_UNAVAILABLE', 'OVER_CAPACITY'],
};

/** Seconds an Ads 503 asks the client to wait when the rule names none (the SDKs read `retry-after`). */
const DEFAULT_RETRY_AFTER = 30;

type Fields = Record<string, unknown>;
const s = (f: Fields, k: string, dflt: string): string => (typeof f[k] === 'string' ? (f[k] as string) : dflt);

/**
 * Each problem type of the seed's table, made by the catalog's factory with the rule's `fields`
 * (defaults where the type requires a field the rule left out).
 */
const BY_SLUG: Record<Slug, (f: Fields, status: number) => Problem> = {
  'about:blank': (_f, status) => problems.blank(status),
  'client-disconnected': () => problems.clientDisconnected(),
  'client-forbidden': (f) =>
    problems.clientForbidden({
      reason: f.reason === 'official-client-forbidden' ? 'official-client-forbidden' : 'client-not-enrolled',
    }),
  conflict: (f) => problems.conflict(s(f, 'detail', 'A job is already in progress.')),
  'disallowed-resource': (f) =>
    problems.disallowedResource({
      resource_id: s(f, 'resource_id', '0'),
      resource_type: s(f, 'resource_type', 'tweet') as never,
      section: s(f, 'section', 'data') as never,
    }),
  'duplicate-rules': (f) => problems.duplicateRule({ id: s(f, 'id', '0'), value: s(f, 'value', '') }),
  'invalid-request': (f) =>
    problems.invalidRequest({
      message: s(f, 'message', 'One or more parameters to your request was invalid.'),
      parameters: (f.parameters as Record<string, string[]>) ?? {},
    }),
  'invalid-rules': (f) =>
    problems.invalidRules({ value: s(f, 'value', ''), details: (f.details as string[]) ?? ['invalid rule'] }),
  'noncompliant-rules': (f) => problems.noncompliantRules(s(f, 'detail', 'Rule set is not compliant.')),
  'not-authorized-for-field': (f) =>
    problems.notAuthorizedForField({
      field: s(f, 'field', 'id'),
      resource_type: s(f, 'resource_type', 'tweet') as never,
      section: s(f, 'section', 'data') as never,
    }),
  'not-authorized-for-resource': (f) =>
    problems.notAuthorizedForResource({
      parameter: s(f, 'parameter', 'id'),
      value: s(f, 'value', '0'),
      resource_type: s(f, 'resource_type', 'tweet') as never,
      section: s(f, 'section', 'data') as never,
    }),
  'oauth1-permissions': () => problems.oauth1Permissions(),
  'operational-disconnect': (f) => problems.operationalDisconnect(s(f, 'disconnect_type', 'OperationalDisconnect')),
  'resource-not-found': (f) =>
    problems.resourceNotFound({
      parameter: s(f, 'parameter', 'id'),
      value: s(f, 'value', '0'),
      resource_type: s(f, 'resource_type', 'tweet') as never,
    }),
  'resource-unavailable': (f) =>
    problems.resourceUnavailable({
      parameter: s(f, 'parameter', 'id'),
      resource_id: s(f, 'resource_id', '0'),
      resource_type: s(f, 'resource_type', 'tweet') as never,
    }),
  'rule-cap': (f) => problems.ruleCap(s(f, 'detail', 'Rule cap exceeded.')),
  'rule-length': (f) => problems.ruleLength(s(f, 'detail', 'Rule length exceeded.')),
  'streaming-connection': (f) =>
    problems.streamingConnection(
      s(f, 'connection_issue', 'TooManyConnections'),
      s(f, 'detail', 'This stream is currently at the maximum allowed connection limit.'),
    ),
  'unsupported-authentication': (f) =>
    problems.unsupportedAuthentication(
      s(f, 'detail', 'Authenticating with this scheme is forbidden for this endpoint.'),
    ),
  'usage-capped': (f) =>
    problems.usageCapped({
      period: f.period === 'Daily' ? 'Daily' : 'Monthly',
      scope: f.scope === 'Account' ? 'Account' : 'Product',
    }),
};

export const ANSWER_SLUGS = Object.keys(BY_SLUG);

/** The Problem an `error` rule answers with, whatever family the request speaks. */
export function answerProblem(a: Answer): Problem {
  const base = BY_SLUG[(a.problem ?? 'about:blank') as Slug](a.fields ?? {}, a.status);
  const body: ProblemBody = { ...base.body, type: base.body.type ?? typeUri('about:blank') };
  if (a.status >= 400) body.status = a.status;
  else delete body.status;
  if (a.message !== undefined) body.detail = a.message;
  const legacy = { ...base.legacy };
  const message = a.message ?? (body.detail as string | undefined) ?? body.title;
  if (typeof a.code === 'number') legacy.v1 = { code: a.code, message };
  else if (typeof a.code === 'string' && /^[A-Z_]+$/.test(a.code)) legacy.ads = { code: a.code, message };
  else if (typeof a.code === 'string') legacy.oauth2 = { error: a.code, description: message };
  // The legacy response-codes table: 130 "Over capacity" comes with 503 (DOCS-OLD response-codes).
  if (!legacy.v1 && a.status === 503) legacy.v1 = { code: 130, message: 'Over capacity' };
  const headers: Record<string, string> = { ...base.headers };
  // Python's ServiceUnavailable reads `retry-after` (notes §5); sent on every 503 a rule makes.
  if (a.retry_after !== undefined || a.status === 503)
    headers['retry-after'] = String(a.retry_after ?? DEFAULT_RETRY_AFTER);
  return new Problem(a.status, body, legacy, headers);
}
