// Helpers for do-not-reach list tests: hashed identifiers as the docs' normalisation gives them
// (notes §10.3: emails trimmed and lower-cased, phone numbers digits only), and the virtual clock.
import { createHash } from 'node:crypto';
import type { TestServer } from './server.js';

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
export const hashedEmail = (i: number | string) => sha256(`user${i}@example.com`);
export const hashedPhone = (i: number | string) => sha256(`1555000${String(i).padStart(4, '0')}`);

/** Switches the server to virtual time at `iso` (the clock then stands still between calls). */
export async function setClock(s: TestServer, iso: string): Promise<number> {
  const res = await s.admin('POST', '/_aviary/clock', { set: iso });
  if (res.status !== 200) throw new Error(`clock: ${JSON.stringify(res.body)}`);
  return Date.parse(res.body.data.now);
}

export async function advanceClock(s: TestServer, ms: number): Promise<number> {
  const res = await s.admin('POST', '/_aviary/clock', { advance_ms: ms });
  if (res.status !== 200) throw new Error(`clock: ${JSON.stringify(res.body)}`);
  return Date.parse(res.body.data.now);
}
