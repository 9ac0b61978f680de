// The challenge-response check (notes §2.1): GET <url>?crc_token=…&nonce=…, signed over the raw query
// string (twitter-autohook verifies that header on CRC GETs), answered by
// {"response_token":"sha256=<base64 HMAC-SHA256(consumer secret, crc_token)>"}.
// The outcome follows the seed's table: 2xx with a wrong token, any 3xx or a TLS exception makes a
// webhook invalid at once; 4xx, 5xx, a timeout or a closed connection is transient.
import { randomUUID } from 'node:crypto';
import type { HttpClient } from './http.js';
import { crcResponseToken, sign } from './signature.js';

export type CrcOutcome = { result: 'success' } | { result: 'invalid' | 'transient'; reason: string };

export type CrcInput = { url: string; secret: string; now: number; signatureHeader: string };

function tokens(now: number) {
  return {
    crc_token: Buffer.from(randomUUID()).toString('base64url'),
    nonce: Buffer.from(String(now)).toString('base64url'),
  };
}

/** Reads `response_token` from a reply body, or null when the body is not the expected JSON. */
function responseToken(body: string): string | null {
  try {
    const v = JSON.parse(body) as { response_token?: unknown };
    return typeof v?.response_token === 'string' ? v.response_token : null;
  } catch {
    return null;
  }
}

export async function runCrc(client: HttpClient, c: CrcInput): Promise<CrcOutcome> {
  const url = new URL(c.url);
  const t = tokens(c.now);
  url.searchParams.append('crc_token', t.crc_token);
  url.searchParams.append('nonce', t.nonce);
  const query = url.search.slice(1);
  const res = await client.send({
    method: 'GET',
    url,
    fresh: true,
    headers: { [c.signatureHeader]: sign(c.secret, query), 'user-agent': '' },
  });
  if (res.kind === 'tls') return { result: 'invalid', reason: `TLS/SSL exception: ${res.error}` };
  if (res.kind !== 'response')
    return {
      result: 'transient',
      reason: res.kind === 'timeout' ? `timeout: ${res.error}` : `connection closed: ${res.error}`,
    };
  if (res.status >= 300 && res.status < 400)
    return { result: 'invalid', reason: `the CRC reply has status ${res.status} (redirects are not followed)` };
  if (res.status < 200 || res.status >= 300)
    return { result: 'transient', reason: `the CRC reply has status ${res.status}` };
  const got = responseToken(res.body);
  if (got !== crcResponseToken(c.secret, t.crc_token)) return { result: 'invalid', reason: 'Invalid response_token' };
  return { result: 'success' };
}
