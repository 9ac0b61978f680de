// One renderer per wire family: the same Problem becomes a v2 problem object, a v1.1 error list,
// an OAuth 2.0 error, or an Ads API envelope.
import type { Problem } from '../shared/problems.js';
import { JSON_UTF8, type WireFamily } from './wire.js';

export type Rendered = { status: number; contentType: string; body: unknown };

/** Fallback v1.1 codes by status, from the legacy response-codes table (notes §9.1). */
const V1_BY_STATUS: Record<number, { code: number; message: string }> = {
  400: { code: 215, message: 'Bad Authentication data.' },
  401: { code: 32, message: 'Could not authenticate you.' },
  403: { code: 220, message: 'Your credentials do not allow access to this resource.' },
  404: { code: 34, message: 'Sorry, that page does not exist.' },
  429: { code: 88, message: 'Rate limit exceeded' },
};
const OAUTH2_BY_STATUS: Record<number, string> = {
  400: 'invalid_request',
  401: 'invalid_client',
  403: 'access_denied',
  404: 'invalid_request',
  429: 'temporarily_unavailable',
};
const ADS_BY_STATUS: Record<number, string> = {
  400: 'INVALID_PARAMETER',
  401: 'UNAUTHORIZED_ACCESS',
  403: 'ACTION_NOT_ALLOWED',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'REQUEST_TOO_COMPLEX',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_ERROR',
  503: 'SERVICE_UNAVAILABLE',
};

export function renderProblem(
  p: Problem,
  family: WireFamily,
  adsParams: Record<string, unknown> | unknown[] = {},
): Rendered {
  const status = p.status;
  const message = p.body.detail ?? p.body.title;
  switch (family) {
    case 'v1': {
      if (p.legacy.plain !== undefined)
        return { status, contentType: 'text/plain; charset=utf-8', body: p.legacy.plain };
      const e = p.legacy.v1 ?? V1_BY_STATUS[status] ?? { code: 131, message };
      return { status, contentType: JSON_UTF8, body: { errors: [{ code: e.code, message: e.message }] } };
    }
    case 'oauth2': {
      const e = p.legacy.oauth2 ?? { error: OAUTH2_BY_STATUS[status] ?? 'server_error', description: message };
      return { status, contentType: JSON_UTF8, body: { error: e.error, error_description: e.description } };
    }
    case 'ads': {
      const e = p.legacy.ads ?? { code: ADS_BY_STATUS[status] ?? 'INTERNAL_ERROR', message, parameter: null };
      const item = (x: { code: string; message: string; parameter?: string | null }) => ({
        code: x.code,
        message: x.message,
        ...(x.parameter !== null && x.parameter !== undefined ? { parameter: x.parameter } : {}),
      });
      // A batch echoes its request as an array of operations; everything else as `{params}`.
      const request = Array.isArray(adsParams) ? adsParams : { params: adsParams };
      return {
        status,
        contentType: JSON_UTF8,
        body: { errors: [item(e), ...(e.more ?? []).map(item)], ...e.extra, request },
      };
    }
    default:
      return { status, contentType: 'application/problem+json', body: p.body };
  }
}
