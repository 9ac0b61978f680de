// The one catalog of errors. Handlers throw these; http/errors.ts renders them once per wire family.
// docs/errors.md lists the same slugs (kept in step by src/shared/problems.test.ts).

/** Spec 2.166 and every observed live body use this base; 2.167 moved it to api.x.com. */
export const PROBLEMS_BASE = 'https://api.twitter.com/2/problems/';

export type Slug =
  | 'about:blank'
  | 'client-disconnected'
  | 'client-forbidden'
  | 'conflict'
  | 'disallowed-resource'
  | 'duplicate-rules'
  | 'invalid-request'
  | 'invalid-rules'
  | 'noncompliant-rules'
  | 'not-authorized-for-field'
  | 'not-authorized-for-resource'
  | 'oauth1-permissions'
  | 'operational-disconnect'
  | 'resource-not-found'
  | 'resource-unavailable'
  | 'rule-cap'
  | 'rule-length'
  | 'streaming-connection'
  | 'unsupported-authentication'
  | 'usage-capped';

export const SLUGS: readonly Slug[] = [
  'about:blank',
  'client-disconnected',
  'client-forbidden',
  'conflict',
  'disallowed-resource',
  'duplicate-rules',
  'invalid-request',
  'invalid-rules',
  'noncompliant-rules',
  'not-authorized-for-field',
  'not-authorized-for-resource',
  'oauth1-permissions',
  'operational-disconnect',
  'resource-not-found',
  'resource-unavailable',
  'rule-cap',
  'rule-length',
  'streaming-connection',
  'unsupported-authentication',
  'usage-capped',
];

export type ProblemBody = {
  type: string;
  title: string;
  detail?: string;
  status?: number;
  [extra: string]: unknown;
};

/** How the same failure reads on the older wire families, where it has a known code there. */
export type LegacyForms = {
  v1?: { code: number; message: string };
  oauth2?: { error: string; description: string };
  ads?: {
    code: string;
    message: string;
    parameter?: string | null;
    /** Further errors of the same request (the Ads API reports every one it finds). */
    more?: ReadonlyArray<{ code: string; message: string; parameter?: string | null }>;
    /** Further top-level members of the Ads error body (a batch's `operation_errors`). */
    extra?: Record<string, unknown>;
  };
  /** A plain-text body on the v1.1 / OAuth wire, where the real service answers in text (notes §11.2). */
  plain?: string;
};

export class Problem extends Error {
  constructor(
    readonly status: number,
    readonly body: ProblemBody,
    readonly legacy: LegacyForms = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(body.detail ?? body.title);
    this.name = 'Problem';
  }
}

export function typeUri(slug: Slug): string {
  return slug === 'about:blank' ? slug : PROBLEMS_BASE + slug;
}

function problem(
  status: number,
  slug: Slug,
  title: string,
  detail: string | undefined,
  extra: Record<string, unknown> = {},
  legacy: LegacyForms = {},
): Problem {
  // Key order as the real bodies have it: title, type, status, detail, then the slug's own fields.
  const body: ProblemBody = { title, type: typeUri(slug) };
  if (status >= 400) body.status = status;
  if (detail !== undefined) body.detail = detail;
  Object.assign(body, extra);
  // A problem is an answer, not a fault: its stack is never rendered or logged, and capturing one
  // cost more than the rest of a 100-post lookup whose partial errors are built from problems.
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return new Problem(status, body, legacy);
  } finally {
    Error.stackTraceLimit = limit;
  }
}

export type ParamError = { message: string; parameters: Record<string, string[]> };

/** Echoed values are cut to this many characters: a request body of megabytes never comes back in an error. */
export const ECHO_MAX = 100;

const cut = (s: string) => (s.length > ECHO_MAX ? s.slice(0, ECHO_MAX) + '…' : s);

/**
 * JSON text of `v`, stopped once `max` characters are written: a huge or deeply nested value costs
 * what is shown, not its size, and never recurses deeper than `max` (each level writes a bracket).
 */
function jsonPrefix(v: unknown, max: number): string {
  if (max <= 0) return '';
  if (typeof v === 'string') return JSON.stringify(v.slice(0, max));
  if (v === null || typeof v !== 'object') return String(JSON.stringify(v));
  const items: string[] = [];
  let used = 1;
  const add = (text: string) => {
    items.push(text);
    used += text.length + 1;
  };
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length && used < max; i++) add(jsonPrefix(v[i], max - used));
    return `[${items.join(',')}]`;
  }
  const o = v as Record<string, unknown>;
  for (const k in o) {
    if (used >= max) break;
    const key = JSON.stringify(k.slice(0, max)) + ':';
    add(key + jsonPrefix(o[k], max - used - key.length));
  }
  return `{${items.join(',')}}`;
}

/** A value as an error echoes it: a string as it is, anything else as JSON; at most ECHO_MAX characters. */
export function echo(value: unknown): string {
  return cut(typeof value === 'string' ? value : jsonPrefix(value, ECHO_MAX + 1));
}
export type ResourceType =
  | 'user'
  | 'tweet'
  | 'media'
  | 'list'
  | 'space'
  | 'place'
  | 'poll'
  | 'ads_account'
  | 'community'
  | 'note'
  | 'news'
  | 'article'
  | 'compliance_job'
  | 'bookmark_folder';
export type Section = 'data' | 'includes';

const STATUS_TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export const problems = {
  /** Generic status-only problem, the shape the real service uses for 401/403/404/429. */
  blank(status: number, detail?: string, legacy: LegacyForms = {}): Problem {
    const title = STATUS_TITLES[status] ?? 'Error';
    return problem(status, 'about:blank', title, detail ?? title, {}, legacy);
  },
  unauthorized(legacy: LegacyForms = {}): Problem {
    return problems.blank(401, 'Unauthorized', {
      ads: { code: 'UNAUTHORIZED_ACCESS', message: 'This request is not properly authenticated' },
      ...legacy,
    });
  },
  forbidden(detail = 'You are not permitted to perform this action.', legacy: LegacyForms = {}): Problem {
    return problems.blank(403, detail, legacy);
  },
  routeNotFound(): Problem {
    return problems.blank(404, 'Not Found', {
      v1: { code: 34, message: 'Sorry, that page does not exist' },
      ads: { code: 'ROUTE_NOT_FOUND', message: 'The requested resource could not be found' },
    });
  },
  payloadTooLarge(limit: number): Problem {
    return problems.blank(413, `Request body is larger than ${limit} bytes.`);
  },
  unsupportedMediaType(type: string): Problem {
    return problems.blank(415, `Content-Type ${type || '(none)'} is not supported.`);
  },
  tooManyRequests(): Problem {
    return problems.blank(429, 'Too Many Requests', { v1: { code: 88, message: 'Rate limit exceeded' } });
  },
  /**
   * An overloaded service (search "may return 503 under load", seed 000 Errors). The generic status
   * shape; v1.1 code 130 "Over capacity" (DOCS-OLD response-codes); Ads SERVICE_UNAVAILABLE (notes §3.2).
   */
  serviceUnavailable(): Problem {
    return problems.blank(503, 'Service Unavailable', {
      v1: { code: 130, message: 'Over capacity' },
      ads: { code: 'SERVICE_UNAVAILABLE', message: 'Service Unavailable' },
    });
  },
  internal(requestId: string): Problem {
    const p = problems.blank(500, `Internal error. Quote request id ${requestId} when reporting it.`, {
      v1: { code: 131, message: 'Internal error' },
      oauth2: { error: 'server_error', description: 'Internal error' },
      ads: { code: 'INTERNAL_ERROR', message: 'Internal error' },
    });
    p.body.request_id = requestId;
    return p;
  },

  invalidRequest(errors: ParamError | ParamError[]): Problem {
    const list = (Array.isArray(errors) ? errors : [errors]).map(cutValues);
    const first = list[0];
    const param = first ? Object.keys(first.parameters)[0] : undefined;
    return problem(
      400,
      'invalid-request',
      'Invalid Request',
      'One or more parameters to your request was invalid.',
      { errors: list },
      {
        ads: { code: 'INVALID_PARAMETER', message: first?.message ?? 'Invalid request', parameter: param ?? null },
        oauth2: { error: 'invalid_request', description: first?.message ?? 'Invalid request' },
        v1: { code: 44, message: first?.message ?? 'Invalid request' },
      },
    );
  },
  /** One invalid parameter, the most common case. */
  invalidParam(name: string, value: string | string[], message: string): Problem {
    return problems.invalidRequest({ message, parameters: { [name]: Array.isArray(value) ? value : [value] } });
  },
  malformedJson(): Problem {
    return problems.invalidRequest({ message: 'Request body is not valid JSON.', parameters: { body: [] } });
  },

  resourceNotFound(o: {
    parameter: string;
    value: string;
    resource_type: ResourceType;
    resource_id?: string;
    detail?: string;
  }): Problem {
    const detail = o.detail ?? `Could not find ${o.resource_type} with ${o.parameter}: [${o.value}].`;
    return problem(404, 'resource-not-found', 'Not Found Error', detail, {
      value: o.value,
      resource_type: o.resource_type,
      parameter: o.parameter,
      resource_id: o.resource_id ?? o.value,
    });
  },
  notAuthorizedForResource(o: {
    parameter: string;
    value: string;
    resource_type: ResourceType;
    section: Section;
    resource_id?: string;
    detail?: string;
  }): Problem {
    const detail =
      o.detail ?? `Sorry, you are not authorized to see the ${o.resource_type} with ${o.parameter}: [${o.value}].`;
    return problem(403, 'not-authorized-for-resource', 'Authorization Error', detail, {
      value: o.value,
      resource_type: o.resource_type,
      parameter: o.parameter,
      resource_id: o.resource_id ?? o.value,
      section: o.section,
    });
  },
  notAuthorizedForField(o: { field: string; resource_type: ResourceType; section: Section }): Problem {
    return problem(
      403,
      'not-authorized-for-field',
      'Field Authorization Error',
      `Sorry, you are not authorized to access '${o.field}' on a ${o.resource_type}.`,
      o,
    );
  },
  resourceUnavailable(o: {
    parameter: string;
    resource_id: string;
    resource_type: ResourceType;
    detail?: string;
  }): Problem {
    return problem(
      403,
      'resource-unavailable',
      'Forbidden',
      o.detail ?? `Sorry, this ${o.resource_type} is unavailable.`,
      {
        parameter: o.parameter,
        resource_id: o.resource_id,
        resource_type: o.resource_type,
      },
    );
  },
  disallowedResource(o: {
    resource_id: string;
    resource_type: ResourceType;
    section: Section;
    detail?: string;
  }): Problem {
    return problem(
      403,
      'disallowed-resource',
      'Disallowed Resource Error',
      o.detail ?? 'This resource violates API precepts.',
      {
        resource_id: o.resource_id,
        resource_type: o.resource_type,
        section: o.section,
      },
    );
  },
  clientForbidden(o: {
    reason: 'official-client-forbidden' | 'client-not-enrolled';
    detail?: string;
    client_id?: string;
  }): Problem {
    return problem(
      403,
      'client-forbidden',
      'Client Forbidden',
      o.detail ??
        'This request must be made using an approved developer account that is enrolled in the requested endpoint. Learn more by visiting our documentation.',
      {
        ...(o.client_id ? { client_id: o.client_id } : {}),
        reason: o.reason,
        registration_url: 'https://developer.x.com/en/portal/product',
      },
    );
  },
  /**
   * A user token whose app or grant lacks the permission level the route needs (observed live body,
   * plhery/node-twitter-api-v2#493); `legacy` gives the v1.1 code (93 for direct messages).
   */
  oauth1Permissions(
    detail = 'Your client app is not configured with the appropriate oauth1 app permissions for this endpoint.',
    legacy: LegacyForms = {},
  ): Problem {
    return problem(403, 'oauth1-permissions', 'Forbidden', detail, {}, legacy);
  },
  unsupportedAuthentication(detail: string): Problem {
    return problem(403, 'unsupported-authentication', 'Unsupported Authentication', detail);
  },
  usageCapped(o: { period: 'Daily' | 'Monthly'; scope: 'Account' | 'Product' }): Problem {
    const what = `${o.period} ${o.scope.toLowerCase()} cap`;
    return problem(429, 'usage-capped', 'UsageCapExceeded', `Usage cap exceeded: ${what}`, o);
  },
  conflict(detail: string): Problem {
    return problem(409, 'conflict', 'Conflict', detail);
  },
  duplicateRule(o: { id: string; value: string }): Problem {
    return problem(400, 'duplicate-rules', 'DuplicateRule', undefined, o);
  },
  /**
   * A stream rule that does not parse or validate: OBS title and `details` (array of strings), no `detail` (notes
   * §4.2).
   */
  invalidRules(o: { value: string; details: string[] }): Problem {
    return problem(400, 'invalid-rules', 'UnprocessableEntity', undefined, o);
  },
  /** A stream refused for a rule set beyond the app's current limits (409: the set's state, like no rules). */
  noncompliantRules(detail: string): Problem {
    return problem(409, 'noncompliant-rules', 'Noncompliant Rules', detail);
  },
  ruleCap(detail: string): Problem {
    return problem(400, 'rule-cap', 'RulesCapExceeded', detail);
  },
  /** An over-long stream rule (DOCS-OLD response-codes name the slug; not in SPEC, body not found). */
  ruleLength(detail: string, extra: Record<string, unknown> = {}): Problem {
    return problem(400, 'rule-length', 'RuleLengthExceeded', detail, extra);
  },
  operationalDisconnect(
    disconnect_type: string,
    detail = 'This stream has been disconnected for operational reasons.',
  ): Problem {
    return problem(200, 'operational-disconnect', 'operational-disconnect', detail, { disconnect_type });
  },
  streamingConnection(connection_issue: string, detail: string, status = 429): Problem {
    return problem(status, 'streaming-connection', 'ConnectionException', detail, { connection_issue });
  },
  clientDisconnected(detail = 'Your client has gone away.'): Problem {
    return problem(499, 'client-disconnected', 'Client Disconnected', detail);
  },

  /** A failure known only on the v1.1 / OAuth 1.0a wire (`{errors:[{code,message}]}`). */
  v1(status: number, code: number, message: string, headers: Record<string, string> = {}): Problem {
    const p = problems.blank(status, message, { v1: { code, message } });
    Object.assign(p.headers, headers);
    return p;
  },
  /** OAuth 2.0 token endpoint error (RFC 6749 §5.2). */
  oauth2(status: number, error: string, description: string): Problem {
    return problems.blank(status, description, { oauth2: { error, description } });
  },
  /** Ads API error with its string code and offending parameter. */
  ads(status: number, code: string, message: string, parameter: string | null = null): Problem {
    return problems.blank(status, message, { ads: { code, message, parameter } });
  },
};

/** The error with every echoed parameter value cut to ECHO_MAX characters. */
function cutValues(e: ParamError): ParamError {
  let long = false;
  for (const k in e.parameters) long ||= e.parameters[k]!.some((v) => v.length > ECHO_MAX);
  if (!long) return e;
  const parameters: Record<string, string[]> = {};
  for (const k in e.parameters) parameters[k] = e.parameters[k]!.map(cut);
  return { ...e, parameters };
}

/** A problem as it sits inside `errors[]` of a 200 (partial errors carry no status). */
export function partialError(p: Problem): ProblemBody {
  const { status: _status, ...rest } = p.body;
  return rest;
}
