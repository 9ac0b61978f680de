// The nonce of a verified request, as both nonce stores take it (oauth1.nonces.ts, and
// oauth1.nonces.memory.ts beneath it): its own file, so neither imports the other for a type.

/** A nonce as the RFC binds it (§3.3): unique per timestamp, client credentials and token. */
export type SeenNonce = { timestampS: number; consumerKey: string; token: string | undefined; nonce: string };
