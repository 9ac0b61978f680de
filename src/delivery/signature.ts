// Webhook signatures (notes §2.1-2.2): `sha256=` + standard padded base64 of HMAC-SHA256 keyed with
// the app's consumer secret. The same signer answers three questions: the CRC reply a receiver must
// give (message = crc_token), the header on a CRC GET (message = raw query string, which autohook
// checks), and the header on a delivery POST (message = the raw body bytes).
import { createHmac, timingSafeEqual } from 'node:crypto';

export function sign(secret: string, message: string | Buffer): string {
  return 'sha256=' + createHmac('sha256', secret).update(message).digest('base64');
}

/** The `response_token` a receiver must answer a CRC with. */
export const crcResponseToken = (secret: string, crcToken: string) => sign(secret, crcToken);

/** Constant-time check of a signature header against a message. */
export function verify(secret: string, message: string | Buffer, header: string | undefined): boolean {
  if (!header) return false;
  const expected = Buffer.from(sign(secret, message));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
