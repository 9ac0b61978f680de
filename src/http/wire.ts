// Wire facts every responder shares: the JSON content type, and which error dialect a path speaks
// (the real service has four, one per API family).

export const JSON_UTF8 = 'application/json; charset=utf-8';

export type WireFamily = 'v2' | 'v1' | 'oauth2' | 'ads';

export function wireFamily(path: string): WireFamily {
  if (path.startsWith('/2/oauth2/')) return 'oauth2';
  if (path.startsWith('/2/') || path === '/2' || path.startsWith('/_aviary')) return 'v2';
  if (/^\/(12|11|5)(\/|$)/.test(path)) return 'ads';
  if (path.startsWith('/1.1/') || path.startsWith('/oauth/') || path.startsWith('/oauth2/')) return 'v1';
  return 'v2';
}
