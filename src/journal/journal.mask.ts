// What the journal never keeps in clear: credentials. The Authorization header, every `oauth_*`
// parameter, client secrets, passwords, PKCE verifiers and tokens of any kind are replaced by MASK in
// query strings, JSON and form bodies and headers. Paging cursors (`next_token`, `pagination_token`)
// and `token_type` are not credentials and stay readable.

export const MASK = '***';
const SECRET = /^oauth_|secret|password|token|^authorization$|^cookie$|code_verifier|^code$/i;
const CURSOR = /^((next|pagination|previous)_token|token_type)$/i;

export const isSecret = (key: string) => SECRET.test(key) && !CURSOR.test(key);

/** A query string or form body with secret values masked (returned as given when it has none). */
export function maskForm(text: string): string {
  if (!/oauth_|secret|password|token|code/i.test(text)) return text;
  const params = new URLSearchParams(text);
  for (const [k] of params) if (isSecret(k)) params.set(k, MASK);
  return params.toString();
}

/** A JSON value with every secret member masked, at any depth (a copy; the input is untouched). */
export function maskValue(v: unknown, depth = 0): unknown {
  if (v === null || typeof v !== 'object' || depth > 32) return v;
  if (Array.isArray(v)) return v.map((x) => maskValue(x, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[k] = isSecret(k) ? MASK : maskValue(x, depth + 1);
  return out;
}

/** A response or request body as text: JSON and form bodies masked, anything else kept as it is. */
export function maskText(text: string): string {
  const t = text.trimStart();
  if (t.startsWith('{') || t.startsWith('[')) {
    try {
      return JSON.stringify(maskValue(JSON.parse(text)));
    } catch {
      return text;
    }
  }
  return /^[^\s=&]+=[^\s]*$/.test(text) ? maskForm(text) : text;
}

/** Request headers worth keeping, the credential ones reduced to their scheme. */
export function maskHeaders(h: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) {
    if (v === undefined) continue;
    const value = Array.isArray(v) ? v.join(', ') : v;
    if (k === 'authorization') out[k] = `${value.split(/\s/, 1)[0]} ${MASK}`;
    else out[k] = isSecret(k) ? MASK : value;
  }
  return out;
}
