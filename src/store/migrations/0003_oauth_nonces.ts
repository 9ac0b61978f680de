// OAuth 1.0a nonce keys now start with their timestamp (RFC 5849 §3.3: unique per timestamp, client
// and token), so rows arrive in key order and expire by key range: the expiry index only cost writes.
export default `
DROP INDEX oauth1_nonces_expiry;
`;
